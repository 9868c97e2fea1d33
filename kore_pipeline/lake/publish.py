"""Publish stage, analyst side: a documented Parquet dataset with DuckDB views (docs/lake.md).

``messages`` is hive-partitioned by owner (rows sorted by time, with a ``day`` column); it is
written as a new version folder under ``_versions/`` and swapped in by replacing the
``messages`` symlink, so a reader sees the old version or the new one, never half of one.
The small tables are single files written through a temp file and ``os.replace``. Column
types follow the store's declared types (times as UTC timestamps), so empty or all-NULL
columns keep their type. ``_schema.json`` and each file's metadata carry
:data:`LAKE_SCHEMA_VERSION`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import time
from itertools import groupby
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pyarrow as pa
import pyarrow.parquet as pq

from kore_pipeline import faults, files
from kore_pipeline.settings import HALF_LIVES_DAYS, KoreSettings
from kore_pipeline.store.db import SCHEMA_VERSION
from kore_pipeline.store.runlog import log
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.timeutil import BadTimestamp, iso, parse_ts, utcnow

LAKE_SCHEMA_VERSION = 3
"""Version of the lake's layout and columns (docs/lake.md); 1 was one file per run; 2 kept
lists and objects as JSON text and flags as integers. An older lake is rewritten by the next
publish (:func:`upgrade_lake` does it before ``kore sql`` and ``kore report`` read it)."""

BOOL_COLUMNS = frozenset({"importance_explicit", "extracted", "applied"})
"""Flags (0/1 in SQLite) stored as Parquet booleans."""
LIST_COLUMNS = frozenset({"source_message_ids"})
"""JSON arrays of strings in SQLite, ``list<string>`` in the lake."""
MAP_COLUMNS = frozenset({"counts"})
"""Flat JSON objects of numbers (a stage's counts), ``map<string, double>`` in the lake."""
STRUCT_COLUMNS = frozenset({"stats"})
"""Nested JSON objects (a run's summary), a Parquet struct (fields united over the rows;
JSON text if the rows cannot be united)."""

TIME_COLUMNS = frozenset({"ts", "created_at", "updated_at", "last_accessed_at", "expires_at",
                          "archived_at", "accessed_at", "started_at", "finished_at", "now",
                          "valid_from", "valid_until"})
"""Columns stored as ISO text in SQLite and as UTC timestamps in the lake."""

VIEW_COLUMN_TYPES: dict[str, pa.DataType] = {"superseded_by": pa.int64()}
"""Types of columns computed by a store view (no declared type in any table)."""

MESSAGES_ROW_GROUP = 65_536
"""Rows per Parquet row group in the messages files (the unit DuckDB skips by statistics)."""

MESSAGES_SQL = "SELECT * FROM messages ORDER BY owner, ts, conversation_id, message_id"

SNAPSHOTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "memories": ("SELECT * FROM memories_scored ORDER BY id", ("memories", "memory_decay")),
    "archive": ("SELECT a.*, m.owner AS owner, m.subject AS subject FROM archive a"
                " LEFT JOIN memories m ON m.id = a.memory_id ORDER BY a.memory_id",
                ("archive", "memories")),
    "access_log": ("SELECT * FROM access_log ORDER BY id", ("access_log",)),
    "quarantine": ("SELECT * FROM quarantine ORDER BY id", ("quarantine",)),
    "runs": ("SELECT * FROM runs ORDER BY started_at", ("runs",)),
    "run_stages": ("SELECT * FROM run_stages ORDER BY run_id, seq", ("run_stages",)),
}
"""Unpartitioned datasets: name -> (query, store tables whose declared types it uses)."""

_ARROW_TYPES = {"INTEGER": pa.int64(), "REAL": pa.float64()}
_TIMESTAMP = pa.timestamp("us", tz="UTC")


