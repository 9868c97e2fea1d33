"""Publish stage, analyst side: a Parquet dataset with DuckDB views over it.

Snapshots (memories, archive, quarantine, runs) are rewritten atomically each run; messages
are appended as one part file per ingesting run. Column types follow the store's declared
types, so an empty or all-NULL column keeps its type for DuckDB. ``lake/kore.duckdb`` holds
the views of ``sql/duckdb_views.sql``.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from . import faults
from .sqlfiles import load_sql

SNAPSHOTS = {
    "memories": "SELECT * FROM memories ORDER BY id",
    "archive": "SELECT * FROM archive ORDER BY memory_id",
    "quarantine": "SELECT * FROM quarantine ORDER BY id",
    "runs": "SELECT * FROM runs ORDER BY started_at",
}


def write_parquet_atomic(table: pa.Table, path: Path) -> None:
    """Write a Parquet file through a temp file and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def remove_stale_temp_files(lake: Path) -> int:
    """Delete temp files (``.*.tmp``) left in the lake by a process that was killed.

    Only files of processes that no longer run are removed (the pid is in the name), so a
    concurrent publisher's file in progress is left alone. Returns the files removed.
    """
    removed = 0
    for tmp in lake.rglob(".*.tmp") if lake.is_dir() else []:
        pid = tmp.name.rsplit(".", 2)[-2]
        if pid.isdigit() and int(pid) != os.getpid() and faults.process_alive(int(pid)):
            continue
        tmp.unlink(missing_ok=True)
        removed += 1
    return removed

    return True


_ARROW_TYPES = {"INTEGER": pa.int64(), "REAL": pa.float64()}


def table_schema(conn: sqlite3.Connection, table: str) -> pa.Schema:
    """Arrow schema of a store table from its declared SQLite types (TEXT otherwise)."""
    return pa.schema([(r[1], _ARROW_TYPES.get(str(r[2]).upper(), pa.string()))
                      for r in conn.execute(f"PRAGMA table_info({table})")])


def typed_rows(conn: sqlite3.Connection, table: str, sql: str,
               params: tuple = ()) -> pa.Table:
    """Rows of ``table`` as Arrow with the table's declared types, even when empty or NULL."""
    schema = table_schema(conn, table)
    cur = conn.execute(sql, params)
    names = [d[0] for d in cur.description]
    rows = cur.fetchall()
    return pa.table({n: pa.array([r[i] for r in rows], type=schema.field(n).type)
                     for i, n in enumerate(names)})


def publish(conn: sqlite3.Connection, lake: Path) -> dict[str, int]:
    """Write message parts for every run not yet in the lake, and fresh snapshots.

    Messages are appended as one part per ingesting run; a part is written by whichever
    publish comes first, so the messages of a run that failed after ingest reach the lake
    with the next run. Returns row counts per dataset (messages: rows newly written).
    """
    counts: dict[str, int] = {"messages": 0}
    remove_stale_temp_files(lake)
    msg_dir = lake / "messages"
    msg_dir.mkdir(parents=True, exist_ok=True)
    for (run_id,) in conn.execute("SELECT DISTINCT run_id FROM messages ORDER BY run_id"):
        part = msg_dir / f"part-{run_id}.parquet"
        if not part.exists():
            table = typed_rows(conn, "messages", "SELECT * FROM messages WHERE run_id = ?"
                               " ORDER BY ts, message_id", (run_id,))
            write_parquet_atomic(table, part)
            counts["messages"] += table.num_rows
    if not any(msg_dir.glob("*.parquet")):
        write_parquet_atomic(typed_rows(conn, "messages", "SELECT * FROM messages LIMIT 0"),
                             msg_dir / "part-empty.parquet")
    faults.reach("publish")  # message parts written, snapshots not yet
    for name, sql in SNAPSHOTS.items():
        table = typed_rows(conn, name, sql)
        write_parquet_atomic(table, lake / f"{name}.parquet")
        faults.reach("publish")  # between two snapshots
        counts[name] = table.num_rows
    write_duckdb_views(lake)
    return counts


def publish_runs(conn: sqlite3.Connection, lake: Path) -> None:
    """Rewrite ``runs.parquet`` alone: called when a run closes, after its publish stage."""
    if lake.is_dir():
        write_parquet_atomic(typed_rows(conn, "runs", SNAPSHOTS["runs"]), lake / "runs.parquet")


def views_sql(lake: Path) -> str:
    """The DuckDB view definitions with the lake folder filled in."""
    return load_sql("duckdb_views").replace("{lake}", lake.resolve().as_posix())


def write_duckdb_views(lake: Path) -> Path:
    """(Re)create ``lake/kore.duckdb`` holding the views, for analysts to open directly."""
    import duckdb

    path = lake / "kore.duckdb"
    tmp = lake / f".kore.duckdb.{os.getpid()}.tmp"
    tmp.unlink(missing_ok=True)
    try:  # built aside and moved into place: a crash never leaves a half-written file
        con = duckdb.connect(str(tmp))
        try:
            con.execute(views_sql(lake))
            con.execute("CHECKPOINT")
        finally:
            con.close()
        faults.reach("publish")  # views built, not yet in place
        Path(f"{tmp}.wal").unlink(missing_ok=True)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def query(lake: Path, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run SQL against the lake views in an in-memory DuckDB; return (columns, rows)."""
    import duckdb

    con = duckdb.connect()
    try:
        con.execute(views_sql(lake))
        cur = con.execute(sql)
        return [d[0] for d in cur.description], cur.fetchall()
    finally:
        con.close()
