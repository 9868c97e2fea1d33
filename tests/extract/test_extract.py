"""Extract stage: user-only facts, episodes, Unicode keys, upsert with merged provenance."""

from __future__ import annotations

import json
from pathlib import Path

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.ids import memory_key, slugify
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message

S = KoreSettings()


def msgs(*records: dict) -> list[dict]:
    return [normalise(r, S, "t.jsonl", i) for i, r in enumerate(records, start=1)]


def test_facts_come_from_user_turns_only() -> None:
    out = extract_memories(msgs(
        message("I decided to check the logs first, and I prefer to use tabs.", role="assistant",
                speaker=None),
        message("I prefer dark roast coffee in the morning."),
    ), S)
    facts = [m for m in out if m.type == "factual"]
    assert [(m.subject, m.category) for m in facts] == [("Anna", "preference")]
    assert "dark roast coffee" in facts[0].content
    assert all(m.subject == "Anna" for m in out)


def test_informative_message_becomes_episode_greeting_does_not() -> None:
    out = extract_memories(msgs(
        message("Hi there!", ts="2026-09-01T09:00:00Z"),
        message("The quarterly review moved to the third week of October.",
                ts="2026-09-01T09:01:00Z"),
    ), S)
    episodes = [m for m in out if m.type == "episodic"]
    assert [m.content for m in episodes] == [
        "The quarterly review moved to the third week of October."]
    assert episodes[0].key.startswith("episode:m_")


def test_non_ascii_keys_do_not_collide() -> None:
    assert slugify("caffè ristretto") == "caffè_ristretto"
    keys = {memory_key("preference", t) for t in ("caffè ristretto", "tè verde", "日本茶",
                                                  "чай", "café crème")}
    assert len(keys) == 5
    assert memory_key("preference", "Caffè  Ristretto!") == "preference:caffè_ristretto"


def test_repeated_fact_upserts_one_memory_with_merged_provenance(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    first = msgs(message("I prefer dark roast coffee.", message_id="m1",
                         ts="2026-09-01T09:00:00Z"))
    again = msgs(message("I prefer dark roast coffee.", message_id="m2",
                         ts="2026-09-20T09:00:00Z", session="s2"))
    upsert_memories(conn, extract_memories(first, S), "2026-09-01T10:00:00+00:00")
    report = upsert_memories(conn, extract_memories(again, S), "2026-09-20T10:00:00+00:00")
    assert report.updated == 1 and report.inserted == 0
    rows = conn.execute("SELECT source_message_ids, created_at, last_accessed_at FROM memories"
                        " WHERE category = 'preference'").fetchall()
    assert len(rows) == 1
    assert json.loads(rows[0][0]) == ["m1", "m2"]
    assert rows[0][1] == "2026-09-01T09:00:00+00:00"  # created at the first mention
    assert rows[0][2] == "2026-09-20T09:00:00+00:00"  # refreshed by the repetition
    # the same input again changes nothing
    assert upsert_memories(conn, extract_memories(again, S), "x").unchanged == 1


def test_same_fact_different_owners_or_subjects_stay_apart() -> None:
    out = extract_memories(msgs(
        message("I prefer dark roast coffee.", owner="a"),
        message("I prefer dark roast coffee.", owner="b"),
        message("I prefer dark roast coffee.", owner="a", speaker="Bob"),
    ), S)
    facts = {(m.owner, m.subject) for m in out if m.type == "factual"}
    assert facts == {("a", "Anna"), ("b", "Anna"), ("a", "Bob")}


def test_explicit_importance_wins() -> None:
    out = extract_memories(msgs(message("I prefer dark roast coffee.", importance=5)), S)
    assert {m.importance for m in out} == {5}


def test_a_contradicting_fact_supersedes_the_older_one(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    first = msgs(message("I like jazz music.", message_id="m1", ts="2026-09-01T09:00:00Z"))
    later = msgs(message("I don't like jazz music.", message_id="m2",
                         ts="2026-10-01T09:00:00Z"))
    upsert_memories(conn, extract_memories(first, S), "2026-09-01T10:00:00+00:00")
    report = upsert_memories(conn, extract_memories(later, S), "2026-10-01T10:00:00+00:00")
    assert report.superseded == 1
    rows = conn.execute("SELECT id, key, status, merged_into FROM memories"
                        " WHERE category = 'preference' ORDER BY id").fetchall()
    (old_id, old_key, old_status, old_into), (new_id, new_key, new_status, _) = rows
    assert (old_key, new_key) == ("preference:jazz_music", "preference:not_jazz_music")
    assert (old_status, old_into, new_status) == ("superseded", new_id, "active")
    archived = conn.execute("SELECT reason, content FROM archive WHERE memory_id = ?",
                            (old_id,)).fetchone()
    assert archived[0] == "superseded" and "jazz" in archived[1]  # kept, restorable
    # and saying the first thing again brings it back, superseding the negation
    again = msgs(message("I like jazz music.", message_id="m3", ts="2026-11-01T09:00:00Z"))
    upsert_memories(conn, extract_memories(again, S), "2026-11-01T10:00:00+00:00")
    status = dict(conn.execute("SELECT key, status FROM memories WHERE category = 'preference'"))
    assert status == {"preference:jazz_music": "active", "preference:not_jazz_music": "superseded"}


def test_a_backfilled_older_statement_does_not_override_the_newer_one(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    newer = msgs(message("I don't like jazz music.", message_id="m2", ts="2026-10-05T09:00:00Z"))
    older = msgs(message("I like jazz music.", message_id="m1", ts="2026-10-01T09:00:00Z"))
    for batch in (newer, older):  # the older log arrives second
        conn.executemany(
            "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts, role,"
            " speaker, text, source_file, source_line, run_id) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [(m["message_id"], m["owner"], m["conversation_id"], m["session_id"], m["ts"],
              m["role"], m["speaker"], m["text"], "t.jsonl", 1, "r") for m in batch])
        upsert_memories(conn, extract_memories(batch, S), "2026-11-01T10:00:00+00:00")
    status = dict(conn.execute("SELECT key, status FROM memories WHERE category = 'preference'"))
    assert status == {"preference:not_jazz_music": "active", "preference:jazz_music": "superseded"}


def test_a_repeated_turn_gives_each_message_its_own_memories() -> None:
    """Texts are extracted once and cached: a turn said again by others, or with a given
    importance, still gets its own owner, episode key and importance."""
    text = "I prefer green tea in the evening, it helps me sleep."
    first, again = msgs(message(text, owner="a"), message(text, owner="b", importance=5))
    out = extract_memories([first, again], S)
    assert sorted((m.owner, m.type, m.importance) for m in out) == [
        ("a", "episodic", 2), ("a", "factual", 2), ("b", "episodic", 5), ("b", "factual", 5)]
    assert len({m.key for m in out if m.type == "episodic"}) == 2


def test_a_message_with_an_odd_language_field_still_yields_its_facts() -> None:
    record = {**msgs(message("I love jazz and I live in Turin."))[0], "language": ["it", "en"]}
    out = extract_memories([record], S)
    assert {m.key for m in out if m.type == "factual"} == {"preference:jazz", "profile:turin"}