def write_parquet_atomic(table: pa.Table, path: Path) -> None:
    """Write a Parquet file atomically (:func:`kore_pipeline.files.atomic_path`)."""
    with files.atomic_path(path) as tmp:
        pq.write_table(table, tmp, compression="zstd")


def remove_stale_temp_files(lake: Path) -> int:
    """Delete temp files left in the lake by a process that was killed (see
    :func:`kore_pipeline.files.remove_stale_temp_files`: a concurrent publisher's file in
    progress is left alone). Temp folders of partitioned versions are cleaned by
    :func:`write_messages`. Returns the files removed.
    """
    return files.remove_stale_temp_files(lake)


def write_text_atomic(text: str, path: Path) -> None:
    """Write a text file atomically (:func:`kore_pipeline.files.write_text`)."""
    files.write_text(path, text)


_MAP = pa.map_(pa.string(), pa.float64())


def column_type(name: str, declared: str) -> pa.DataType:
    """The lake type of a store column: by name for times, flags, lists and maps, else by its
    declared SQLite type (TEXT otherwise)."""
    if name in TIME_COLUMNS:
        return _TIMESTAMP
    if name in BOOL_COLUMNS:
        return pa.bool_()
    if name in LIST_COLUMNS:
        return pa.list_(pa.string())
    if name in MAP_COLUMNS:
        return _MAP
    return _ARROW_TYPES.get(declared.upper(), pa.string())


def table_schema(conn: sqlite3.Connection, table: str) -> pa.Schema:
    """Arrow schema of a store table from its declared types (TEXT otherwise; times as UTC)."""
    return pa.schema([(r[1], column_type(r[1], str(r[2])))
                      for r in conn.execute(f"PRAGMA table_info({table})")])


def _json(value: Any) -> Any:
    if value is None or value == "":
        return None
    try:
        return json.loads(value)
    except (TypeError, ValueError):
        return None


def _struct_or_text(values: list[Any]) -> pa.Array:
    """JSON objects as one struct column (written once to be sure Parquet takes it), else
    the JSON text."""
    import io

    try:
        arr = pa.array([_json(v) for v in values])
        if pa.types.is_struct(arr.type) and arr.type.num_fields:
            pq.write_table(pa.table({"x": arr}), io.BytesIO())
            return arr
    except (pa.ArrowException, ValueError, TypeError):
        pass
    return pa.array(values, type=pa.string())


def _column(kind: pa.DataType, name: str, values: list[Any]) -> pa.Array:
    if kind == _TIMESTAMP:
        return pa.array([_timestamp(v) for v in values], type=kind)
    if name in BOOL_COLUMNS:
        return pa.array([None if v is None else bool(v) for v in values], type=kind)
    if name in LIST_COLUMNS:
        return pa.array([[str(x) for x in j] if isinstance(j := _json(v), list) else None
                         for v in values], type=kind)
    if name in MAP_COLUMNS:
        return pa.array([None if not isinstance(j := _json(v), dict) else
                         [(str(k), float(x)) for k, x in j.items()
                          if isinstance(x, int | float) and not isinstance(x, bool)]
                         for v in values], type=kind)
    if name in STRUCT_COLUMNS:
        return _struct_or_text(values)
    return pa.array(values, type=kind)


def _timestamp(value: Any) -> Any:
    if value is None:
        return None
    try:
        return parse_ts(value)
    except BadTimestamp:  # the store keeps the text; the lake gets NULL
        return None


def typed_rows(conn: sqlite3.Connection, table: str | tuple[str, ...], sql: str,
               params: tuple = (), dataset: str | None = None) -> pa.Table:
    """Rows of ``sql`` as Arrow typed by the declared types of ``table`` (even when empty)."""
    tables = (table,) if isinstance(table, str) else table
    types: dict[str, pa.DataType] = {}
    for name in reversed(tables):
        types.update({f.name: f.type for f in table_schema(conn, name)})
    cur = conn.execute(sql, params)
    names = [d[0] for d in cur.description]
    rows = cur.fetchall()
    arrays = {}
    for i, n in enumerate(names):
        kind = types.get(n, VIEW_COLUMN_TYPES.get(n) or column_type(n, "TEXT"))
        arrays[n] = _column(kind, n, [r[i] for r in rows])
    out = pa.table(arrays)
    meta = {b"kore.lake_schema_version": str(LAKE_SCHEMA_VERSION).encode(),
            b"kore.dataset": (dataset or tables[0]).encode()}
    return out.replace_schema_metadata(meta)


