"""The SQLite serving store: connection, schema, and the reads and writes every stage shares."""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa

from kore_pipeline.store import lifecycle
from kore_pipeline.store.sqlfiles import load_sql, sql_dir
from kore_pipeline.timeutil import iso, utcnow

SCHEMA_VERSION = "14"
_savepoints = itertools.count(1)

MEMORY_COLUMNS = (
    "id", "owner", "subject", "key", "type", "category", "content", "content_hash", "language",
    "importance", "importance_explicit", "source_message_ids", "session_id", "created_at",
    "updated_at", "last_accessed_at", "access_count", "decay_score", "status", "merged_into",
    "expires_at", "embedded_hash", "valid_from", "valid_until", "superseded_by", "slot",
    "slot_value",
)
"""Columns of the ``memories_scored`` view: a memory with its stored decay score (which lives
in the narrow ``memory_decay`` table since migration 0010), and since 0012 its validity
(``valid_from``/``valid_until``), the memory that superseded it and its slot."""


class StoreError(RuntimeError):
    """The store cannot be opened or is of an incompatible version."""


def connect(db_path: Path) -> sqlite3.Connection:
    """Open (and create or migrate) the store: WAL, busy timeout, rows as ``sqlite3.Row``."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db_path, timeout=30.0, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA busy_timeout=30000")
    conn.execute("PRAGMA synchronous=NORMAL")
    ensure_schema(conn)
    return conn


def ensure_schema(conn: sqlite3.Connection) -> None:
    """Create the schema, or bring an older store up to date; safe to call on every open.

    A store whose ``schema_version`` is newer than this code's is refused before anything
    is changed. ``sql/schema.sql`` is the current schema (every statement IF NOT EXISTS). An
    existing store first gets the named migrations under ``sql/migrations/`` it has not
    recorded, each one atomic; a new store records them all as applied, since the schema
    already contains them.
    """
    def table_exists(name: str) -> bool:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                            (name,)).fetchone() is not None

    if table_exists("meta"):
        version = get_meta(conn, "schema_version")
        if version is not None and int(version) > int(SCHEMA_VERSION):
            raise StoreError(f"store schema version {version} is newer than this kore's"
                             f" ({SCHEMA_VERSION}): upgrade kore-pipeline")
    migrated = False
    applied: list[str] = []
    if table_exists("messages"):
        conn.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY,"
                     " applied_at TEXT NOT NULL)")
        done = {r[0] for r in conn.execute("SELECT name FROM migrations")}
        for name, sql in migrations():
            if name not in done:
                apply_migration(conn, name, sql)
                applied.append(name)
                migrated = True
    conn.executescript(load_sql("schema"))
    if migrated:  # a migration may have recreated the FTS index: fill it from `memories`
        conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
    with transaction(conn):
        for name in ["0001_schema", *(n for n, _ in migrations())]:
            conn.execute("INSERT OR IGNORE INTO migrations(name, applied_at) VALUES (?, ?)",
                         (name, iso(utcnow())))
        set_meta(conn, "schema_version", SCHEMA_VERSION)
    if "0012_validity" in applied:  # slots are read from the text by code, not by SQL
        from kore_pipeline.store.validity import backfill_slots

        backfill_slots(conn)


def _sql_literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def apply_migration(conn: sqlite3.Connection, name: str, sql: str) -> None:
    """Run one migration script and record it, atomically (all of it or none of it).

    The script runs through ``executescript`` (so trigger bodies with inner semicolons work)
    wrapped in its own ``BEGIN IMMEDIATE ... COMMIT``; on any error it is rolled back.
    """
    script = (f"BEGIN IMMEDIATE;\n{sql}\n;\n"
              f"INSERT INTO migrations(name, applied_at) VALUES ({_sql_literal(name)},"
              f" {_sql_literal(iso(utcnow()))});\nCOMMIT;")
    try:
        conn.executescript(script)
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def migrations() -> list[tuple[str, str]]:
    """(name, SQL) of every migration file, in name order."""
    folder = sql_dir() / "migrations"
    return [(p.stem, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.sql"))]


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on error.

    Inside an open transaction it is a SAVEPOINT instead: the stage's writes are undone on
    its error, and become visible only when the outer transaction commits.
    """
    if conn.in_transaction:
        name = f"kore_sp_{next(_savepoints)}"
        conn.execute(f"SAVEPOINT {name}")
        try:
            yield conn
        except BaseException:
            conn.execute(f"ROLLBACK TO {name}")
            conn.execute(f"RELEASE {name}")
            raise
        conn.execute(f"RELEASE {name}")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    """A value of the meta table, or None."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else row[0]


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    """Set a meta value (call inside a transaction)."""
    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def rows_to_arrow(rows: Sequence[sqlite3.Row], columns: Sequence[str]) -> pa.Table:
    """Rows of a query as an Arrow table with the given column names."""
    return pa.table({c: [r[i] for r in rows] for i, c in enumerate(columns)})


def query_arrow(conn: sqlite3.Connection, sql: str, params: Sequence[Any] | dict = ()) -> pa.Table:
    """Run a query and return its result as an Arrow table."""
    cur = conn.execute(sql, params)
    columns = [d[0] for d in cur.description]
    return rows_to_arrow(cur.fetchall(), columns)


def memories_table(conn: sqlite3.Connection, where: str = "1=1",
                   params: Sequence[Any] = ()) -> pa.Table:
    """Memories matching ``where`` as an Arrow table (all columns)."""
    cols = ", ".join(MEMORY_COLUMNS)
    table = query_arrow(conn, f"SELECT {cols} FROM memories_scored WHERE {where} ORDER BY id",
                        params)
    if table.num_rows == 0:
        return pa.table({c: pa.array([], type=pa.null()) for c in MEMORY_COLUMNS})
    return table


def archive_memories(conn: sqlite3.Connection, ids: Sequence[int], reason: str, at: str,
                     run_id: str | None, merged_into: Sequence[int | None] | None = None,
                     only_active: bool = False) -> None:
    """Move memories out of the active set, recording their text (call inside a transaction).

    With ``only_active``, a memory whose status is no longer 'active' is left untouched.
    The work is :func:`kore_pipeline.store.lifecycle.archive`'s.
    """
    lifecycle.archive(conn, ids, reason, at, run_id, merged_into, only_active=only_active)


def restore_memory(conn: sqlite3.Connection, memory_id: int, at: str) -> bool:
    """Bring an archived memory back to the active set; False if it is not archived.

    Its own transaction; :func:`kore_pipeline.store.lifecycle.revive` with ``at`` as the
    last access (so decay restarts from ``at``).
    """
    with transaction(conn):
        return bool(lifecycle.revive(conn, [memory_id], at, accessed_at=at))


def set_decay_scores(conn: sqlite3.Connection, rows: Iterable[tuple[int, float]]) -> int:
    """Store (memory id, decay score) pairs in ``memory_decay``; returns rows written.

    Call inside a transaction.
    """
    cur = conn.executemany("INSERT OR REPLACE INTO memory_decay(memory_id, decay_score)"
                           " VALUES (?, ?)", rows)
    return int(cur.rowcount)


def inserted_id(cur: sqlite3.Cursor) -> int:
    """The rowid an INSERT through ``cur`` just made."""
    if cur.lastrowid is None:
        raise StoreError("the statement inserted no row")
    return int(cur.lastrowid)


def decode_ids(raw: str | None) -> list[str]:
    """Parse a JSON array of message ids stored in ``source_message_ids``."""
    return list(json.loads(raw)) if raw else []
