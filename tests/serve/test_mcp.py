"""``kore mcp`` end to end: the SDK's own stdio client talks to a real server process."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

import kore_pipeline
from kore_pipeline.settings import KoreSettings
from tests.helpers import two_owner_home

NOW = "2026-09-02T08:00:00Z"
TOOLS = {"memory_search", "memory_context", "memory_inject", "memory_save", "memory_save_batch",
         "memory_get", "memory_update", "memory_delete", "memory_restore", "memory_list",
         "memory_timeline", "memory_stats", "memory_export"}
CALL_TIMEOUT = 120  # the first semantic query loads the model in the server process


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Path:
    """A store built by one small pipeline run, FAISS index included, with two owners."""
    root = tmp_path_factory.mktemp("mcp")
    settings = two_owner_home(root, embedder, NOW)
    assert (settings.index_dir() / "memories.faiss").is_file()
    return settings.home


def server_params(home: Path, *extra: str) -> StdioServerParameters:
    """``python -m kore_pipeline.cli mcp`` importing the same kore_pipeline as the tests."""
    src = str(Path(kore_pipeline.__file__).resolve().parents[1])
    env = {**os.environ}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    return StdioServerParameters(
        command=sys.executable, env=env,
        args=["-m", "kore_pipeline.cli.app", "mcp", "--home", str(home), *extra])


async def call(session: ClientSession, tool: str, **args: Any) -> Any:
    """Call a tool; return its structured result (unwrapped) and fail on a tool error."""
    res = await session.call_tool(tool, args, read_timeout_seconds=CALL_TIMEOUT)
    assert not res.is_error, f"{tool} failed: {res.content}"
    data = res.structured_content
    assert data is not None
    return data["result"] if set(data) == {"result"} else data


async def call_error(session: ClientSession, tool: str, **args: Any) -> str:
    """Call a tool that must fail; return its error text."""
    res = await session.call_tool(tool, args, read_timeout_seconds=CALL_TIMEOUT)
    assert res.is_error, f"{tool} should have failed: {res.content}"
    return " ".join(getattr(c, "text", "") for c in res.content)


def run(scenario: Any, *args: Any) -> None:
    async def main() -> None:
        with anyio.fail_after(180):
            await scenario(*args)

    anyio.run(main)


@pytest.mark.slow
def test_tools_end_to_end_over_stdio(home: Path) -> None:
    async def scenario() -> None:
        async with stdio_client(server_params(home, "--owner", "team-alpha")) as (r, w), \
                ClientSession(r, w) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            assert set(tools) >= TOOLS
            for name in TOOLS:
                assert tools[name].description and len(tools[name].description) > 20
                assert "owner" in tools[name].input_schema["properties"]
                assert tools[name].output_schema, name

            # save: searchable by keyword at once, default owner is the server's
            saved = await call(session, "memory_save", now=NOW, subject="Anna",
                               content="Anna's sprint demo is on Thursday at 15:00",
                               category="decision")
            assert saved["action"] == "inserted" and 1 <= saved["importance"] <= 5
            assert saved["key"].startswith("decision:")
            mid = saved["memory_id"]
            again = await call(session, "memory_save", now=NOW, subject="Anna",
                               content="Anna's sprint demo is on Thursday at 15:00.",
                               category="decision", importance=4)
            assert (again["memory_id"], again["importance"]) == (mid, 4)

            hits = await call(session, "memory_search", query="sprint demo", mode="fts",
                              now=NOW)
            assert hits[0]["memory_id"] == mid and hits[0]["owner"] == "team-alpha"
            assert hits[0]["fts_rank"] == 1

            # hybrid: the pipeline's memories come through the FAISS index too
            hits = await call(session, "memory_search", query="which coffee does Anna like",
                              now=NOW, k=3)
            assert "dark roast coffee" in hits[0]["content"]
            assert hits[0]["vector_rank"] is not None
            assert all(h["owner"] == "team-alpha" for h in hits)
            sem = await call(session, "memory_search", query="database for billing",
                             mode="semantic", category="decision", now=NOW)
            assert sem and all(h["category"] == "decision" for h in sem)

            # embed_now puts a saved memory in the index at once
            emb = await call(session, "memory_save", now=NOW, embed_now=True,
                             content="Anna keeps her notes in Obsidian vaults")
            assert emb["embedded"] is True and emb["index"]["rebuilt"] is True
            sem = await call(session, "memory_search", query="note-taking app Obsidian",
                             mode="semantic", now=NOW)
            assert emb["memory_id"] in [h["memory_id"] for h in sem]

            # another owner is a separate namespace, seen only when named
            beta = await call(session, "memory_search", query="tea coffee", mode="fts",
                              owner="team-beta", now=NOW)
            assert beta and all(h["owner"] == "team-beta" for h in beta)
            alpha = await call(session, "memory_search", query="green tea", mode="fts",
                               now=NOW)
            assert all(h["owner"] == "team-alpha" for h in alpha)
            err = await call_error(session, "memory_delete", memory_id=beta[0]["memory_id"])
            assert "has no memory with id" in err

            block = await call(session, "memory_context", query="When is the sprint demo?",
                               max_tokens=300, now=NOW)
            assert block.startswith('<memory owner="team-alpha"') and "sprint demo" in block
            assert "green tea" not in block

            stats = await call(session, "memory_stats")
            assert stats["owner"] == "team-alpha"
            assert stats["active_by_category"]["decision"] >= 2
            assert stats["pending_accesses"] >= 1
            signature = stats["embedding_signature"]
            assert signature.startswith("onnx:all-MiniLM-L6-v2:")

            # delete: archived, gone from search even with include_archived
            out = await call(session, "memory_delete", memory_id=mid, now=NOW)
            assert out["status"] == "deleted"
            gone = await call(session, "memory_search", query="sprint demo", mode="fts",
                              include_archived=True, now=NOW)
            assert mid not in [h["memory_id"] for h in gone]
            stats = await call(session, "memory_stats")
            assert stats["archived_by_reason"].get("deleted") == 1

            # refused input comes back as a readable tool error
            assert "importance" in await call_error(session, "memory_save", content="x y z",
                                                    importance=9)
            assert "ISO 8601" in await call_error(session, "memory_search", query="x",
                                                  now="yesterday")

    run(scenario)


@pytest.mark.slow
def test_lock_owner_rejects_other_owners(home: Path) -> None:
    async def scenario() -> None:
        params = server_params(home, "--owner", "team-beta", "--lock-owner")
        async with stdio_client(params) as (r, w), ClientSession(r, w) as session:
            await session.initialize()
            hits = await call(session, "memory_search", query="green tea", mode="fts",
                              now=NOW)
            assert hits and all(h["owner"] == "team-beta" for h in hits)
            same = await call(session, "memory_stats", owner="team-beta")
            assert same["owner"] == "team-beta"
            for tool, args in (("memory_search", {"query": "coffee"}),
                               ("memory_save", {"content": "Sneaky note"}),
                               ("memory_delete", {"memory_id": 1}),
                               ("memory_stats", {}),
                               ("memory_context", {"query": "coffee"})):
                err = await call_error(session, tool, owner="team-alpha", **args)
                assert "locked to owner 'team-beta'" in err, (tool, err)
            stats = await call(session, "memory_stats")
            assert json.dumps(stats).count("team-alpha") == 0

    run(scenario)


def http_server(home: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``kore mcp --transport http`` as a process; returns once it accepts connections."""
    params = server_params(home, "--transport", "http", "--port", str(port), *extra)
    proc = subprocess.Popen([params.command, *params.args], env=params.env,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc
        except OSError:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "kore mcp --transport http did not start"
            time.sleep(0.2)


def test_streamable_http_tools_hints_and_edits(tmp_path: Path) -> None:
    """Over streamable HTTP (the SDK's client), keyword search only: no model load."""
    from tests.serve.live_server import free_port

    home = tmp_path / "home"
    port = free_port()
    proc = http_server(home, port, "--owner", "team-alpha")

    async def scenario() -> None:
        async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (r, w), \
                ClientSession(r, w) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            assert set(tools) == TOOLS
            for name in ("memory_search", "memory_context", "memory_inject"):
                assert tools[name].annotations.read_only_hint is False  # they log accesses
            for name in ("memory_get", "memory_list", "memory_stats"):
                assert tools[name].annotations.read_only_hint is True
            assert tools["memory_delete"].annotations.destructive_hint is True
            hit_schema = tools["memory_search"].output_schema
            assert "explain" in json.dumps(hit_schema) and "memory_id" in json.dumps(hit_schema)

            saved = await call(session, "memory_save", content="Anna's sprint demo is on"
                               " Thursday", subject="Anna", category="decision", now=NOW)
            mid = saved["memory_id"]
            batch = await call(session, "memory_save_batch", now=NOW, items=[
                {"content": "Anna likes pistachio gelato"}, {"content": ""}])
            assert [x["ok"] for x in batch["results"]] == [True, False]
            hits = await call(session, "memory_search", query="sprint demo", mode="fts",
                              explain=True, now=NOW)
            assert hits[0]["memory_id"] == mid
            assert hits[0]["explain"]["keyword_rank"] == 1
            assert hits[0]["explain"]["fused_score"] == hits[0]["score"]
            changed = await call(session, "memory_update", memory_id=mid,
                                 content="Anna's sprint demo is on Friday", now=NOW)
            assert changed["changed"] == ["content"]
            await call(session, "memory_delete", memory_id=mid, now=NOW)
            page = await call(session, "memory_list", status="deleted")
            assert [m["memory_id"] for m in page["items"]] == [mid]
            await call(session, "memory_restore", memory_id=mid, now=NOW)
            full = await call(session, "memory_get", memory_id=mid)
            assert full["content"] == "Anna's sprint demo is on Friday"
            assert [e["action"] for e in full["history"]][-3:] == ["updated", "deleted",
                                                                  "restored"]
            timeline = await call(session, "memory_timeline")
            assert timeline["total"] == 2
            stats = await call(session, "memory_stats")
            assert stats["owner"] == "team-alpha" and stats["active"] == 2
            assert "team-beta" not in json.dumps(await call(session, "memory_export"))
            err = await call_error(session, "memory_get", memory_id=mid, owner="team-beta")
            assert "no memory with id" in err

    try:
        run(scenario)
    finally:
        proc.terminate()
        proc.wait(20)


def test_no_reinforce_server_is_read_only_and_logs_nothing(tmp_path: Path) -> None:
    from kore_pipeline.serve.mcp import build_server

    settings = KoreSettings(home=tmp_path / "home")
    server, svc = build_server(settings, owner="o", reinforce=False)
    try:
        tools = {t.name: t for t in anyio.run(server.list_tools)}
        assert all(tools[n].annotations.read_only_hint for n in ("memory_search",
                                                                 "memory_context"))
        anyio.run(server.call_tool, "memory_save", {"content": "tea with lemon", "now": NOW})
        res = anyio.run(server.call_tool, "memory_search", {"query": "tea", "mode": "fts",
                                                            "now": NOW})
        assert res.structured_content["result"]
        assert svc.conn.execute("SELECT count(*) FROM access_log").fetchone()[0] == 0
    finally:
        svc.close()
