"""The rule that found a memory reaches the user: ``kore search --explain`` (text and JSON),
the Python API, the HTTP API, MCP, the /ui memory page and playground, ``kore history``.
Keyword search over a store the extract stage filled (no model)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import httpx
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app as cli
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from kore_pipeline.serve.mcp import build_server
from kore_pipeline.settings import KoreSettings
from tests.helpers import extracted_home, message
from tests.serve.live_server import live_server

NOW = "2026-09-10T12:00:00Z"
OWNER = "team-alpha"
EMPLOYER = "I work at Google"
RULE = extract_facts(EMPLOYER, "en")[0].trigger
runner = CliRunner()


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Anna's employer (a fact, with its rule) and an agent's save (none)."""
    settings = extracted_home(tmp_path_factory.mktemp("rule"),
                              [message(EMPLOYER, message_id="m1"),
                               message("I live in Berlin", message_id="m2",
                                       ts="2026-09-02T09:00:00Z")])
    with Memory(settings=settings) as mem:
        saved = mem.save("Anna parks at the Google garage", OWNER, subject="Anna", now=NOW)
        fact = mem.search("work Google", OWNER, mode="fts", now=NOW, reinforce=False)[0]
    yield {"settings": settings, "fact": fact["memory_id"], "saved": saved["memory_id"]}


def test_python_api_hit_and_explain_name_the_rule(home: dict[str, Any]) -> None:
    with Memory(settings=home["settings"]) as mem:
        hits = mem.search("Google", OWNER, mode="fts", now=NOW, explain=True, reinforce=False)
        full = mem.get(home["fact"], OWNER)
        saved = mem.get(home["saved"], OWNER)
    by_id = {h["memory_id"]: h for h in hits}
    assert by_id[home["fact"]]["rule"] == RULE
    assert by_id[home["fact"]]["explain"]["rule"] == RULE
    assert by_id[home["saved"]]["rule"] is None
    assert by_id[home["saved"]]["explain"]["rule"] is None
    assert (full["rule"], saved["rule"]) == (RULE, None)


def test_kore_search_explain_says_found_by(home: dict[str, Any]) -> None:
    args = ["search", "work at Google", "--owner", OWNER, "--mode", "fts", "--no-reinforce",
            "--now", NOW, "--home", str(home["settings"].home)]
    text = runner.invoke(cli, [*args, "--explain"])
    assert text.exit_code == 0, text.output
    assert f"found by {RULE}" in text.output
    assert "found by" not in runner.invoke(cli, args).output  # only with --explain
    out = runner.invoke(cli, [*args, "--explain", "--json"])
    assert out.exit_code == 0, out.output
    hits = {h["memory_id"]: h for h in json.loads(out.output)}
    assert hits[home["fact"]]["rule"] == RULE
    assert hits[home["fact"]]["explain"]["rule"] == RULE


def test_kore_history_names_the_rule(home: dict[str, Any]) -> None:
    out = runner.invoke(cli, ["history", "--owner", OWNER, "--home",
                              str(home["settings"].home)])
    assert out.exit_code == 0, out.output
    rule = extract_facts("I live in Berlin", "en")[0].trigger
    assert f"I live in Berlin  (found by {rule})" in out.output
    as_json = runner.invoke(cli, ["history", "--owner", OWNER, "--json", "--home",
                                  str(home["settings"].home)])
    assert {v["content"]: v["rule"] for v in json.loads(as_json.output)}["I live in Berlin"] \
        == rule


def test_http_api_and_ui_show_the_rule(home: dict[str, Any]) -> None:
    settings: KoreSettings = home["settings"]
    mem = Memory(settings=settings)
    try:
        key = create_key(mem.conn, [OWNER])["key"]
        with live_server(create_app(settings, memory=mem)) as url, \
                httpx.Client(base_url=url, timeout=30,
                             headers={"Authorization": f"Bearer {key}"}) as c:
            r = c.post("/v1/search", json={"query": "Google", "mode": "fts", "explain": True,
                                           "reinforce": False, "now": NOW})
            assert r.status_code == 200, r.text
            hits = {h["memory_id"]: h for h in r.json()["hits"]}
            assert hits[home["fact"]]["explain"]["rule"] == RULE
            assert hits[home["fact"]]["rule"] == RULE
            assert c.get(f"/v1/memories/{home['fact']}").json()["rule"] == RULE
            listed = c.get("/v1/memories", params={"owner": OWNER}).json()["items"]
            assert {m["memory_id"]: m["rule"] for m in listed}[home["fact"]] == RULE

            page = c.get(f"/ui/memories/{home['fact']}")
            assert page.status_code == 200
            assert f"found by <code>{RULE}</code>" in page.text
            assert "found by" not in c.get(f"/ui/memories/{home['saved']}").text
            play = c.get("/ui/playground", params={"q": "work at Google", "mode": "fts"})
            assert "found by" in play.text and f"<td>{RULE}</td>" in play.text
    finally:
        mem.close()


def test_mcp_search_and_get_name_the_rule(home: dict[str, Any]) -> None:
    server, svc = build_server(home["settings"], owner=OWNER, reinforce=False)
    try:
        res = anyio.run(server.call_tool, "memory_search",
                        {"query": "Google", "mode": "fts", "explain": True, "now": NOW})
        hits = {h["memory_id"]: h for h in res.structured_content["result"]}
        assert hits[home["fact"]]["rule"] == RULE
        assert hits[home["fact"]]["explain"]["rule"] == RULE
        assert hits[home["saved"]]["rule"] is None
        got = anyio.run(server.call_tool, "memory_get", {"memory_id": home["fact"]})
        assert got.structured_content["rule"] == RULE
        tools = {t.name: t for t in anyio.run(server.list_tools)}
        assert "rule" in json.dumps(tools["memory_search"].output_schema)
    finally:
        svc.close()
