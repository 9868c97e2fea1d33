"""Owners never see each other's data on any path: context, MCP tools, export, stats.

Search itself is covered by the property test in test_retrieval.py
(``test_no_result_ever_crosses_owners``); these tests cover every other way out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from mcp.server.mcpserver.exceptions import ToolError
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.lifecycle.transfer import export_records
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.mcp import build_server
from kore_pipeline.serve.memory_api import owner_stats, save_memory
from kore_pipeline.serve.prompt import build_context
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"
ALPHA = "Xanthic"  # a word only alpha's memories hold
BETA = "Vermilion"  # a word only beta's memories hold
QUERIES = ["coffee", "what coffee does she like", "database decision", ALPHA, BETA,
           "allergic", ""]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    """Two owners saying much the same things, each with its own marker word."""
    root = tmp_path_factory.mktemp("isolation")
    records = []
    for owner, word, who in (("alpha", ALPHA, "Ada"), ("beta", BETA, "Bo")):
        records += [
            message(f"I prefer {word} coffee, a dark roast from Ethiopia.", owner=owner,
                    speaker=who, message_id=f"{owner}1"),
            message(f"We decided to use Postgres for the {word} billing database.",
                    owner=owner, speaker=who, message_id=f"{owner}2",
                    ts="2026-09-02T09:00:00Z"),
            message(f"I'm allergic to peanuts, the {word} team knows it well.", owner=owner,
                    speaker=who, message_id=f"{owner}3", ts="2026-09-03T09:00:00Z"),
        ]
    write_jsonl(root / "logs" / "a.jsonl", records)
    settings = KoreSettings(home=root / "home")
    run_pipeline([root / "logs"], settings, now=NOW, embedder=embedder)
    return settings


def other_word(owner: str) -> str:
    return BETA if owner == "alpha" else ALPHA


@pytest.mark.slow
@hsettings(max_examples=15, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(owner=st.sampled_from(["alpha", "beta"]), query=st.sampled_from(QUERIES),
       budget=st.integers(min_value=30, max_value=3000))
def test_context_block_holds_only_the_owners_memories(home: KoreSettings, embedder,  # type: ignore[no-untyped-def]
                                                      owner: str, query: str,
                                                      budget: int) -> None:
    searcher = Searcher(home, embedder=embedder)
    try:
        block = build_context(searcher, query, owner, max_tokens=budget, now=NOW,
                              reinforce=False)
    finally:
        searcher.close()
    body = [line for line in block.splitlines() if line.startswith("- ")]  # not the header
    assert not any(other_word(owner) in line for line in body)
    assert not any(("Bo ·" if owner == "alpha" else "Ada ·") in line for line in body)


@pytest.mark.slow
def test_cli_context_stays_within_the_owner(home: KoreSettings) -> None:
    result = CliRunner().invoke(app, ["context", "coffee database peanuts", "--owner", "beta",
                                      "--home", str(home.home), "--now", NOW,
                                      "--no-reinforce"])
    body = [line for line in result.output.splitlines() if line.startswith("- ")]
    assert result.exit_code == 0 and any(BETA in line for line in body)
    assert not any(ALPHA in line for line in body)


def call(server: Any, tool: str, **args: Any) -> Any:
    res = anyio.run(server.call_tool, tool, args)
    assert not res.is_error, res.content
    data = res.structured_content
    return data["result"] if set(data) == {"result"} else data


@pytest.mark.slow
def test_mcp_tools_never_cross_owners(home: KoreSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    server, svc = build_server(home, owner="alpha", embedder=embedder)
    try:
        for query in QUERIES:
            for mode in ("hybrid", "fts", "semantic"):
                hits = call(server, "memory_search", query=query, k=50, mode=mode, now=NOW)
                assert all(h["owner"] == "alpha" and BETA not in h["content"] for h in hits)
            block = call(server, "memory_context", query=query or "coffee", now=NOW)
            assert not any(BETA in x for x in block.splitlines() if x.startswith("- "))
        beta_ids = [r[0] for r in svc.conn.execute("SELECT id FROM memories WHERE owner = 'beta'")]
        for mid in beta_ids:  # another owner's id is "not found", and stays untouched
            with pytest.raises(ToolError, match="no memory"):
                anyio.run(server.call_tool, "memory_delete", {"memory_id": mid, "now": NOW})
        assert {r[0] for r in svc.conn.execute(
            "SELECT status FROM memories WHERE owner = 'beta'")} == {"active"}
        stats = call(server, "memory_stats")
        assert stats["owner"] == "alpha" and stats["messages"] == 3
    finally:
        svc.close()


@pytest.mark.slow
def test_export_holds_only_the_owner(home: KoreSettings) -> None:
    conn = connect(home.db_path())
    try:
        records = list(export_records(conn, "alpha", NOW))
    finally:
        conn.close()
    # (access history may quote a query naming anything: that is alpha's own data)
    texts = [json.dumps({k: v for k, v in r.items() if k != "accesses"}, ensure_ascii=False)
             for r in records]
    assert len(texts) > 4 and {r["owner"] for r in records} == {"alpha"}
    assert all(BETA not in x and '"beta"' not in x for x in texts)
    assert sum(ALPHA in x for x in texts) >= 6  # its messages and memories are there


def test_owner_stats_count_only_the_owner(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(settings.db_path())
    try:
        save_memory(conn, settings, "Ada likes tea.", "alpha", subject="Ada", now=NOW)
        before = owner_stats(conn, "alpha")
        for i in range(5):
            save_memory(conn, settings, f"Bo note number {i} about tea.", "beta", subject="Bo",
                        now=NOW)
        assert owner_stats(conn, "alpha") == before
        assert before["active"] == 1 and owner_stats(conn, "beta")["active"] == 5
        assert owner_stats(conn, "nobody")["active"] == 0
    finally:
        conn.close()
