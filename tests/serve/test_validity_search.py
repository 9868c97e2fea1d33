"""Time as a dimension: search as of a date, superseded hits, questions about the past, history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.serve.search import Searcher, asks_about_past
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.store.validity import slot_history
from tests.helpers import message

SAID = [("My budget is 1,500 euros for the kitchen.", "2026-01-05T09:00:00Z"),
        ("My budget is now 2,500 euros for the kitchen.", "2026-03-05T09:00:00Z"),
        ("I live in Turin.", "2026-01-10T09:00:00Z"),
        ("I moved to Berlin.", "2026-04-01T09:00:00Z")]


@pytest.fixture
def settings(tmp_path: Path) -> KoreSettings:
    s = KoreSettings(home=tmp_path / "home")
    conn = connect(s.db_path())
    for i, (text, ts) in enumerate(SAID, start=1):
        recs = [normalise(message(text, message_id=f"m{i}", ts=ts), s, "t.jsonl", i)]
        upsert_memories(conn, extract_memories(recs, s), ts)
    conn.close()
    return s


def _texts(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [h.content.rstrip(".") for h in hits]


def test_current_search_sees_only_the_latest_value(settings: KoreSettings) -> None:
    s = Searcher(settings)
    hits = s.search("kitchen budget euros", "team-alpha", mode="fts", reinforce=False,
                    now="2026-05-01T00:00:00Z")
    assert _texts(hits) == ["My budget is now 2,500 euros for the kitchen"]


def test_as_of_answers_with_what_was_true_then(settings: KoreSettings) -> None:
    s = Searcher(settings)
    then = s.search("kitchen budget euros", "team-alpha", mode="fts", reinforce=False,
                    now="2026-05-01T00:00:00Z", as_of="2026-02-01")
    assert _texts(then) == ["My budget is 1,500 euros for the kitchen"]
    hit = then[0]
    assert hit.status == "superseded" and hit.superseded_by is not None
    assert hit.valid_until is not None and hit.valid_until.startswith("2026-03-05")
    lived = s.search("live Turin Berlin moved", "team-alpha", mode="fts", reinforce=False,
                     as_of="2026-02-01")
    assert "I live in Turin" in _texts(lived) and "I moved to Berlin" not in _texts(lived)
    before = s.search("kitchen budget euros", "team-alpha", mode="fts", reinforce=False,
                      as_of="2025-12-01")
    assert before == []  # nothing had been said yet


def test_a_question_about_the_past_reaches_superseded_memories(settings: KoreSettings) -> None:
    assert asks_about_past("what was my budget before the change?")
    assert asks_about_past("where did I use to live? my previous city")
    assert not asks_about_past("what is my budget for the kitchen?")
    s = Searcher(settings)
    hits = s.search("what was my kitchen budget before the change?", "team-alpha",
                    mode="fts", reinforce=False, now="2026-05-01T00:00:00Z")
    texts = _texts(hits)
    assert "My budget is 1,500 euros for the kitchen" in texts
    assert texts[0] == "My budget is now 2,500 euros for the kitchen"  # current first
    current = s.search("what was my kitchen budget before the change?", "team-alpha",
                       mode="fts", reinforce=False, include_superseded=False)
    assert "My budget is 1,500 euros for the kitchen" not in _texts(current)


def test_history_lists_a_slots_versions(settings: KoreSettings) -> None:
    conn = connect(settings.db_path())
    versions = slot_history(conn, "team-alpha", "Anna", "budget")
    conn.close()
    assert [(v.value, v.status) for v in versions if v.content.startswith("My budget")] == \
        [("1500 eur", "superseded"), ("2500 eur", "active")]
    assert versions[0].valid_until == versions[-1].valid_from
    out = CliRunner().invoke(app, ["history", "--owner", "team-alpha", "--subject", "Anna",
                                   "--slot", "residence", "--json",
                                   "--home", str(settings.home)])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert [r["value"] for r in rows] == ["turin", "berlin"]
    assert rows[0]["superseded_by"] == rows[1]["memory_id"]


def test_cli_search_as_of_shows_what_superseded_a_hit(settings: KoreSettings) -> None:
    out = CliRunner().invoke(app, ["search", "kitchen budget euros", "--owner", "team-alpha",
                                   "--mode", "fts", "--as-of", "2026-02-01", "--no-reinforce",
                                   "--home", str(settings.home)])
    assert out.exit_code == 0, out.output
    assert "1,500 euros" in out.output and "superseded by [" in out.output
    assert "2,500" not in out.output


def test_analysts_see_each_slots_versions_in_the_lake(settings: KoreSettings) -> None:
    from kore_pipeline.lake.publish import publish, query

    conn = connect(settings.db_path())
    publish(conn, settings.lake_dir(), settings)
    conn.close()
    cols, rows = query(settings.lake_dir(), "SELECT value, version, is_current, superseded_by,"
                       " valid_until IS NOT NULL FROM memory_history WHERE slot = 'residence'"
                       " AND type = 'factual' ORDER BY version", settings)
    assert cols[:2] == ["value", "version"]
    assert [r[:3] for r in rows] == [("turin", 1, False), ("berlin", 2, True)]
    assert rows[0][3] is not None and rows[0][4] and not rows[1][4]
    _c, typed = query(settings.lake_dir(), "SELECT typeof(valid_from), typeof(superseded_by)"
                      " FROM memories LIMIT 1", settings)
    assert typed[0] == ("TIMESTAMP WITH TIME ZONE", "BIGINT")