MAX_FOLDER_OWNER = 96
"""Longest percent-encoded owner kept whole in a folder name (file names stop at 255 bytes)."""


def owner_folder(owner: str) -> str:
    """Hive folder name of an owner: ``owner=<percent-encoded owner>``, bounded.

    An owner whose encoding is longer than :data:`MAX_FOLDER_OWNER` gets its encoding cut
    (never inside a ``%XX``) plus ``~`` and 16 hex digits of its SHA-256, so any owner
    publishes; the ``owner`` column of the rows always keeps the full value (read it, not
    the folder name).
    """
    encoded = quote(owner, safe="")
    if len(encoded) <= MAX_FOLDER_OWNER:
        return "owner=" + encoded
    cut = encoded[:MAX_FOLDER_OWNER - 17]
    if "%" in cut[-2:]:
        cut = cut[:cut.rindex("%")]
    digest = hashlib.sha256(owner.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"owner={cut}~{digest}"


def _messages_fingerprint(conn: sqlite3.Connection) -> str:
    row = conn.execute("SELECT count(*), coalesce(sum(extracted), 0), max(run_id),"
                       " max(rowid) FROM messages").fetchone()
    return hashlib.sha256(json.dumps(list(row), default=str).encode()).hexdigest()[:16]


def _swap_symlink(link: Path, target: str) -> None:
    """Point ``link`` at ``target`` (relative) in one ``os.replace``."""
    if link.exists() and not link.is_symlink():  # a lake of layout 1: a real folder
        shutil.rmtree(link)
    tmp = link.with_name(f".{link.name}.{os.getpid()}.link")
    if tmp.is_symlink():
        tmp.unlink()
    os.symlink(target, tmp, target_is_directory=True)
    os.replace(tmp, link)
    files.fsync_dir(link.parent)


def write_messages(conn: sqlite3.Connection, lake: Path) -> int:
    """Write every message as a new partitioned version and swap it in; return the rows.

    One folder ``owner=<O>`` per owner, rows sorted by time in row groups of
    :data:`MESSAGES_ROW_GROUP`, so a filter on ``day`` or ``ts`` skips row groups by their
    statistics. Folders by owner and day, or owner and month, gave thousands or hundreds of
    tiny files (benchmarks/bench_lake.py; docs/lake.md has the figures).
    """
    table = typed_rows(conn, "messages", MESSAGES_SQL, dataset="messages")
    days = table.column("ts").cast(pa.date32())  # the UTC day, in Arrow (no Python rows)
    table = table.append_column("day", days)
    versions = lake / "_versions"
    version = versions / f"messages-{time.time_ns()}"
    tmp = version.with_name(f".{version.name}.tmp")
    keys = table.column("owner").to_pylist()
    start = 0
    for owner, group in groupby(keys):
        n = sum(1 for _ in group)
        folder = tmp / owner_folder(owner)
        folder.mkdir(parents=True, exist_ok=True)
        part = folder / f"part-{sum(1 for _ in folder.iterdir())}.parquet"
        pq.write_table(table.slice(start, n), part, compression="zstd",
                       row_group_size=MESSAGES_ROW_GROUP)
        files.fsync_path(part)
        start += n
    if table.num_rows == 0:  # typed, empty: the view still has every column
        (tmp / "empty").mkdir(parents=True, exist_ok=True)
        pq.write_table(table, tmp / "empty" / "part-0.parquet", compression="zstd")
        files.fsync_path(tmp / "empty" / "part-0.parquet")
    for folder in tmp.iterdir():
        files.fsync_dir(folder)
    files.replace(tmp, version)
    _swap_symlink(lake / "messages", f"_versions/{version.name}")
    # keep the version just replaced (a reader may still be in it); drop older ones
    for old in sorted(versions.glob("messages-*"), key=lambda p: int(p.name.split("-")[1]))[:-2]:
        shutil.rmtree(old, ignore_errors=True)
    for stale in versions.glob(".messages-*.tmp"):
        shutil.rmtree(stale, ignore_errors=True)
    return table.num_rows


def messages_intact(lake: Path) -> bool:
    """Whether every file of the current messages version has a readable Parquet footer
    (a damaged one is rewritten from the store by the next publish)."""
    for path in (lake / "messages").rglob("*.parquet"):
        try:
            pq.read_metadata(path)
        except (OSError, pa.ArrowException) as exc:
            log.warning("lake file %s is unreadable (%s): rewritten from the store", path, exc,
                        extra={"stage": "publish", "file": str(path)})
            return False
    return True


def read_schema(lake: Path) -> dict[str, Any]:
    """``_schema.json`` of a lake, or {} when there is none yet."""
    path = lake / "_schema.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def publish(conn: sqlite3.Connection, lake: Path,
            settings: KoreSettings | None = None) -> dict[str, int]:
    """Write the lake: messages (when they changed), every snapshot, _schema.json, views.

    Returns row counts per dataset; ``messages`` counts the rows new since the last publish.
    """
    lake.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(lake)
    stamp = read_schema(lake)
    previous = stamp.get("datasets", {}) if stamp.get("lake_schema_version") == \
        LAKE_SCHEMA_VERSION else {}
    prev_msgs = previous.get("messages", {})
    fingerprint = _messages_fingerprint(conn)
    counts: dict[str, int] = {}
    datasets: dict[str, Any] = {}
    msg_rows = prev_msgs.get("rows", 0)
    if (prev_msgs.get("fingerprint") != fingerprint or not (lake / "messages").is_dir()
            or not (lake / "messages").is_symlink() or not messages_intact(lake)):
        msg_rows = write_messages(conn, lake)
        log.info("dataset written", extra={"stage": "publish", "file": str(lake / "messages"),
                                           "rows": msg_rows})
    counts["messages"] = max(0, msg_rows - prev_msgs.get("rows", 0)) if prev_msgs else msg_rows
    schema = table_schema(conn, "messages").append(pa.field("day", pa.date32()))
    datasets["messages"] = _describe("messages/", schema, msg_rows, ["owner"])
    datasets["messages"]["fingerprint"] = fingerprint
    faults.reach("publish")  # messages written, snapshots not yet
    for name, (sql, tables) in SNAPSHOTS.items():
        table = typed_rows(conn, tables, sql, dataset=name)
        path = lake / f"{name}.parquet"
        write_parquet_atomic(table, path)
        faults.reach("publish")  # between two snapshots
        log.info("dataset written", extra={"stage": "publish", "file": str(path),
                                           "rows": table.num_rows})
        counts[name] = table.num_rows
        datasets[name] = _describe(f"{name}.parquet", table.schema, table.num_rows, [])
    write_text_atomic(json.dumps({
        "lake_schema_version": LAKE_SCHEMA_VERSION, "store_schema_version": SCHEMA_VERSION,
        "published_at": iso(utcnow()), "datasets": datasets}, indent=2), lake / "_schema.json")
    write_duckdb_views(lake, settings)
    return counts


