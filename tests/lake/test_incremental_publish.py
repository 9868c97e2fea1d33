"""An incremental publish gives readers the lake a full publish of the same store gives: over
days of new messages and memories, decay archiving, a merge, a deleted memory and a bad
timestamp (real SQLite, real DuckDB, no model)."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from kore_pipeline.lake import datasets
from kore_pipeline.lake import publish as lake
from kore_pipeline.lifecycle.decay import run_decay
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, transaction
from kore_pipeline.store.lifecycle import archive

DAY0 = datetime(2026, 3, 1, 9, 0)  # naive: ts() writes it as UTC
OWNERS = ["anna", "bea b/c", "carl"]


def ts(day: int, minute: int = 0) -> str:
    return (DAY0 + timedelta(days=day, minutes=minute)).isoformat(timespec="seconds") + "+00:00"


def add_messages(conn: sqlite3.Connection, day: int, owner: str, n: int) -> None:
    with transaction(conn):
        conn.executemany(
            "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts, role,"
            " speaker, text, source_file, source_line, run_id, extracted)"
            " VALUES (?, ?, 'c1', ?, ?, 'user', 'Anna', ?, 'in.jsonl', ?, ?, 1)",
            [(f"d{day}-{i}", owner, f"s{day}", ts(day, i), f"day {day} message {i}", i,
              f"run-{day}") for i in range(n)])


def add_memories(conn: sqlite3.Connection, day: int, owner: str, n: int,
                 created: str | None = None) -> list[int]:
    ids = []
    with transaction(conn):
        for i in range(n):
            at = created or ts(day, i)
            cur = conn.execute(
                "INSERT INTO memories(owner, subject, key, type, category, content,"
                " content_hash, language, importance, source_message_ids, session_id,"
                " created_at, updated_at) VALUES (?, 'Anna', ?, 'factual', 'preference', ?,"
                " ?, 'en', ?, ?, ?, ?, ?)",
                (owner, f"preference:d{day}_{i}", f"likes thing {day}.{i}", f"h{day}.{i}",
                 1 + (i % 5), json.dumps([f"d{day}-{i}", "agent:x"]) if i % 3 else "[]",
                 f"s{day}", at, at))
            ids.append(int(cur.lastrowid or 0))
    return ids


def snapshot_store(conn: sqlite3.Connection, path: Path) -> sqlite3.Connection:
    """A copy of the store (so a full publish of it leaves the original's token alone)."""
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copy = sqlite3.connect(path)
    conn.backup(copy)
    copy.close()
    return connect(path)


def reader_view(folder: Path) -> dict[str, Any]:
    """What a reader sees: every dataset through pyarrow and every view through DuckDB."""
    seen: dict[str, Any] = {}
    for name in ["messages", "memories", "archive", "access_log", "quarantine"]:
        table = lake.read_dataset(folder, name)
        seen[f"file:{name}"] = (str(table.schema.remove_metadata()),
                                sorted(map(repr, table.to_pylist())))
    con = lake.connect_views(folder, now="2026-06-01T00:00:00Z")
    try:
        for view in lake.view_names():
            if view in ("runs", "run_stages", "run_history", "run_stage_timings",
                        "compression_history"):
                continue  # the run tables are not part of this store's days
            cur = con.execute(f"SELECT * FROM {view}")
            seen[view] = ([d[0] for d in cur.description], [str(d[1]) for d in cur.description],
                          sorted(map(repr, cur.fetchall())))
    finally:
        con.close()
    return seen


@pytest.mark.parametrize("delta_share", [100.0, 0.25])
def test_incremental_days_read_the_same_as_a_full_publish(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, delta_share: float) -> None:
    """Large share: every day after the first is a delta; the default share: these small
    stores compact often (the base written whole again), which must read the same too."""
    monkeypatch.setattr(datasets, "DELTA_SHARE", delta_share)
    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(tmp_path / "home" / "kore.sqlite")
    folder = tmp_path / "home" / "lake"
    days: list[Any] = [
        lambda: (add_messages(conn, 0, "anna", 5), add_messages(conn, 0, "bea b/c", 3),
                 add_memories(conn, 0, "anna", 6), add_memories(conn, 0, "bea b/c", 4)),
        lambda: (add_messages(conn, 1, "carl", 4), add_memories(conn, 1, "carl", 3)),
        lambda: run_decay(conn, settings, datetime.fromisoformat(ts(120))),  # archives some
        lambda: _merge(conn),
        lambda: _delete(conn),
        lambda: (add_memories(conn, 5, "anna", 2, created="2026-02-30T09:00:00+00:00"),
                 conn.execute("UPDATE messages SET ts = 'not a time' WHERE owner = 'carl'"
                              " AND message_id = 'd1-0'"),
                 conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                              " VALUES (1, 'anna', '2026-05-01T10:00:00Z', 'thing')")),
        lambda: None,  # a day with no change
    ]
    base_inode = None
    for day, change in enumerate(days):
        change()
        lake.publish(conn, folder, settings)
        full = tmp_path / f"full-{day}"
        copy = snapshot_store(conn, tmp_path / f"copy-{day}.sqlite")
        try:
            lake.publish(copy, full, settings)
        finally:
            copy.close()
        assert reader_view(folder) == reader_view(full), f"day {day}"
        base = (folder / "memories" / "base.parquet").stat().st_ino
        if day > 0 and delta_share > 1:
            assert base == base_inode, f"day {day}: memories base rewritten"
        base_inode = base
    archived = lake.query(folder, "SELECT reason, count(*) FROM archive GROUP BY 1 ORDER BY 1",
                          settings)[1]
    assert dict(archived).keys() >= {"forgotten", "merged"}
    bad = lake.query(folder, "SELECT count(*) FROM memories WHERE created_at IS NULL")[1]
    assert bad == [(2,)]  # the store keeps the bad text, the lake gets NULL
    conn.close()


