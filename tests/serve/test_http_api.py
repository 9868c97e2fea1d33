"""``kore api`` over real HTTP: uvicorn on a loopback port, httpx as the client, keyword
search only (no model load; the semantic path is in test_http_api_model.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import create_key, revoke_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.settings import KoreSettings
from tests.serve.live_server import live_server

T0, T1 = "2026-09-01T10:00:00Z", "2026-09-02T10:00:00Z"
OWNERS = ("alpha", "beta", "gamma")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One server over a store with three owners and four keys (one of them admin)."""
    home = tmp_path_factory.mktemp("api") / "home"
    settings = KoreSettings(home=home, api_rate_limit_per_minute=100_000, api_rate_burst=10_000,
                            api_max_body_bytes=64_000, api_max_batch=20)
    mem = Memory(settings=settings)
    ids: dict[str, list[int]] = {}
    for owner in OWNERS:
        ids[owner] = [mem.save(f"{owner} team prefers {drink} at the standup", owner,
                               subject="team", category="preference", now=T0)["memory_id"]
                      for drink in ("espresso", "green tea", "cold brew")]
    keys = {
        "alpha": create_key(mem.conn, ["alpha"])["key"],
        "alpha+beta": create_key(mem.conn, ["alpha", "beta"])["key"],
        "gamma": create_key(mem.conn, ["gamma"])["key"],
        "admin": create_key(mem.conn, [], admin=True)["key"],
    }
    scope = {"alpha": {"alpha"}, "alpha+beta": {"alpha", "beta"}, "gamma": {"gamma"},
             "admin": set(OWNERS)}
    with live_server(create_app(settings, memory=mem)) as url:
        yield {"url": url, "keys": keys, "scope": scope, "ids": ids, "memory": mem,
               "settings": settings}
    mem.close()


def client(server: dict[str, Any], key: str | None = "alpha") -> httpx.Client:
    headers = {"Authorization": f"Bearer {server['keys'][key]}"} if key else {}
    return httpx.Client(base_url=server["url"], headers=headers, timeout=30)


def test_no_or_bad_key_is_401(server) -> None:  # type: ignore[no-untyped-def]
    with client(server, None) as c:
        assert c.get("/v1/health").status_code == 200
        for headers in ({}, {"Authorization": "Bearer kore_nope"}, {"X-API-Key": "x"}):
            r = c.post("/v1/search", json={"query": "tea"}, headers=headers)
            assert r.status_code == 401 and "API key" in r.json()["detail"]
            assert r.headers["www-authenticate"] == "Bearer"


def test_openapi_lists_every_operation(server) -> None:  # type: ignore[no-untyped-def]
    with client(server, None) as c:
        assert c.get("/docs").status_code == 200
        paths = c.get("/openapi.json").json()["paths"]
    assert {"/v1/search", "/v1/context", "/v1/inject", "/v1/memories", "/v1/memories/batch",
            "/v1/memories/{memory_id}", "/v1/memories/{memory_id}/restore", "/v1/timeline",
            "/v1/stats", "/v1/export"} <= set(paths)
    assert set(paths["/v1/memories/{memory_id}"]) == {"get", "patch", "delete"}


