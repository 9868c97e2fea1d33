"""Store: schema setup is re-runnable, migrations are named, recorded and applied once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.store.db import (
    SCHEMA_VERSION,
    StoreError,
    connect,
    connect_reader,
    get_meta,
    migrations,
    set_meta,
)
from kore_pipeline.store.sqlfiles import load_sql
from tests.helpers import as_schema_21, extracted_home, message


def test_schema_setup_is_safe_to_rerun(tmp_path: Path) -> None:
    for _ in range(3):
        conn = connect(tmp_path / "k.sqlite")
        names = [r[0] for r in conn.execute("SELECT name FROM migrations ORDER BY name")]
        conn.close()
    assert names[:3] == ["0001_schema", "0002_messages_extracted", "0003_fts_owner"]
    assert names == ["0001_schema", *(name for name, _ in migrations())]


def test_old_store_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    memories_ddl = load_sql("schema").split("CREATE TABLE IF NOT EXISTS memories (")[1]
    memories_ddl = memories_ddl.split(");")[0].replace(  # v1-v9 kept the score in the row
        "    status ", "    decay_score REAL NOT NULL DEFAULT 1.0,\n    status ", 1)
    memories_ddl = "\n".join(line for line in memories_ddl.splitlines()  # before 0012
                             if not line.strip().startswith(("valid_", "slot", "rule ")))
    old.execute("CREATE TABLE memories (" + memories_ddl + ")")
    old.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL);
        -- the version-1 messages table, before 0002 added `extracted`
        CREATE TABLE messages (message_id TEXT PRIMARY KEY, owner TEXT NOT NULL,
            conversation_id TEXT NOT NULL, session_id TEXT NOT NULL, ts TEXT NOT NULL,
            role TEXT NOT NULL, speaker TEXT, text TEXT NOT NULL, importance INTEGER,
            source_file TEXT NOT NULL, source_line INTEGER NOT NULL, run_id TEXT NOT NULL);
        -- the version-1 FTS index, before 0003 added the owner column
        CREATE VIRTUAL TABLE memories_fts USING fts5(content, subject, content='memories',
            content_rowid='id');
        CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
            INSERT INTO memories_fts(rowid, content, subject)
            VALUES (new.id, new.content, new.subject);
        END;
    """)
    old.execute("INSERT INTO memories(id, owner, subject, key, type, category, content,"
                " content_hash, importance, source_message_ids, created_at, updated_at,"
                " decay_score) VALUES (7, 'o', 'Anna', 'k', 'factual', 'preference',"
                " 'I prefer caffè ristretto', 'h', 3, '[]', '2026-01-01', '2026-01-01', 0.25)")
    old.execute("INSERT INTO memories(id, owner, subject, key, type, category, content,"
                " content_hash, importance, source_message_ids, created_at, updated_at) VALUES"
                " (8, 'o', 'Anna', 'k2', 'factual', 'habit', 'I live in Turin', 'h2', 3, '[]',"
                " '2026-01-01', '2026-01-01')")
    old.execute("INSERT INTO messages VALUES ('m1','o','c','s','2026-01-01T00:00:00+00:00',"
                "'user','Anna','I prefer tea.',NULL,'f.jsonl',1,'run-1')")
    old.execute("INSERT INTO migrations VALUES ('0001_schema', '2026-01-01')")
    old.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    old.commit()
    old.close()
    conn = connect(path)
    row = conn.execute("SELECT text, extracted FROM messages").fetchone()
    assert tuple(row) == ("I prefer tea.", 1)  # kept, and not extracted a second time
    assert get_meta(conn, "schema_version") == SCHEMA_VERSION
    hits = conn.execute("SELECT rowid FROM memories_fts WHERE memories_fts MATCH"
                        " 'caffe AND owner : \"o\"'").fetchall()
    assert [h[0] for h in hits] == [7]  # the index was rebuilt with the owner column
    # 0010: the scores moved to memory_decay (1.0 needs no row) and the column is gone
    assert [tuple(r) for r in conn.execute("SELECT id, decay_score FROM memories_scored"
                                           " ORDER BY id")] == [(7, 0.25), (8, 1.0)]
    assert [tuple(r) for r in conn.execute("SELECT * FROM memory_decay")] == [(7, 0.25)]
    assert "decay_score" not in [r[1] for r in conn.execute("PRAGMA table_info(memories)")]
    # 0012: valid from when it was said (created_at); slots read from the text
    assert [tuple(r) for r in conn.execute("SELECT id, valid_from, valid_until, slot FROM"
                                           " memories_scored ORDER BY id")] == \
        [(7, "2026-01-01", None, None), (8, "2026-01-01", None, "residence")]
    # 0022: the rule that found a memory was not recorded before
    assert [tuple(r) for r in conn.execute("SELECT id, rule FROM memories_scored")] == \
        [(7, None), (8, None)]
    conn.close()


