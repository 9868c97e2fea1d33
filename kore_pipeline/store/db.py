"""The SQLite serving store: connection, schema, and the reads and writes every stage shares."""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa

from kore_pipeline.store import lifecycle
from kore_pipeline.store.check import (
    QUICK_CHECK_MAX_BYTES,
    DamagedStore,
    NoStore,
    StoreError,
    quick_check,
    read_failure,
    table_names,
    verify_sqlite_file,
    verify_store_schema,
)
from kore_pipeline.store.sqlfiles import load_sql, sql_dir
from kore_pipeline.timeutil import iso, utcnow

__all__ = ["DamagedStore", "NoStore", "StoreError", "connect", "connect_reader"]

SCHEMA_VERSION = "22"
_savepoints = itertools.count(1)

MEMORY_COLUMNS = (
    "id", "owner", "subject", "key", "type", "category", "content", "content_hash", "language",
    "importance", "importance_explicit", "source_message_ids", "session_id", "created_at",
    "updated_at", "last_accessed_at", "access_count", "decay_score", "status", "merged_into",
    "expires_at", "embedded_hash", "valid_from", "valid_until", "superseded_by", "slot",
    "slot_value", "rule",
)
"""Columns of the ``memories_scored`` view: a memory with its stored decay score (which lives
in the narrow ``memory_decay`` table since migration 0010), and since 0012 its validity
(``valid_from``/``valid_until``), the memory that superseded it and its slot; since 0022 the
extraction rule that found it."""


def _verify_existing(conn: sqlite3.Connection, db_path: Path) -> None:
    """Quick-check a store that is cheap to scan, then require the kore tables."""
    try:
        if db_path.stat().st_size <= QUICK_CHECK_MAX_BYTES:
            quick_check(conn, db_path)
        verify_store_schema(conn, db_path)
    except BaseException:
        conn.close()
        raise


def connect(db_path: Path, create: bool = True) -> sqlite3.Connection:
    """Open the store for writing (verified; created or migrated): WAL, busy timeout, rows.

    An existing file is checked first (header, ``quick_check`` up to
    :data:`~kore_pipeline.store.check.QUICK_CHECK_MAX_BYTES`, the kore tables): a damaged
    store raises :class:`DamagedStore` and is never treated as empty. Without ``create``, a
    missing store raises :class:`NoStore` and nothing is created.
    """
    exists = db_path.is_file()
    if not exists and not create:
        raise NoStore(db_path)
    if exists:
        verify_sqlite_file(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db_path, timeout=30.0, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    if exists and table_names(conn, db_path):  # a header-only file is a store never written
        _verify_existing(conn, db_path)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=30000")
        conn.execute("PRAGMA synchronous=NORMAL")
        ensure_schema(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if isinstance(exc, sqlite3.OperationalError):  # locked, busy, a failed migration
            raise
        raise read_failure(db_path, exc) from None
    return conn


def connect_reader(db_path: Path, busy_ms: int = 30000,
                   read_only: bool = True) -> sqlite3.Connection:
    """Open an existing store for reading: verified, no schema work, no lock taken.

    ``read_only`` opens it with ``mode=ro`` (nothing can be written); otherwise the
    connection may append (the search access log) but never migrates. Verified as
    :func:`connect` does (a reader scans only stores up to the quick-check size). A store of
    an older schema is upgraded once through :func:`connect` (the writer path); a missing
    store raises :class:`NoStore` and nothing is created.
    """
    if not db_path.is_file():
        raise NoStore(db_path)
    verify_sqlite_file(db_path)
    conn = _open_existing(db_path, busy_ms, read_only)
    _verify_existing(conn, db_path)
    try:
        version = get_meta(conn, "schema_version")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise read_failure(db_path, exc) from None
    if version is not None and int(version) > int(SCHEMA_VERSION):
        conn.close()
        raise StoreError(f"store schema version {version} is newer than this kore's"
                         f" ({SCHEMA_VERSION}): upgrade kore-pipeline")
    if version is None or int(version) < int(SCHEMA_VERSION):
        conn.close()
        connect(db_path).close()  # an older store: the writer path migrates it, once
        conn = _open_existing(db_path, busy_ms, read_only)
    return conn


def _open_existing(db_path: Path, busy_ms: int, read_only: bool) -> sqlite3.Connection:
    if read_only:
        conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?{_read_only_mode(db_path)}",
                               uri=True,
                               timeout=busy_ms / 1000, isolation_level=None,
                               check_same_thread=False)
    else:
        conn = sqlite3.connect(db_path, timeout=busy_ms / 1000, isolation_level=None,
                               check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    return conn


def _read_only_mode(db_path: Path) -> str:
    """``mode=ro``; ``immutable=1`` in a folder no one here may write that holds no WAL.

    SQLite reads a WAL-mode store only through its ``-shm`` file, which a read-only folder
    cannot get; without a ``-wal`` file everything committed is in the store itself, and
    a writer could not start without creating both, so the file is read as it is.
    """
    wal = Path(f"{db_path}-wal")
    if not os.access(db_path.parent, os.W_OK) and not wal.exists() \
            and not Path(f"{db_path}-shm").exists():
        return "immutable=1"
    return "mode=ro"


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
    if {"0012_validity", "0019_more_slots", "0021_ending_slots"} & set(applied):  # by code
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


@contextmanager
def page_cache(conn: sqlite3.Connection, kib: int) -> Iterator[sqlite3.Connection]:
    """At least ``kib`` KiB of page cache for the block (``PRAGMA cache_size``; pages are
    allocated as used), the previous size after it.

    One big write (the upsert of a large batch) dirties more pages than the default 2 MB
    hold: SQLite then spills them into the WAL mid-transaction, and every later page read
    searches the WAL's growing index first.
    """
    before = int(conn.execute("PRAGMA cache_size").fetchone()[0])
    held = -before if before < 0 else before * 4  # pages of at most 4 KiB: an estimate
    if held >= kib:
        yield conn
        return
    conn.execute(f"PRAGMA cache_size = {-int(kib)}")
    try:
        yield conn
    finally:
        conn.execute(f"PRAGMA cache_size = {before}")


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


def restore_run(conn: sqlite3.Connection, run_id: str, at: str) -> int:
    """Undo what one decay or compress pass archived; returns the memories made active.

    Every memory the run archived as 'forgotten' or 'merged' (and still in that state) is
    active again with its text, its decay score reset (the next pass rescores it at its
    ``now``) and its archive record dropped. A keeper of a compression keeps its merged
    provenance. Raises :class:`StoreError` for an unknown run.
    """
    with transaction(conn):
        run = conn.execute("SELECT kind FROM runs WHERE run_id = ?", (run_id,)).fetchone()
        if run is None:
            raise StoreError(f"no run {run_id!r} in this store (see the runs in `kore stats`"
                             " or the lake's runs dataset)")
        ids = [int(r[0]) for r in conn.execute(
            "SELECT a.memory_id FROM archive AS a JOIN memories AS m ON m.id = a.memory_id"
            " WHERE a.run_id = ? AND a.reason IN ('forgotten', 'merged')"
            " AND m.status = a.reason", (run_id,))]
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            marks = ",".join("?" * len(chunk))
            conn.execute(f"UPDATE memories SET status = 'active', merged_into = NULL,"
                         f" updated_at = ? WHERE id IN ({marks})", [at, *chunk])
            conn.execute(f"DELETE FROM memory_decay WHERE memory_id IN ({marks})", chunk)
            conn.execute(f"DELETE FROM archive WHERE memory_id IN ({marks})", chunk)
    return len(ids)
