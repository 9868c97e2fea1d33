"""Bad input over real HTTP answers 4xx, never 500: a batch item of the wrong type (and the
same batch through MCP and Python), integers beyond SQLite's range on every route that takes
one, control characters in a subject."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.settings import KoreSettings
from tests.serve.live_server import live_server

T0 = "2026-09-01T10:00:00Z"
HUGE = 2**63
BAD_ITEMS = [{"content": 5}, {"content": "x", "session_id": {"a": 1}},
             {"content": "x", "subject": ["Anna"]}, {"content": "x", "importance": "high"},
             {"content": "x", "importance": True}, {"content": "x", "expires_at": 5},
             {"content": "x", "colour": "red"}, {"content": "x", "subject": "An\x1b[2Jna"}]


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    settings = KoreSettings(home=tmp_path_factory.mktemp("bad") / "home",
                            api_rate_limit_per_minute=100_000, api_rate_burst=10_000)
    mem = Memory(settings=settings)
    mem.save("alpha keeps the invoices in the blue folder", "alpha", now=T0)
    key = create_key(mem.conn, ["alpha"])["key"]
    with live_server(create_app(settings, memory=mem)) as url, \
            httpx.Client(base_url=url, timeout=30,
                         headers={"Authorization": f"Bearer {key}"}) as c:
        yield {"client": c, "memory": mem}
    mem.close()


def texts(mem: Memory) -> set[str]:
    return {m["content"] for m in mem.list("alpha", status=None, limit=500)["items"]}


@pytest.mark.slow
@pytest.mark.parametrize("bad", BAD_ITEMS, ids=[str(i) for i in range(len(BAD_ITEMS))])
def test_one_bad_batch_item_is_reported_never_a_500(api: dict[str, Any], bad: Any) -> None:
    good = f"alpha batch fact next to bad item {BAD_ITEMS.index(bad)}"
    r = api["client"].post("/v1/memories/batch", json={"items": [{"content": good}, bad]})
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [x["ok"] for x in results] == [True, False]
    assert results[1]["index"] == 1 and results[1]["error"]
    assert good in texts(api["memory"]) and "x" not in texts(api["memory"])


def test_save_many_reports_wrong_types_per_item(tmp_path: Path) -> None:
    with Memory(settings=KoreSettings(home=tmp_path / "home")) as mem:
        out = mem.save_many([{"content": "first fact"}, *BAD_ITEMS, {"content": "last fact"}],
                            owner="o", now=T0)
        assert [r["ok"] for r in out] == [True] + [False] * len(BAD_ITEMS) + [True]
        assert "content" in out[1]["error"] and "session_id" in out[2]["error"]
        assert "colour" in out[7]["error"] and "control character" in out[8]["error"]
        assert {m["content"] for m in mem.list("o")["items"]} == {"first fact", "last fact"}


def test_mcp_save_batch_reports_wrong_types_per_item(tmp_path: Path) -> None:
    from kore_pipeline.serve.mcp import build_server

    server, svc = build_server(KoreSettings(home=tmp_path / "home"), owner="o")
    try:
        res = anyio.run(server.call_tool, "memory_save_batch",
                        {"items": [{"content": "first fact"}, *BAD_ITEMS[:3]]})
        batch = res.structured_content
        assert [r["ok"] for r in batch["results"]] == [True, False, False, False]
        assert (batch["saved"], batch["refused"]) == (1, 3)
    finally:
        svc.close()


@pytest.mark.slow
@pytest.mark.parametrize("method,path,body", [
    ("GET", f"/v1/memories/{HUGE}", None),
    ("GET", f"/v1/memories/{-HUGE - 1}", None),
    ("PATCH", f"/v1/memories/{HUGE}", {"importance": 3}),
    ("DELETE", f"/v1/memories/{HUGE}", None),
    ("POST", f"/v1/memories/{HUGE}/restore", None),
    ("GET", f"/v1/memories?offset={HUGE}", None),
    ("GET", f"/v1/timeline?offset={2**64}", None),
    ("GET", f"/ui/memories/{HUGE}", None),
    ("GET", f"/ui/memories?offset={HUGE}", None),
    ("POST", f"/ui/memories/{HUGE}/delete", None),
    ("POST", f"/ui/memories/{HUGE}/restore", None),
])
def test_integers_beyond_sqlite_are_422(api: dict[str, Any], method: str, path: str,
                                        body: Any) -> None:
    r = api["client"].request(method, path, json=body)
    assert r.status_code == 422, (r.status_code, r.text[:300])
    assert "9223372036854775807" in r.text


@pytest.mark.slow
def test_ui_edit_with_a_huge_id_is_422(api: dict[str, Any]) -> None:
    r = api["client"].post(f"/ui/memories/{HUGE}/edit",
                           data={"content": "x", "importance": "3", "category": "note"})
    assert r.status_code == 422 and "9223372036854775807" in r.text


@pytest.mark.slow
def test_ui_list_actions_and_new_memory_refuse_bad_input(api: dict[str, Any]) -> None:
    c, mem = api["client"], api["memory"]
    r = c.post("/ui/memories/bulk", data={"action": "delete", "ids": [str(HUGE)]})
    assert r.status_code == 422 and "9223372036854775807" in r.text
    r = c.post("/ui/memories/bulk", data={"action": "delete", "ids": [str(i) for i in
                                                                       range(1, 503)]})
    assert r.status_code == 422  # at most 500 at once
    r = c.post("/ui/memories/bulk", data={"action": "drop", "ids": ["1"]})
    assert r.status_code == 404
    before = mem.list("alpha")["total"]
    for bad in ({"content": "a fact", "subject": "An\x1b[31mna"},
                {"content": "a fact", "importance": "9"},
                {"content": "a fact", "importance": "x"},
                {"content": "a fact", "type": "rumour"}, {"content": "   "}):
        r = c.post("/ui/memories/new", data=bad)
        assert r.status_code == 400 and "Not saved" in r.text, (bad, r.status_code)
    assert mem.list("alpha")["total"] == before

@pytest.mark.slow
@pytest.mark.parametrize("subject", ["An\x1b[31mna", "Anna\r\nX-Evil: 1", "An\x00na",
                                     "An\u202ena"])
def test_control_characters_in_a_subject_are_422(api: dict[str, Any], subject: str) -> None:
    r = api["client"].post("/v1/memories", json={"content": "a fact", "subject": subject})
    assert r.status_code == 422 and "control character" in r.text
    assert api["client"].post("/v1/memories", json={"content": "Zoë's fact",
                                                    "subject": "Zoë 👩‍💻"}).status_code == 201