def test_search_context_inject(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:
        r = c.post("/v1/search", json={"query": "green tea", "mode": "fts", "explain": True,
                                       "now": T1, "reinforce": False})
        assert r.status_code == 200
        hits = r.json()["hits"]
        assert hits[0]["content"] == "alpha team prefers green tea at the standup"
        assert {h["owner"] for h in hits} == {"alpha"}
        assert hits[0]["explain"]["keyword_rank"] == 1
        assert hits[0]["explain"]["fused_score"] == hits[0]["score"]
        ctx = c.post("/v1/context", json={"query": "green tea", "now": T1, "max_tokens": 200,
                                          "reinforce": False}).json()
        assert "green tea" in ctx["context"] and "beta" not in ctx["context"]
        req = {"model": "gpt-4o", "messages": [{"role": "user", "content": "any green tea?"}]}
        out = c.post("/v1/inject", json={"request": req, "now": T1, "reinforce": False}).json()
        assert out["messages"][0]["role"] == "system"
        assert "green tea" in out["messages"][0]["content"]
        assert out["messages"][1] == req["messages"][0]


def test_save_get_update_delete_restore_cycle(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:
        r = c.post("/v1/memories", json={"content": "alpha ships the API on Friday",
                                         "category": "decision", "importance": 4, "now": T0})
        assert r.status_code == 201 and r.json()["action"] == "inserted"
        mid = r.json()["memory_id"]
        got = c.get(f"/v1/memories/{mid}").json()
        assert got["owner"] == "alpha" and got["importance"] == 4
        assert got["sources"][0]["kind"] == "agent"
        r = c.patch(f"/v1/memories/{mid}", json={"content": "alpha ships the API on Monday",
                                                 "now": T1})
        assert r.json()["changed"] == ["content"]
        search = {"query": "ships API Monday", "mode": "fts", "now": T1, "reinforce": False}
        assert c.post("/v1/search", json=search).json()["hits"][0]["memory_id"] == mid
        assert c.delete(f"/v1/memories/{mid}", params={"now": T1}).json()["status"] == "deleted"
        assert mid not in [h["memory_id"] for h in c.post("/v1/search", json=search).json()
                           ["hits"]]
        assert c.post(f"/v1/memories/{mid}/restore").json()["previous_status"] == "deleted"
        actions = [e["action"] for e in c.get(f"/v1/memories/{mid}").json()["history"]]
        assert actions == ["created", "saved", "updated", "deleted", "restored"]
        assert c.get("/v1/memories/999999").status_code == 404


def test_batch_save_keeps_going(server) -> None:  # type: ignore[no-untyped-def]
    with client(server, "alpha+beta") as c:
        r = c.post("/v1/memories/batch", json={"owner": "beta", "now": T0, "items": [
            {"content": "beta books the offsite in Lisbon"}, {"content": ""},
            {"content": "gamma secret", "owner": "gamma"},
            {"content": "alpha likes the Lisbon plan", "owner": "alpha"}]})
        assert r.status_code == 200
        body = r.json()
        assert [x["ok"] for x in body["results"]] == [True, False, False, True]
        assert "gamma" in body["results"][2]["error"]
        assert (body["saved"], body["refused"]) == (2, 2)
        too_many = {"owner": "beta", "items": [{"content": f"n{i}"} for i in range(21)]}
        assert c.post("/v1/memories/batch", json=too_many).status_code == 413
    with client(server, "gamma") as c:
        assert c.get("/v1/memories", params={"text": "gamma secret"}).json()["total"] == 0


def test_list_timeline_stats_export(server) -> None:  # type: ignore[no-untyped-def]
    with client(server, "gamma") as c:
        page = c.get("/v1/memories", params={"limit": 2, "category": "preference"}).json()
        assert page["total"] == 3 and len(page["items"]) == 2 and page["next_offset"] == 2
        rest = c.get("/v1/memories", params={"limit": 2, "offset": 2,
                                             "category": "preference"}).json()
        assert rest["next_offset"] is None and len(rest["items"]) == 1
        tl = c.get("/v1/timeline", params={"until": "2026-09-01T23:00:00Z"}).json()
        assert [i["memory_id"] for i in tl["items"]] == server["ids"]["gamma"]
        stats = c.get("/v1/stats").json()
        assert stats["owner"] == "gamma" and stats["active_by_category"]["preference"] == 3
        r = c.get("/v1/export")
        lines = [json.loads(x) for x in r.text.splitlines()]
        assert r.headers["content-type"].startswith("application/x-ndjson")
        assert lines[0]["kind"] == "kore-export" and lines[0]["owner"] == "gamma"
        assert {x["owner"] for x in lines} == {"gamma"}
    with client(server, "admin") as c:
        assert set(c.get("/v1/stats").json()["owners"]) >= set(OWNERS)
        assert c.get("/v1/memories", params={"limit": 500}).json()["total"] >= 9


@pytest.mark.parametrize(("method", "path", "body", "field"), [
    ("post", "/v1/search", {"query": "x", "k": 0}, "k"),
    ("post", "/v1/search", {"query": "x", "mode": "magic"}, "mode"),
    ("post", "/v1/search", {"query": ""}, "query"),
    ("post", "/v1/search", {"query": "x", "colour": "red"}, "colour"),
    ("post", "/v1/memories", {"content": "x", "importance": 7}, "importance"),
    ("post", "/v1/context", {"query": "x", "max_tokens": 10}, "max_tokens"),
    ("get", "/v1/memories?limit=0", None, "limit"),
    ("get", "/v1/memories/abc", None, "memory_id"),
])
def test_validation_errors_name_the_field(server, method, path, body,  # type: ignore[no-untyped-def]
                                          field) -> None:
    with client(server) as c:
        r = c.request(method.upper(), path, json=body)
    assert r.status_code == 422
    assert field in {str(part) for err in r.json()["detail"] for part in err["loc"]}


def test_refusals_are_clear_4xx(server) -> None:  # type: ignore[no-untyped-def]
    with client(server) as c:
        r = c.post("/v1/search", json={"query": "x", "since": "not a time", "mode": "fts"})
        assert r.status_code == 400 and "time" in r.json()["detail"]
        r = c.post("/v1/memories", json={"content": "x", "category": "two words"})
        assert r.status_code == 400 and "category" in r.json()["detail"]
        r = c.post("/v1/search", json={"query": "x", "owner": "beta"})
        assert r.status_code == 403 and "beta" in r.json()["detail"]
        mid = server["ids"]["alpha"][0]
        assert c.patch(f"/v1/memories/{mid}", json={}).status_code == 400
        big = {"content": "x" * 70_000}
        assert c.post("/v1/memories", json=big).status_code == 413
    with client(server, "alpha+beta") as c:
        r = c.post("/v1/search", json={"query": "tea"})
        assert r.status_code == 400 and "name an owner" in r.json()["detail"]


def test_revoked_key_gets_401(server) -> None:  # type: ignore[no-untyped-def]
    mem = server["memory"]
    with mem.lock:
        made = create_key(mem.conn, ["alpha"])
    headers = {"Authorization": f"Bearer {made['key']}"}
    with httpx.Client(base_url=server["url"], headers=headers) as c:
        assert c.get("/v1/stats").status_code == 200
        with mem.lock:
            assert revoke_key(mem.conn, made["id"])
        assert c.get("/v1/stats").status_code == 401


def test_rate_limit_per_key(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "home", api_rate_limit_per_minute=60,
                            api_rate_burst=3)
    mem = Memory(settings=settings)
    one, two = (create_key(mem.conn, [o])["key"] for o in ("a", "b"))
    with live_server(create_app(settings, memory=mem)) as url:
        with httpx.Client(base_url=url, headers={"X-API-Key": one}) as c:
            codes = [c.get("/v1/stats").status_code for _ in range(5)]
            assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
            r = c.get("/v1/stats")
            assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        with httpx.Client(base_url=url, headers={"X-API-Key": two}) as c:
            assert c.get("/v1/stats").status_code == 200  # another key has its own bucket
    mem.close()


# ----------------------------------------------------------------- owner isolation


def _snapshot(mem: Memory) -> dict[int, tuple[Any, ...]]:
    with mem.lock:
        return {r[0]: tuple(r[1:]) for r in mem.conn.execute(
            "SELECT id, owner, content, status, importance, category FROM memories")}


def _owners_in(payload: Any) -> set[str]:
    """Every value of an "owner" field anywhere in a JSON response."""
    found: set[str] = set()
    if isinstance(payload, dict):
        for k, v in payload.items():
            if k == "owner" and isinstance(v, str):
                found.add(v)
            else:
                found |= _owners_in(v)
    elif isinstance(payload, list):
        for v in payload:
            found |= _owners_in(v)
    return found


OPS = ("search", "get", "update", "delete", "restore", "list", "timeline", "stats", "export",
       "save", "context")


@hsettings(max_examples=80, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["alpha", "alpha+beta", "gamma"]), op=st.sampled_from(OPS),
       target=st.sampled_from(OWNERS), named=st.sampled_from([None, *OWNERS]),
       pick=st.integers(0, 2))
def test_no_key_reads_or_changes_another_owners_memory(server, key, op, target,  # type: ignore[no-untyped-def]
                                                        named, pick) -> None:
    scope: set[str] = server["scope"][key]
    mid = server["ids"][target][pick]
    before = _snapshot(server["memory"])
    params = {"owner": named} if named else {}
    with client(server, key) as c:
        if op == "search":
            r = c.post("/v1/search", json={"query": f"{target} team prefers", "mode": "fts",
                                           "owner": named, "reinforce": False})
        elif op == "context":
            r = c.post("/v1/context", json={"query": f"{target} prefers", "owner": named,
                                            "reinforce": False})
        elif op == "get":
            r = c.get(f"/v1/memories/{mid}", params=params)
        elif op == "update":
            r = c.patch(f"/v1/memories/{mid}", params=params, json={"importance": 5})
        elif op == "delete":
            r = c.delete(f"/v1/memories/{mid}", params=params)
        elif op == "restore":
            r = c.post(f"/v1/memories/{mid}/restore", params=params)
        elif op == "save":
            r = c.post("/v1/memories", json={"content": f"{target} team prefers espresso,"
                                             f" says key {key} for {named}", "owner": named,
                                             "subject": "team", "category": "preference"})
        elif op == "list":
            r = c.get("/v1/memories", params={**params, "status": "any", "limit": 500})
        elif op == "timeline":
            r = c.get("/v1/timeline", params={**params, "limit": 500})
        elif op == "stats":
            r = c.get("/v1/stats", params=params)
        else:
            r = c.get("/v1/export", params=params)
    assert r.status_code < 500, r.text
    if named is not None and named not in scope:
        assert r.status_code == 403
    if r.status_code < 300:
        body = [json.loads(x) for x in r.text.splitlines()] if op == "export" else r.json()
        assert _owners_in(body) <= scope, (key, op, body)
        if op == "context":  # the block echoes the query; no other owner's text is in it
            foreign = [v[1] for v in before.values() if v[0] not in scope]
            assert not any(text in body["context"] for text in foreign)
    if op in ("get", "update", "delete", "restore") and target not in scope:
        assert r.status_code in (403, 404)
    after = _snapshot(server["memory"])
    changed = {i for i in after if before.get(i) != after[i]}
    assert all(after[i][0] in scope for i in changed), (key, op, changed)
    # undo what an allowed call changed, so every example starts from the same store
    mem = server["memory"]
    if op == "delete" and target in scope and r.status_code == 200:
        mem.restore(mid)
