"""Compaction: plans, summaries within budget, lossless archive, FTS at once, restore, CLI."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.ids import text_hash
from kore_pipeline.lifecycle.summarize import (
    CompactionError,
    apply_compaction,
    build_summary,
    plan_compaction,
    restore_compaction,
    sentence_key,
    summary_key,
)
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.text.tokens import estimate_tokens
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00+00:00"
runner = CliRunner()


def add(conn: sqlite3.Connection, content: str, *, subject: str = "Anna",
        owner: str = "team-alpha", created_at: str = "2026-05-01T09:00:00+00:00",
        importance: int = 3, type_: str = "factual", category: str = "preference",
        sources: list[str] | None = None, last_accessed_at: str | None = None,
        session_id: str = "s1", expires_at: str | None = None) -> int:
    """Insert one active memory the way extract does (plain SQL) and return its id."""
    cur = conn.execute(
        "INSERT INTO memories(owner, subject, key, type, category, content, content_hash,"
        " language, importance, source_message_ids, session_id, created_at, updated_at,"
        " last_accessed_at, expires_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (owner, subject, f"{category}:{text_hash(content)}", type_, category, content,
         text_hash(content), "en", importance, json.dumps(sources or [f"m{content[:6]}"]),
         session_id, created_at, created_at, last_accessed_at, expires_at))
    return int(cur.lastrowid)


@pytest.fixture
def db(settings: KoreSettings) -> tuple[sqlite3.Connection, dict[str, int]]:  # type: ignore[misc]
    conn = connect(settings.db_path())
    ids = {
        "coffee": add(conn, "I prefer dark roast coffee", sources=["a1"]),
        "coffee_ep": add(conn, "I prefer dark roast coffee, especially from Ethiopia. "
                         "We met in Rome!", type_="episodic", category="episode",
                         importance=2, created_at="2026-05-02T09:00:00+00:00",
                         sources=["a1", "a9"], session_id="s2"),
        "postgres": add(conn, "I decided to use Postgres for the billing service",
                        category="decision", importance=4, sources=["a2"],
                        created_at="2026-05-03T09:00:00+00:00",
                        last_accessed_at="2026-06-01T09:00:00+00:00"),
        "peanuts": add(conn, "I’m allergic to peanuts.", category="profile", importance=5,
                       created_at="2026-05-04T09:00:00+00:00", sources=["a4"]),
        "peanuts_dup": add(conn, "i'm ALLERGIC to   peanuts", type_="episodic",
                           category="episode", importance=2, sources=["a5"],
                           created_at="2026-04-20T09:00:00+00:00"),
        # not compactable:
        "recent": add(conn, "I started learning Rust this week.", category="habit",
                      created_at="2026-09-05T09:00:00+00:00", sources=["a6"]),
        "used": add(conn, "I use Neovim every day.", category="habit", sources=["a7"],
                    last_accessed_at="2026-09-01T09:00:00+00:00"),
        "pending": add(conn, "I prefer window seats on long flights.", sources=["a8"]),
        "expiring": add(conn, "I am in Berlin until Friday.", category="profile",
                        sources=["a10"], expires_at="2026-12-01T00:00:00+00:00"),
        "marco": add(conn, "Preferisco il caffè ristretto.", subject="Marco", sources=["c1"]),
        "bob1": add(conn, "I prefer green tea over coffee.", owner="other-team",
                    subject="Bob", sources=["b1"]),
        "bob2": add(conn, "I decided to move to Lisbon.", owner="other-team", subject="Bob",
                    category="decision", sources=["b2"], importance=4),
    }
    conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                 " VALUES (?, 'team-alpha', '2026-09-08T10:00:00+00:00', 'seats')",
                 (ids["pending"],))
    yield conn, ids
    conn.close()


ANNA = ["coffee", "coffee_ep", "postgres", "peanuts", "peanuts_dup"]


def snapshot(conn: sqlite3.Connection) -> tuple[list[tuple[Any, ...]], ...]:
    return tuple([tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY 1")]
                 for t in ("memories", "archive", "access_log"))


def fts_ids(conn: sqlite3.Connection, settings: KoreSettings, query: str,
            owner: str = "team-alpha") -> list[int]:
    searcher = Searcher(settings, conn=conn)  # fts mode: the model is never loaded
    hits = searcher.search(query, owner, k=20, now=NOW, reinforce=False, mode="fts")
    return [h.memory_id for h in hits]


# --------------------------------------------------------------------------- planning


def test_plan_groups_old_memories_and_reads_only(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, ids = db
    before = snapshot(conn)
    plans = plan_compaction(conn, settings, NOW, older_than_days=30)
    assert snapshot(conn) == before
    assert [(p.owner, p.subject) for p in plans] == [("other-team", "Bob"),
                                                     ("team-alpha", "Anna")]
    anna = plans[1]
    assert anna.memory_ids == sorted(ids[n] for n in ANNA)  # recent/used/pending/expiring out
    assert plans[0].memory_ids == [ids["bob1"], ids["bob2"]]
    assert anna.tokens_after == estimate_tokens(anna.summary) < anna.tokens_before
    contents = dict(conn.execute("SELECT id, content FROM memories").fetchall())
    assert anna.tokens_before == sum(estimate_tokens(contents[i]) for i in anna.memory_ids)
    assert [p.owner for p in plan_compaction(conn, settings, NOW, 30, owner="other-team")] \
        == ["other-team"]
    assert plan_compaction(conn, settings, NOW, older_than_days=200) == []
    # a shorter window makes the recent memory old enough, but "used"/"pending" were touched
    short = plan_compaction(conn, settings, NOW, older_than_days=1, owner="team-alpha")
    assert ids["recent"] in short[0].memory_ids and ids["used"] in short[0].memory_ids


def test_summary_keeps_the_most_important_sentences_once(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, _ids = db
    anna = plan_compaction(conn, settings, NOW, 30, owner="team-alpha")[0]
    assert anna.summary == (
        "I’m allergic to peanuts. I decided to use Postgres for the billing service."
        " I prefer dark roast coffee. I prefer dark roast coffee, especially from Ethiopia."
        " We met in Rome!")
    keys = [sentence_key(s) for s in anna.summary.split(". ")]
    assert len(keys) == len(set(keys))
    assert anna.key == summary_key(list(reversed(anna.memory_ids)))  # order-independent
    assert anna.key.startswith("summary:") and len(anna.key) == len("summary:") + 16


def test_summary_respects_the_token_budget() -> None:
    members = [{"content": "Alpha beta gamma delta. " * 3 + "Short one."},
               {"content": "Epsilon zeta eta theta iota kappa lambda mu nu xi omicron."}]
    for budget in range(1, 60):
        text = build_summary(members, budget)
        assert text and estimate_tokens(text) <= budget
    assert build_summary(members, 9) == "Alpha beta gamma delta. Short one."  # 34 chars
    assert build_summary(members, 8) == "Alpha beta gamma delta."
    assert build_summary([{"content": "One two three four five six seven eight."}], 4) \
        == "One two three…"  # 14 chars: 4 tokens
    assert build_summary([{"content": "   "}], 10) == ""


# --------------------------------------------------------------------------- applying


def test_apply_creates_summaries_and_archives_losslessly(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, ids = db
    originals = {r["id"]: dict(r) for r in conn.execute("SELECT * FROM memories")}
    plans = plan_compaction(conn, settings, NOW, 30, owner="team-alpha")
    [sid] = apply_compaction(conn, settings, plans, NOW, run_id="compact-test")
    summary = dict(conn.execute("SELECT * FROM memories_scored WHERE id = ?", (sid,)).fetchone())
    members = [originals[ids[n]] for n in ANNA]
    assert summary["type"] == summary["category"] == "summary"
    assert summary["status"] == "active" and summary["embedded_hash"] is None
    assert summary["key"] == summary_key(plans[0].memory_ids)
    assert summary["content"] == plans[0].summary
    assert summary["importance"] == 5
    assert summary["created_at"] == "2026-04-20T09:00:00+00:00"
    assert json.loads(summary["source_message_ids"]) == ["a5", "a1", "a9", "a2", "a4"]
    assert summary["last_accessed_at"] == "2026-06-01T09:00:00+00:00"
    assert summary["session_id"] is None and summary["language"] == "en"
    for m in members:
        row = conn.execute("SELECT status, merged_into, content FROM memories WHERE id = ?",
                           (m["id"],)).fetchone()
        assert tuple(row) == ("compacted", sid, m["content"])
        arch = conn.execute("SELECT reason, merged_into, content, run_id, archived_at FROM"
                            " archive WHERE memory_id = ?", (m["id"],)).fetchone()
        assert tuple(arch) == ("compacted", sid, m["content"], "compact-test", NOW)
    untouched = [ids[n] for n in ("recent", "used", "pending", "expiring", "marco", "bob1",
                                  "bob2")]
    for mid in untouched:
        assert dict(conn.execute("SELECT * FROM memories WHERE id = ?",
                                 (mid,)).fetchone()) == originals[mid]
    assert conn.execute("SELECT count(*) FROM memories WHERE type = 'summary'").fetchone()[0] == 1


def test_summary_is_found_by_fts_at_once(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, ids = db
    before = fts_ids(conn, settings, "peanuts")
    assert set(before) == {ids["peanuts"], ids["peanuts_dup"]}
    [sid] = apply_compaction(conn, settings, plan_compaction(conn, settings, NOW, 30,
                                                             owner="team-alpha"), NOW)
    assert fts_ids(conn, settings, "peanuts") == [sid]
    assert fts_ids(conn, settings, "Ethiopia Rome") == [sid]
    assert fts_ids(conn, settings, "Lisbon", owner="other-team") == [ids["bob2"]]


def test_restore_brings_originals_back(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, ids = db
    original = {r["id"]: r["content"] for r in conn.execute("SELECT id, content FROM memories")}
    plans = plan_compaction(conn, settings, NOW, 30, owner="team-alpha")
    [sid] = apply_compaction(conn, settings, plans, NOW)
    assert restore_compaction(conn, sid, "2026-09-11T00:00:00+00:00") == len(ANNA)
    for n in ANNA:
        row = conn.execute("SELECT status, merged_into, content FROM memories WHERE id = ?",
                           (ids[n],)).fetchone()
        assert tuple(row) == ("active", None, original[ids[n]])
        assert conn.execute("SELECT 1 FROM archive WHERE memory_id = ?",
                            (ids[n],)).fetchone() is None
    row = conn.execute("SELECT status FROM memories WHERE id = ?", (sid,)).fetchone()
    assert row[0] == "deleted"
    assert conn.execute("SELECT reason FROM archive WHERE memory_id = ?",
                        (sid,)).fetchone()[0] == "deleted"
    assert set(fts_ids(conn, settings, "peanuts")) == {ids["peanuts"], ids["peanuts_dup"]}
    assert restore_compaction(conn, sid, NOW) == 0          # idempotent
    # restored memories count as just used: not compactable again right away
    assert plan_compaction(conn, settings, "2026-09-12T00:00:00+00:00", 30,
                           owner="team-alpha") == []
    # compacting the same memories again reuses (reactivates) the summary row
    [sid2] = apply_compaction(conn, settings, plans, "2026-09-12T00:00:00+00:00")
    assert sid2 == sid
    assert conn.execute("SELECT status FROM memories WHERE id = ?", (sid,)).fetchone()[0] \
        == "active"
    assert conn.execute("SELECT 1 FROM archive WHERE memory_id = ?", (sid,)).fetchone() is None
    assert fts_ids(conn, settings, "peanuts") == [sid]


def test_stale_plan_changes_nothing(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, ids = db
    plans = plan_compaction(conn, settings, NOW, 30)
    conn.execute("UPDATE memories SET status = 'deleted' WHERE id = ?", (ids["bob2"],))
    before = snapshot(conn)
    with pytest.raises(CompactionError):
        apply_compaction(conn, settings, plans, NOW)
    assert snapshot(conn) == before
    with pytest.raises(CompactionError):
        restore_compaction(conn, ids["coffee"], NOW)
    with pytest.raises(CompactionError):
        restore_compaction(conn, 10_000, NOW)


# --------------------------------------------------------------------------- CLI


def test_cli_compact_dry_run_then_apply_then_restore(db, settings: KoreSettings) -> None:  # type: ignore[no-untyped-def]
    conn, ids = db
    home = ["--home", str(settings.home), "--now", NOW]
    before = snapshot(conn)
    result = runner.invoke(app, ["compact", "--older-than-days", "30", "--dry-run", *home])
    assert result.exit_code == 0, result.output
    assert "team-alpha / Anna: would compact 5 memories" in result.stdout
    assert "other-team / Bob: would compact 2 memories" in result.stdout
    assert "→" in result.stdout and "dry run" in result.stdout
    assert snapshot(conn) == before

    result = runner.invoke(app, ["compact", "--older-than-days", "30", "--owner", "other-team",
                                 "--json", *home])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    [plan] = report["plans"]
    assert report["dry_run"] is False and report["run_id"].startswith("compact-")
    assert plan["memory_ids"] == [ids["bob1"], ids["bob2"]]
    assert plan["tokens_before"] >= plan["tokens_after"] and plan["summary_id"]
    statuses = dict(conn.execute("SELECT id, status FROM memories").fetchall())
    assert statuses[ids["bob1"]] == statuses[ids["bob2"]] == "compacted"
    assert statuses[ids["coffee"]] == "active"

    result = runner.invoke(app, ["restore-compaction", str(plan["summary_id"]), *home])
    assert result.exit_code == 0 and "restored 2 memories" in result.stdout
    result = runner.invoke(app, ["restore-compaction", str(ids["coffee"]), *home])
    assert result.exit_code == 1


def test_cli_compact_without_store(tmp_path: Path) -> None:
    result = runner.invoke(app, ["compact", "--older-than-days", "3", "--home", str(tmp_path)])
    assert result.exit_code == 2 and "kore run" in result.output


# --------------------------------------------------------------------------- real pipeline


@pytest.mark.slow
def test_compacted_pipeline_memories_are_searchable_after_index_sync(
        tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    from kore_pipeline.embed.cache import EmbeddingCache
    from kore_pipeline.index.sync import index_is_current, sync_index
    from kore_pipeline.run.pipeline import run_pipeline

    settings = KoreSettings(home=tmp_path / "home")
    write_jsonl(tmp_path / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee, especially from Ethiopia.", message_id="a1",
                ts="2026-05-01T09:00:00Z"),
        message("I decided to use Postgres for the billing service.", message_id="a2",
                ts="2026-05-02T09:00:00Z"),
        message("I'm allergic to peanuts and shellfish, so no satay for me.",
                message_id="a3", ts="2026-05-03T09:00:00Z"),
        message("I prefer green tea over any coffee.", owner="other-team", speaker="Bob",
                message_id="b1", ts="2026-05-01T09:00:00Z"),
    ])
    run_pipeline([tmp_path / "logs"], settings, now="2026-05-05T00:00:00Z", embedder=embedder)
    conn = connect(settings.db_path())
    try:
        plans = plan_compaction(conn, settings, NOW, 30)
        assert {(p.owner, p.subject) for p in plans} == {("team-alpha", "Anna"),
                                                         ("other-team", "Bob")}
        sources = {s for p in plans if p.owner == "team-alpha" for mid in p.memory_ids
                   for s in json.loads(conn.execute(
                       "SELECT source_message_ids FROM memories WHERE id = ?",
                       (mid,)).fetchone()[0])}
        ids = apply_compaction(conn, settings, plans, NOW)
        assert not index_is_current(conn, settings)
        cache = EmbeddingCache(settings.cache_path())
        try:
            sync_index(conn, settings, embedder, cache)
        finally:
            cache.close()
        searcher = Searcher(settings, embedder=embedder, conn=conn)
        hits = searcher.search("which database does Anna use", "team-alpha", k=5, now=NOW,
                               reinforce=False)
        assert hits and hits[0].type == "summary" and hits[0].memory_id in ids
        assert set(hits[0].source_message_ids) == sources == {"a1", "a2", "a3"}
        assert all(h.status == "active" and h.owner == "team-alpha" for h in hits)
        semantic = searcher.search("nut allergy", "team-alpha", k=3, now=NOW,
                                   reinforce=False, mode="semantic")
        assert semantic and semantic[0].type == "summary"
    finally:
        conn.close()
