"""Signing in to /ui over real HTTP, tried as an attacker: the cookie is a random, expiring
session id (never the key), sign-out ends it, another site's form cannot change a memory, and
/v1 answers only to a key sent in a header."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import create_key, revoke_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.settings import KoreSettings
from tests.serve.live_server import live_server

pytestmark = pytest.mark.slow
T0 = "2026-09-01T10:00:00Z"
EVIL = "http://127.0.0.1:18800"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    home = tmp_path_factory.mktemp("sessions") / "home"
    settings = KoreSettings(home=home, api_rate_limit_per_minute=100_000,
                            api_rate_burst=10_000)
    mem = Memory(settings=settings)
    ids = [mem.save(f"alpha keeps the {x} in the blue folder", "alpha", now=T0)["memory_id"]
           for x in ("invoices", "contracts", "receipts", "payslips")]
    keys = {"alpha": create_key(mem.conn, ["alpha"])["key"],
            "admin": create_key(mem.conn, [], admin=True)["key"]}
    with live_server(create_app(settings, memory=mem)) as url:
        yield {"url": url, "keys": keys, "ids": ids, "memory": mem}
    mem.close()


@contextmanager
def sign_in(site: dict[str, Any], who: str = "alpha") -> Iterator[httpx.Client]:
    """A browser-like client signed in to /ui (its cookie jar holds what the server set)."""
    with httpx.Client(base_url=site["url"], timeout=30) as c:
        r = c.post("/ui/login", data={"key": site["keys"][who]})
        assert r.status_code == 303 and r.headers["location"] == "/ui/memories"
        yield c


def status(site: dict[str, Any], mid: int) -> str:
    return str(site["memory"].get(mid)["status"])


def test_the_cookie_is_a_random_session_never_the_key(site: dict[str, Any],
                                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    key = site["keys"]["alpha"]
    with sign_in(site) as c, sign_in(site) as d:
        cookie = c.cookies.jar
        (only,) = list(cookie)
        assert only.value != key and key not in only.value and len(only.value) >= 32
        assert only.value != next(iter(d.cookies.jar)).value  # a new id per sign-in
        with httpx.Client(base_url=site["url"]) as raw:
            header = raw.post("/ui/login", data={"key": key}).headers["set-cookie"]
        assert key not in header
        assert "httponly" in header.lower() and "samesite=strict" in header.lower()
        assert c.get("/ui/memories").status_code == 200
    server_log = "\n".join(r.getMessage() for r in caplog.records  # the client's are not
                            if not r.name.startswith(("httpx", "httpcore")))
    assert key not in server_log and only.value not in server_log


def test_sign_out_ends_the_session_on_the_server(site: dict[str, Any]) -> None:
    with sign_in(site) as c:
        stolen = dict(c.cookies)
        page = c.get("/ui/memories").text
        token = re.search(r"name=csrf_token value='([^']+)'", page)
        assert token, "the page carries a sign-out form with its token"
        r = c.post("/ui/logout", data={"csrf_token": token.group(1)})
        assert r.status_code == 303 and r.headers["location"] == "/ui/login"
    with httpx.Client(base_url=site["url"], cookies=stolen) as replay:
        r = replay.get("/ui/memories")
        assert r.status_code == 303 and r.headers["location"] == "/ui/login"


def test_a_session_expires_and_a_revoked_key_ends_it(tmp_path: Any) -> None:
    settings = KoreSettings(home=tmp_path / "home", api_session_seconds=1)
    with Memory(settings=settings) as mem:
        keys = {"alpha": create_key(mem.conn, ["alpha"])["key"]}
        with live_server(create_app(settings, memory=mem)) as url:
            site = {"url": url, "keys": keys}
            with sign_in(site) as c:
                assert c.get("/ui/memories").status_code == 200
                time.sleep(1.5)
                assert c.get("/ui/memories").headers.get("location") == "/ui/login"
            with sign_in(site) as c:
                revoke_key(mem.conn, 1)
                assert c.get("/ui/memories").headers.get("location") == "/ui/login"


def test_another_sites_form_cannot_delete(site: dict[str, Any]) -> None:
    """What a page on another port of the same host can make a signed-in browser send: the
    session cookie (same site: ports do not count), its own Origin, no token."""
    mid = site["ids"][0]
    with sign_in(site) as c:
        r = c.post(f"/ui/memories/{mid}/delete", headers={"Origin": EVIL})
        assert r.status_code == 403 and status(site, mid) == "active"
        r = c.post(f"/ui/memories/{mid}/edit", headers={"Origin": EVIL},
                   data={"content": "pwned", "importance": "1", "category": "note"})
        assert r.status_code == 403 and "pwned" not in site["memory"].get(mid)["content"]
        r = c.post(f"/ui/memories/{mid}/delete")  # no Origin, no token: still refused
        assert r.status_code == 403 and status(site, mid) == "active"
        r = c.post(f"/ui/memories/{mid}/delete", data={"csrf_token": "guessed"})
        assert r.status_code == 403 and status(site, mid) == "active"
        before = site["memory"].list("alpha")["total"]
        for headers, token in (({"Origin": EVIL}, None), ({}, None), ({}, "guessed")):
            form = {"csrf_token": token} if token else {}
            r = c.post("/ui/memories/bulk", headers=headers,
                       data={**form, "action": "delete", "ids": [str(mid)]})
            assert r.status_code == 403 and status(site, mid) == "active"
            r = c.post("/ui/memories/bulk", headers=headers,
                       data={**form, "action": "export", "ids": [str(mid)]})
            assert r.status_code == 403 and "blue folder" not in r.text
            r = c.post("/ui/memories/new", headers=headers,
                       data={**form, "content": "planted", "owner": "alpha"})
            assert r.status_code == 403
        assert site["memory"].list("alpha")["total"] == before


def test_the_own_form_with_its_token_works(site: dict[str, Any]) -> None:
    mid = site["ids"][1]
    with sign_in(site) as c:
        page = c.get(f"/ui/memories/{mid}").text
        token = re.search(r"action='/ui/memories/\d+/delete'.*?name=csrf_token value='([^']+)'",
                          page)
        assert token
        r = c.post(f"/ui/memories/{mid}/delete", data={"csrf_token": token.group(1)},
                   headers={"Origin": site["url"]})
        assert r.status_code == 303 and status(site, mid) == "deleted"
        r = c.post(f"/ui/memories/{mid}/restore", data={"csrf_token": token.group(1)})
        assert r.status_code == 303 and status(site, mid) == "active"


def test_v1_takes_only_a_key_in_a_header(site: dict[str, Any]) -> None:
    mid = site["ids"][2]
    with sign_in(site) as c:
        assert c.delete(f"/v1/memories/{mid}").status_code == 401
        assert c.post("/v1/memories", json={"content": "planted"}).status_code == 401
        assert status(site, mid) == "active"
    with httpx.Client(base_url=site["url"], cookies={"kore_key": site["keys"]["alpha"]}) as c:
        assert c.get(f"/v1/memories/{mid}").status_code == 401  # the old cookie: no more
        assert c.get("/ui/memories").status_code == 303
    bearer = {"Authorization": f"Bearer {site['keys']['alpha']}"}
    with httpx.Client(base_url=site["url"], headers=bearer) as c:
        assert c.get(f"/v1/memories/{mid}").status_code == 200
        evil = c.delete(f"/v1/memories/{mid}", headers={"Origin": EVIL})
        assert evil.status_code == 403 and status(site, mid) == "active"


def test_signing_in_from_another_site_is_refused(site: dict[str, Any]) -> None:
    with httpx.Client(base_url=site["url"]) as c:
        r = c.post("/ui/login", data={"key": site["keys"]["alpha"]}, headers={"Origin": EVIL})
        assert r.status_code == 403 and "set-cookie" not in r.headers