def _describe(path: str, schema: pa.Schema, rows: int, partitioning: list[str]) -> dict:
    return {"path": path, "rows": rows, "partitioning": partitioning,
            "columns": {f.name: str(f.type) for f in schema}}


def publish_runs(conn: sqlite3.Connection, lake: Path) -> None:
    """Rewrite ``runs`` and ``run_stages`` alone: called when a run closes, after publish."""
    if lake.is_dir():
        for name in ("runs", "run_stages"):
            sql, tables = SNAPSHOTS[name]
            write_parquet_atomic(typed_rows(conn, tables, sql, dataset=name),
                                 lake / f"{name}.parquet")


def views_sql(lake: Path, settings: KoreSettings | None = None, relative: bool = False) -> str:
    """The DuckDB view definitions with the lake folder and decay settings filled in.

    ``relative``: paths inside the lake (``memories.parquet``), resolved by DuckDB against
    ``file_search_path`` or the working directory, so a copied lake reads its own files.
    """
    s = settings or KoreSettings()
    sql = load_sql("duckdb_views")
    if relative:
        sql = sql.replace("'{lake}/", "'")
    values = {"lake": lake.resolve().as_posix(), "forget_threshold": repr(s.forget_threshold),
              "access_boost": repr(s.access_boost),
              "reinforcement_factor": repr(s.reinforcement_factor),
              **{f"half_life_{k}": repr(float(v)) for k, v in HALF_LIVES_DAYS.items()}}
    for key, value in values.items():
        sql = sql.replace("{" + key + "}", value)
    return sql


