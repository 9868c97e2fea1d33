"""Publish stage, analyst side: a Parquet dataset with DuckDB views over it.

Snapshots (memories, archive, quarantine, runs) are rewritten atomically each run; messages
are appended as one part file per run. ``lake/kore.duckdb`` holds the views of
``sql/duckdb_views.sql``.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .ingest import MESSAGE_SCHEMA
from .sqlfiles import load_sql
from .store import query_arrow

SNAPSHOTS = {
    "memories": "SELECT * FROM memories ORDER BY id",
    "archive": "SELECT * FROM archive ORDER BY memory_id",
    "quarantine": "SELECT * FROM quarantine ORDER BY id",
    "runs": "SELECT * FROM runs ORDER BY started_at",
}


def write_parquet_atomic(table: pa.Table, path: Path) -> None:
    """Write a Parquet file through a temp file and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, path)


def _empty_like(conn: sqlite3.Connection, table: str) -> pa.Table:
    cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
    return pa.table({c: pa.array([], type=pa.string()) for c in cols})


def publish(conn: sqlite3.Connection, lake: Path, run_id: str,
            new_messages: pa.Table | None = None) -> dict[str, int]:
    """Write this run's messages and fresh snapshots; return row counts per dataset."""
    counts: dict[str, int] = {}
    msg_dir = lake / "messages"
    msg_dir.mkdir(parents=True, exist_ok=True)
    if new_messages is not None and new_messages.num_rows:
        write_parquet_atomic(new_messages, msg_dir / f"part-{run_id}.parquet")
    if not any(msg_dir.glob("*.parquet")):
        write_parquet_atomic(MESSAGE_SCHEMA.empty_table(), msg_dir / "part-empty.parquet")
    counts["messages"] = new_messages.num_rows if new_messages is not None else 0
    for name, sql in SNAPSHOTS.items():
        table = query_arrow(conn, sql)
        if table.num_rows == 0:
            table = _empty_like(conn, name)
        write_parquet_atomic(table, lake / f"{name}.parquet")
        counts[name] = table.num_rows
    write_duckdb_views(lake)
    return counts


def publish_runs(conn: sqlite3.Connection, lake: Path) -> None:
    """Rewrite ``runs.parquet`` alone: called when a run closes, after its publish stage."""
    if lake.is_dir():
        write_parquet_atomic(query_arrow(conn, SNAPSHOTS["runs"]), lake / "runs.parquet")


def views_sql(lake: Path) -> str:
    """The DuckDB view definitions with the lake folder filled in."""
    return load_sql("duckdb_views").replace("{lake}", lake.resolve().as_posix())


def write_duckdb_views(lake: Path) -> Path:
    """(Re)create ``lake/kore.duckdb`` holding the views, for analysts to open directly."""
    import duckdb

    path = lake / "kore.duckdb"
    con = duckdb.connect(str(path))
    try:
        con.execute(views_sql(lake))
    finally:
        con.close()
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