def _merge(conn: sqlite3.Connection) -> None:
    active = [r[0] for r in conn.execute(
        "SELECT id FROM memories WHERE status = 'active' AND owner = 'anna' ORDER BY id")]
    with transaction(conn):
        archive(conn, [active[0]], "merged", ts(121), "compress-1", merged_into=[active[1]])
        conn.execute("UPDATE memories SET content = content || ' (merged)' WHERE id = ?",
                     (active[1],))


def _delete(conn: sqlite3.Connection) -> None:
    with transaction(conn):
        victim = conn.execute("SELECT max(id) FROM memories WHERE owner = 'bea b/c'"
                              ).fetchone()[0]
        conn.execute("DELETE FROM archive WHERE memory_id = ?", (victim,))
        conn.execute("DELETE FROM memories WHERE id = ?", (victim,))
        conn.execute("DELETE FROM messages WHERE owner = 'bea b/c' AND message_id = 'd0-0'")


def test_unchanged_owners_are_carried_and_changed_ones_rewritten(tmp_path: Path) -> None:
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    for owner in OWNERS:
        add_messages(conn, 0, owner, 3)
    lake.publish(conn, folder)
    files = {p.parent.name: p.stat().st_ino for p in (folder / "messages").rglob("*.parquet")}
    add_messages(conn, 1, "carl", 2)
    counts = lake.publish(conn, folder)
    after = {p.parent.name: p.stat().st_ino for p in (folder / "messages").rglob("*.parquet")}
    assert counts["messages"] == 2
    assert after["owner=anna"] == files["owner=anna"]  # carried: the same file
    assert after["owner=carl"] != files["owner=carl"]
    rows = lake.query(folder, "SELECT owner, count(*) FROM messages GROUP BY 1 ORDER BY 1")[1]
    assert rows == [("anna", 3), ("bea b/c", 3), ("carl", 5)]
    assert conn.execute("SELECT count(*) FROM lake_pending_owners").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize("damage", ["messages", "memories"])
def test_an_unreadable_file_is_rewritten_from_the_store(tmp_path: Path, damage: str) -> None:
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    add_messages(conn, 0, "anna", 3)
    add_memories(conn, 0, "anna", 3)
    lake.publish(conn, folder)
    target = next((folder / damage).rglob("part-0.parquet" if damage == "messages"
                                          else "base.parquet"))
    target.unlink()  # a new inode: the version before keeps its own copy
    target.write_bytes(b"PAR1 not a parquet file")
    add_memories(conn, 1, "anna", 1)
    lake.publish(conn, folder)
    assert lake.query(folder, "SELECT count(*) FROM messages")[1] == [(3,)]
    assert lake.query(folder, "SELECT count(*) FROM memories")[1] == [(4,)]
    conn.close()


def test_a_new_store_column_rewrites_what_carries_it(tmp_path: Path) -> None:
    """A column added to the store (a migration) reaches every row, as a full publish."""
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    for owner in OWNERS:
        add_messages(conn, 0, owner, 2)
    ids = add_memories(conn, 0, "anna", 4)
    with transaction(conn):
        archive(conn, ids[:1], "forgotten", ts(1), "decay-1")
    lake.publish(conn, folder)
    conn.execute("ALTER TABLE messages ADD COLUMN mood TEXT DEFAULT 'calm'")
    conn.execute("ALTER TABLE archive ADD COLUMN note TEXT DEFAULT 'kept'")
    add_messages(conn, 1, "carl", 1)
    lake.publish(conn, folder)
    copy = snapshot_store(conn, tmp_path / "copy.sqlite")
    try:
        lake.publish(copy, tmp_path / "full")
    finally:
        copy.close()
    assert reader_view(folder) == reader_view(tmp_path / "full")
    assert lake.query(folder, "SELECT DISTINCT mood FROM messages")[1] == [("calm",)]
    assert lake.query(folder, "SELECT note FROM archive")[1] == [("kept",)]
    conn.close()


def test_an_older_copy_of_the_store_put_back_gets_its_own_lake(tmp_path: Path) -> None:
    """The store file replaced by an older copy of itself: the lake follows it, not the
    changes it never saw."""
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    add_messages(conn, 0, "anna", 2)
    add_memories(conn, 0, "anna", 2)
    lake.publish(conn, folder)
    snapshot_store(conn, tmp_path / "old.sqlite").close()
    add_messages(conn, 1, "anna", 3)
    add_memories(conn, 1, "anna", 3)
    lake.publish(conn, folder)
    conn.close()
    old = connect(tmp_path / "old.sqlite")
    try:
        lake.publish(old, folder)
    finally:
        old.close()
    assert lake.query(folder, "SELECT count(*) FROM messages")[1] == [(2,)]
    assert lake.query(folder, "SELECT count(*) FROM memories")[1] == [(2,)]