def test_newer_store_is_refused(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    conn.execute("BEGIN")
    set_meta(conn, "schema_version", "99")
    conn.execute("COMMIT")
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        connect(tmp_path / "k.sqlite")


def test_newer_store_is_refused_before_any_migration(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from kore_pipeline.store import db as store

    conn = connect(tmp_path / "k.sqlite")
    conn.execute("BEGIN")
    set_meta(conn, "schema_version", "99")
    conn.execute("COMMIT")
    conn.close()
    pending = [*store.migrations(), ("0999_future", "CREATE TABLE touched (x INTEGER);")]
    monkeypatch.setattr(store, "migrations", lambda: pending)
    with pytest.raises(StoreError, match="newer"):
        connect(tmp_path / "k.sqlite")
    raw = sqlite3.connect(tmp_path / "k.sqlite")
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    names = {r[0] for r in raw.execute("SELECT name FROM migrations")}
    raw.close()
    assert "touched" not in tables and "0999_future" not in names


def test_migration_with_a_trigger_body_runs_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from kore_pipeline.store import db as store

    connect(tmp_path / "k.sqlite").close()
    trigger = """
        -- semicolons inside BEGIN ... END must not split the script
        CREATE TABLE audit (key TEXT, note TEXT);
        CREATE TRIGGER meta_audit AFTER INSERT ON meta BEGIN
            INSERT INTO audit VALUES (new.key, 'a; b');
            INSERT INTO audit VALUES (new.key, 'second');
        END;
    """
    monkeypatch.setattr(store, "migrations", lambda: [("0999_trigger", trigger)])
    conn = connect(tmp_path / "k.sqlite")
    conn.execute("INSERT INTO meta VALUES ('x', '1')")
    assert [tuple(r) for r in conn.execute("SELECT * FROM audit")] == [("x", "a; b"),
                                                                       ("x", "second")]
    assert conn.execute("SELECT count(*) FROM migrations WHERE name = '0999_trigger'"
                        ).fetchone()[0] == 1
    conn.close()


def test_failed_migration_leaves_no_trace(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from kore_pipeline.store import db as store

    connect(tmp_path / "k.sqlite").close()
    broken = "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(store, "migrations", lambda: [("0999_broken", broken)])
    with pytest.raises(sqlite3.OperationalError):
        connect(tmp_path / "k.sqlite")
    raw = sqlite3.connect(tmp_path / "k.sqlite")
    assert raw.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'").fetchone()[0] == 0
    assert raw.execute("SELECT count(*) FROM migrations WHERE name = '0999_broken'"
                       ).fetchone()[0] == 0
    raw.close()


def test_known_message_ids_is_gone() -> None:
    from kore_pipeline.store import db as store

    assert not hasattr(store, "known_message_ids")


def test_fts_index_is_detected_by_sqlite_utils_also_after_migration(tmp_path: Path) -> None:
    """content="memories" (double-quoted) is what sqlite-utils and datasette look for; a
    store made before 0014 (single quotes) is migrated and its index rebuilt."""
    sqlite_utils = pytest.importorskip("sqlite_utils")
    fresh = tmp_path / "fresh.sqlite"
    connect(fresh).close()
    assert sqlite_utils.Database(fresh)["memories"].detect_fts() == "memories_fts"

    old = tmp_path / "old.sqlite"
    conn = connect(old)
    conn.execute("INSERT INTO memories(owner, subject, key, type, category, content,"
                 " content_hash, importance, source_message_ids, created_at, updated_at)"
                 " VALUES ('o', 'u', 'k', 'factual', 'note', 'espresso with lemon', 'h', 3,"
                 " '[]', '2026-09-01', '2026-09-01')")
    conn.executescript("""
        DROP TRIGGER memories_ai; DROP TRIGGER memories_ad; DROP TRIGGER memories_au;
        DROP TABLE memories_fts;
        CREATE VIRTUAL TABLE memories_fts USING fts5(content, subject, owner,
            content='memories', content_rowid='id');
        INSERT INTO memories_fts(memories_fts) VALUES ('rebuild');
        DELETE FROM migrations WHERE name LIKE '0014%';
        UPDATE meta SET value = '10' WHERE key = 'schema_version';
    """)
    conn.close()
    assert sqlite_utils.Database(old)["memories"].detect_fts() is None  # as it was
    connect(old).close()
    db = sqlite_utils.Database(old)
    assert db["memories"].detect_fts() == "memories_fts"
    assert [r["content"] for r in db["memories"].search("lemon")] == ["espresso with lemon"]


def test_an_upgrade_fills_the_slots_learnt_since(tmp_path: Path) -> None:
    """Memories stored before a slot kind existed get it on upgrade (0019), so a later change
    supersedes them: "I support Chelsea" -> "I support Brighton now"."""
    path = tmp_path / "k.sqlite"
    conn = connect(path)
    conn.execute("INSERT INTO memories(owner, subject, key, type, category, content,"
                 " content_hash, importance, source_message_ids, session_id, created_at,"
                 " updated_at) VALUES ('o', 'user', 'preference:chelsea', 'factual',"
                 " 'preference', 'I support Chelsea', 'h', 3, '[]', 's',"
                 " '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')")
    conn.executescript("DELETE FROM migrations WHERE name = '0019_more_slots';"
                       " UPDATE meta SET value = '18' WHERE key = 'schema_version';")
    conn.close()
    conn = connect(path)
    row = conn.execute("SELECT slot, slot_value FROM memories").fetchone()
    assert tuple(row) == ("fan", "chelsea")
    assert conn.execute("SELECT 1 FROM migrations WHERE name = '0019_more_slots'").fetchone()


def test_migration_0020_indexes_messages_by_id_for_when_a_memory_was_said(
        tmp_path: Path) -> None:
    """A store of schema 19 gets the index; the extract stage's look-up of a memory's newest
    source message reads it instead of every message of the owner."""
    conn = connect(tmp_path / "k.sqlite")
    conn.execute("DROP INDEX messages_owner_id")
    conn.execute("DELETE FROM migrations WHERE name = '0020_messages_by_id'")
    conn.execute("UPDATE meta SET value = '19' WHERE key = 'schema_version'")
    conn.close()
    conn = connect(tmp_path / "k.sqlite")
    assert get_meta(conn, "schema_version") == SCHEMA_VERSION
    plan = " ".join(r[3] for r in conn.execute(
        "EXPLAIN QUERY PLAN SELECT max(ts) FROM messages WHERE owner = ? AND message_id IN"
        " (?, ?)", ("o", "m1", "m2")))
    assert "COVERING INDEX messages_owner_id (owner=? AND message_id=?)" in plan


def test_an_upgrade_to_0021_fills_habit_and_age_slots(tmp_path: Path) -> None:
    """Memories stored before the ending slots get them on upgrade (0021), so a later
    ending supersedes them: "I drink coffee every morning" -> "I stopped drinking coffee"."""
    path = tmp_path / "k.sqlite"
    conn = connect(path)
    for key, text in (("habit:coffee", "I drink coffee every morning"), ("profile:34", "I'm 34")):
        conn.execute("INSERT INTO memories(owner, subject, key, type, category, content,"
                     " content_hash, importance, source_message_ids, session_id, created_at,"
                     " updated_at) VALUES ('o', 'user', ?, 'factual', 'profile', ?, 'h', 3,"
                     " '[]', 's', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')",
                     (key, text))
    conn.executescript("DELETE FROM migrations WHERE name = '0021_ending_slots';"
                       " UPDATE meta SET value = '20' WHERE key = 'schema_version';")
    conn.close()
    conn = connect(path)
    rows = [tuple(r) for r in conn.execute("SELECT slot, slot_value FROM memories ORDER BY id")]
    assert rows == [("habit:drink", "coffee"), ("age", "34")]
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] \
        == SCHEMA_VERSION


def test_an_upgrade_to_0022_adds_the_rule_column_empty(tmp_path: Path) -> None:
    """A store of schema 21 opens (for reading too), gains ``rule`` with NULL for every memory
    it held (which rule found them was never recorded), and new facts get theirs."""
    settings = extracted_home(tmp_path, [message("I work at Google", message_id="m1")])
    path = settings.db_path()
    as_schema_21(path)
    old = sqlite3.connect(path)
    assert "rule" not in [r[1] for r in old.execute("PRAGMA table_info(memories)")]
    old.close()
    reader = connect_reader(path)  # the reader's path upgrades through the writer, once
    try:
        assert get_meta(reader, "schema_version") == SCHEMA_VERSION == "22"
        assert [tuple(r) for r in reader.execute("SELECT content, rule FROM memories_scored")] \
            == [("I work at Google", None)]
    finally:
        reader.close()
    conn = connect(path)
    try:
        assert conn.execute("SELECT 1 FROM migrations WHERE name = '0022_memory_rule'").fetchone()
        later = [normalise(message("I live in Berlin", message_id="m2"), settings, "t", 2)]
        upsert_memories(conn, extract_memories(later, settings), "2026-09-11T00:00:00+00:00")
        rules = dict(conn.execute("SELECT content, rule FROM memories").fetchall())
    finally:
        conn.close()
    assert rules == {"I work at Google": None,
                     "I live in Berlin": extract_facts("I live in Berlin", "en")[0].trigger}