def view_names() -> list[str]:
    """Every view and macro name that ``sql/duckdb_views.sql`` defines, in order."""
    import re

    return re.findall(r"CREATE OR REPLACE VIEW (\w+)", load_sql("duckdb_views"))


def connect_views(lake: Path, settings: KoreSettings | None = None,
                  now: str | None = None) -> Any:
    """An in-memory DuckDB connection with the lake views (``kore_now`` set if given)."""
    import duckdb

    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.execute(views_sql(lake, settings))
    if now is not None:
        con.execute("SET VARIABLE kore_now = ?::TIMESTAMPTZ", [parse_ts(now)])
    return con


def write_duckdb_views(lake: Path, settings: KoreSettings | None = None) -> Path:
    """(Re)write ``lake/kore.duckdb`` with the views, through a temp file and ``os.replace``.

    Its views name files relative to the lake (DuckDB resolves them against the working
    directory or ``file_search_path``): ``cd lake && duckdb kore.duckdb`` works on any copy.
    """
    import duckdb

    path = lake / "kore.duckdb"
    # built aside and moved into place: a crash never leaves a half-written file
    with files.atomic_path(path) as tmp:
        try:
            con = duckdb.connect(str(tmp))
            try:
                con.execute("SET file_search_path = ?", [lake.resolve().as_posix()])
                con.execute(views_sql(lake, settings, relative=True))
                con.execute("CHECKPOINT")
            finally:
                con.close()
            faults.reach("publish")  # views built, not yet in place
        finally:
            Path(f"{tmp}.wal").unlink(missing_ok=True)
    return path


def query(lake: Path, sql: str, settings: KoreSettings | None = None,
          now: str | None = None) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run SQL against the lake views in an in-memory DuckDB; return (columns, rows)."""
    con = connect_views(lake, settings, now)
    try:
        cur = con.execute(sql)
        return [d[0] for d in cur.description], cur.fetchall()
    finally:
        con.close()


def upgrade_lake(settings: KoreSettings) -> bool:
    """Republish a lake written by an older :data:`LAKE_SCHEMA_VERSION` from the store (the
    store holds every row), so readers always see the current types; True if it did."""
    lake = settings.lake_dir()
    version = read_schema(lake).get("lake_schema_version")
    if version == LAKE_SCHEMA_VERSION or not settings.db_path().is_file():
        return False
    from kore_pipeline.store.db import connect

    conn = connect(settings.db_path())
    try:
        publish(conn, lake, settings)
    finally:
        conn.close()
    log.info("lake upgraded", extra={"stage": "publish", "file": str(lake),
                                     "from_version": version, "to_version": LAKE_SCHEMA_VERSION})
    return True
