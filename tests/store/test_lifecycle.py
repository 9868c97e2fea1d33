"""The memory lifecycle: one module writes statuses; the store refuses any other status."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from kore_pipeline.store import lifecycle
from kore_pipeline.store.db import (
    SCHEMA_VERSION,
    archive_memories,
    connect,
    get_meta,
    restore_memory,
    transaction,
)
from kore_pipeline.store.lifecycle import ARCHIVED, Status
from kore_pipeline.store.sqlfiles import load_sql

AT = "2026-03-01T00:00:00+00:00"


def _add(conn: sqlite3.Connection, mid: int, text: str, status: str = "active") -> None:
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at, status) VALUES"
        " (?, 'o', 'Anna', ?, 'factual', 'preference', ?, 'h', 3, '[]', '2026-01-01',"
        " '2026-01-01', ?)", (mid, f"k{mid}", text, status))


def _status(conn: sqlite3.Connection, mid: int) -> tuple[str, int | None, bool]:
    row = conn.execute("SELECT status, merged_into FROM memories WHERE id = ?", (mid,)).fetchone()
    archived = conn.execute("SELECT 1 FROM archive WHERE memory_id = ?", (mid,)).fetchone()
    return row[0], row[1], archived is not None


def test_schema_check_lists_exactly_the_enum() -> None:
    check = re.search(r"CHECK \(status IN[^(]*\(([^)]*)\)\)", load_sql("schema"))
    assert check is not None
    assert {v.strip(" '\n") for v in check.group(1).split(",")} == {s.value for s in Status}


def test_store_refuses_an_unknown_status(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _add(conn, 1, "I like tea")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        conn.execute("UPDATE memories SET status = 'archived' WHERE id = 1")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        _add(conn, 2, "I like coffee", status="gone")
    conn.close()


def test_transitions_archive_and_revive(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    for mid in (1, 2, 3):
        _add(conn, mid, f"memory {mid}")
    with transaction(conn):
        lifecycle.archive(conn, [1], Status.MERGED, AT, "r", merged_into=[2])
        # merged -> forgotten is not a transition: nothing changes
        lifecycle.archive(conn, [1], Status.FORGOTTEN, AT, "r")
    assert _status(conn, 1) == ("merged", 2, True)
    with transaction(conn):  # any archived memory may be deleted
        archive_memories(conn, [1], "deleted", AT, None, merged_into=[2])
    assert _status(conn, 1) == ("deleted", 2, True)
    with pytest.raises(ValueError, match="revive"):
        lifecycle.archive(conn, [3], Status.ACTIVE, AT, None)
    with pytest.raises(ValueError):
        lifecycle.archive(conn, [3], "archived", AT, None)
    # a revival policy that does not include 'deleted' leaves it archived
    with transaction(conn):
        assert lifecycle.revive(conn, [1], AT, only=lifecycle.REVIVED_BY_MENTION) == []
    assert _status(conn, 1) == ("deleted", 2, True)
    conn.execute("INSERT INTO memory_decay VALUES (1, 0.01)")
    assert restore_memory(conn, 1, AT)
    assert _status(conn, 1) == ("active", None, False)
    score, accessed = conn.execute("SELECT decay_score, last_accessed_at FROM memories_scored"
                                   " WHERE id = 1").fetchone()
    assert (score, accessed) == (1.0, AT)  # decay restarts at the revival
    assert not restore_memory(conn, 1, AT)  # active: nothing to restore
    assert lifecycle.TRANSITIONS[Status.ACTIVE] == ARCHIVED
    assert lifecycle.allowed_sources(Status.DELETED) == frozenset(Status) - {Status.DELETED}
    conn.close()


def test_archive_selected_archives_only_active_rows(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _add(conn, 1, "one")
    _add(conn, 2, "two")
    with transaction(conn):
        lifecycle.archive(conn, [2], Status.MERGED, AT, None, merged_into=[1])
        lifecycle.archive_selected(conn, "SELECT id FROM memories", Status.FORGOTTEN, AT, "d")
    assert _status(conn, 1) == ("forgotten", None, True)
    assert _status(conn, 2) == ("merged", 1, True)
    conn.close()


def _schema_10(path: Path) -> None:
    """A store as schema version 10 left it: no CHECK on status, 0011 not recorded."""
    conn = connect(path)
    ddl = load_sql("schema").split("CREATE TABLE IF NOT EXISTS memories (")[1].split(");")[0]
    ddl = re.sub(r"CHECK \(status IN[^(]*\([^)]*\)\)", "", ddl)
    assert "status IN" not in ddl
    later = ("valid_from", "valid_until", "slot", "slot_value", "rule")  # of 0012 and after
    ddl = "\n".join(line for line in ddl.splitlines() if line.split()[:1] not in
                    [[c] for c in later]).rstrip().rstrip(",")
    conn.executescript(f"""
        DROP VIEW memories_scored;
        DROP TABLE memories;
        CREATE TABLE memories ({ddl});
        DELETE FROM migrations WHERE name >= '0011';
        UPDATE meta SET value = '10' WHERE key = 'schema_version';
    """)
    # the triggers, index and view of version 10 (not the index of 0012's slot column)
    conn.executescript(re.sub(r"CREATE INDEX IF NOT EXISTS memories_slot[^;]*;", "",
                              load_sql("schema")))
    _add(conn, 1, "I prefer caffè ristretto")
    _add(conn, 2, "I run every morning", status="forgotten")
    _add(conn, 3, "I like green tea", status="merged")
    conn.execute("UPDATE memories SET merged_into = 1 WHERE id = 3")
    conn.execute("INSERT INTO memory_decay VALUES (1, 0.5), (2, 0.01)")
    conn.execute("INSERT INTO archive(memory_id, archived_at, reason, content)"
                 " VALUES (2, ?, 'forgotten', 'I run every morning')", (AT,))
    conn.close()


def test_migration_0011_keeps_rows_fts_triggers_and_index(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite"
    _schema_10(path)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE memories SET status = 'anything' WHERE id = 1")  # v10 allowed it
    raw.execute("UPDATE memories SET status = 'active' WHERE id = 1")
    raw.commit()
    raw.close()
    conn = connect(path)
    assert get_meta(conn, "schema_version") == SCHEMA_VERSION
    assert conn.execute("SELECT 1 FROM migrations WHERE name = '0011_status_check'").fetchone()
    rows = [tuple(r) for r in conn.execute(
        "SELECT id, status, merged_into, decay_score FROM memories_scored ORDER BY id")]
    assert rows == [(1, "active", None, 0.5), (2, "forgotten", None, 0.01), (3, "merged", 1, 1.0)]
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        conn.execute("UPDATE memories SET status = 'anything' WHERE id = 1")

    def fts(query: str) -> list[int]:
        return [r[0] for r in conn.execute("SELECT rowid FROM memories_fts WHERE memories_fts"
                                           " MATCH ? ORDER BY rowid", (query,))]

    assert fts("caffe") == [1] and fts("morning") == [2]
    _add(conn, 4, "I drink caffè latte")  # insert trigger
    conn.execute("UPDATE memories SET content = 'I quit running' WHERE id = 2")  # update trigger
    assert fts("caffe") == [1, 4] and fts("morning") == [] and fts("quit") == [2]
    conn.execute("DELETE FROM memories WHERE id = 1")  # delete triggers: FTS and memory_decay
    assert fts("caffe") == [4]
    assert conn.execute("SELECT count(*) FROM memory_decay WHERE memory_id = 1").fetchone()[0] == 0
    indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'"
                                          " AND tbl_name = 'memories'")}
    assert "memories_active_owner" in indexes
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
