"""Writes while another process holds the store's write lock (a run, decay, compress, forget,
watch): they wait a while, then give up unsaved with a clear "busy, retry after" answer: HTTP
503 with Retry-After, an MCP tool error, :class:`StoreBusy` in Python. Never a 500."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
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

pytestmark = pytest.mark.slow
T0 = "2026-09-01T10:00:00Z"
WAIT = 1.5
HOLD = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


@contextmanager
def write_lock_held(db: Path, seconds: float) -> Iterator[subprocess.Popen[str]]:
    """Another process holds the store's write lock for ``seconds`` (or until the block ends)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(seconds)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        yield proc
    finally:
        proc.kill()
        proc.wait(10)


@pytest.fixture()
def api(tmp_path: Path) -> Iterator[dict[str, Any]]:
    settings = KoreSettings(home=tmp_path / "home", write_busy_wait_seconds=WAIT,
                            write_busy_retry_after_seconds=7)
    mem = Memory(settings=settings)
    mid = mem.save("alpha keeps the invoices in the blue folder", "alpha", now=T0)["memory_id"]
    key = create_key(mem.conn, ["alpha"])["key"]
    with live_server(create_app(settings, memory=mem)) as url:
        yield {"url": url, "key": key, "mid": mid, "memory": mem, "settings": settings}
    mem.close()


def test_api_writes_answer_503_with_retry_after_while_a_run_holds_the_lock(api) -> None:  # type: ignore[no-untyped-def]
    mid, mem = api["mid"], api["memory"]
    headers = {"Authorization": f"Bearer {api['key']}"}
    with httpx.Client(base_url=api["url"], headers=headers, timeout=60) as c, \
            write_lock_held(api["settings"].db_path(), 60):
        calls = [("POST", "/v1/memories", {"content": "saved while locked"}),
                 ("POST", "/v1/memories/batch", {"items": [{"content": "batch while locked"}]}),
                 ("PATCH", f"/v1/memories/{mid}", {"importance": 5}),
                 ("DELETE", f"/v1/memories/{mid}", None),
                 ("POST", f"/v1/memories/{mid}/restore", None)]
        for method, path, body in calls:
            start = time.monotonic()
            r = c.request(method, path, json=body)
            waited = time.monotonic() - start
            assert r.status_code == 503, (path, r.status_code, r.text)
            assert r.headers["retry-after"] == "7"
            assert "busy" in r.json()["detail"] and "retry" in r.json()["detail"]
            assert WAIT - 0.2 <= waited < WAIT + 4, (path, waited)
        assert c.post("/v1/search", json={"query": "invoices", "mode": "fts"}).status_code == 200
    assert mem.list("alpha", status=None)["total"] == 1
    assert mem.get(mid)["importance"] != 5 and mem.get(mid)["status"] == "active"


def test_a_short_lock_is_waited_out(api) -> None:  # type: ignore[no-untyped-def]
    headers = {"Authorization": f"Bearer {api['key']}"}
    with httpx.Client(base_url=api["url"], headers=headers, timeout=60) as c, \
            write_lock_held(api["settings"].db_path(), WAIT / 3):
        r = c.post("/v1/memories", json={"content": "saved once the lock is free"})
    assert r.status_code == 201
    assert api["memory"].get(r.json()["memory_id"])["content"] == "saved once the lock is free"


def test_mcp_tools_and_python_say_busy(tmp_path: Path) -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    from kore_pipeline.serve.mcp import build_server
    from kore_pipeline.store.busy import StoreBusy

    settings = KoreSettings(home=tmp_path / "home", write_busy_wait_seconds=0.5,
                            write_busy_retry_after_seconds=3)
    server, svc = build_server(settings, owner="o")
    try:
        saved = anyio.run(server.call_tool, "memory_save", {"content": "tea with lemon"})
        mid = saved.structured_content["memory_id"]
        with write_lock_held(settings.db_path(), 60):
            for tool, args in (("memory_save", {"content": "coffee"}),
                               ("memory_save_batch", {"items": [{"content": "juice"}]}),
                               ("memory_delete", {"memory_id": mid})):
                with pytest.raises(ToolError, match=r"busy.*retry in 3 s"):
                    anyio.run(server.call_tool, tool, args)
            with pytest.raises(StoreBusy) as busy:
                svc.memory.save("water", "o")
            assert busy.value.retry_after == 3
        assert svc.memory.list("o")["total"] == 1
    finally:
        svc.close()
