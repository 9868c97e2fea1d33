"""Publish stage, analyst side: a documented Parquet dataset with DuckDB views (docs/lake.md).

``messages``, ``memories`` and ``archive`` are version folders swapped in by a symlink
(:mod:`kore_pipeline.lake.versions`); a publish rewrites only what changed in the store since
the last one (:mod:`kore_pipeline.lake.datasets`: the owners whose messages changed, the
memories whose rows changed, the daily scores), which the store's triggers record in
``lake_pending_owners`` and ``lake_pending_memories`` (migration 0017). The lake and the store
share a token, new at each publish (``_schema.json`` ``store_token``, meta ``lake_token``): a
lake that is not the one this store last published (another store, an older copy of this
one, an older layout) is written whole.
The log-like tables (access_log, quarantine, runs, run_stages) are version folders of parts:
a publish appends the rows new since and rewrites only the parts holding a changed or
deleted row (:mod:`kore_pipeline.lake.logs`, ``lake_pending_rows``, migration 0018). Column
types follow the store's declared types (:mod:`kore_pipeline.lake.typed`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import uuid
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from kore_pipeline import faults, files
from kore_pipeline.lake import logs, versions
from kore_pipeline.lake.datasets import (  # noqa: F401
    KEYED,
    MESSAGES_ROW_GROUP,
    MESSAGES_SQL,
    messages_intact,
    owner_folder,
    read_keyed,
    write_keyed,
    write_messages,
)
from kore_pipeline.lake.typed import (  # noqa: F401
    BOOL_COLUMNS,
    LAKE_SCHEMA_VERSION,
    LIST_COLUMNS,
    MAP_COLUMNS,
    STRUCT_COLUMNS,
    TIME_COLUMNS,
    VIEW_COLUMN_TYPES,
    column_type,
    table_schema,
    typed_rows,
)
from kore_pipeline.lifecycle.durable import durable_sql
from kore_pipeline.settings import HALF_LIVES_DAYS, KoreSettings
from kore_pipeline.store.db import SCHEMA_VERSION, get_meta, set_meta, transaction
from kore_pipeline.store.runlog import log
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.timeutil import iso, parse_ts, utcnow

FOLDER_DATASETS = ("messages", *KEYED, *logs.LOGS)
"""Datasets that are version folders behind a symlink."""


def write_parquet_atomic(table: pa.Table, path: Path) -> None:
    """Write a Parquet file atomically (:func:`kore_pipeline.files.atomic_path`)."""
    with files.atomic_path(path) as tmp:
        pq.write_table(table, tmp, compression="zstd")


def remove_stale_temp_files(lake: Path) -> int:
    """Delete temp files left in the lake by a process that was killed (see
    :func:`kore_pipeline.files.remove_stale_temp_files`: a concurrent publisher's file in
    progress is left alone). Temp folders of versions are cleaned by the next version's
    swap. Returns the files removed.
    """
    return files.remove_stale_temp_files(lake)


def write_text_atomic(text: str, path: Path) -> None:
    """Write a text file atomically (:func:`kore_pipeline.files.write_text`)."""
    files.write_text(path, text)


def read_schema(lake: Path) -> dict[str, Any]:
    """``_schema.json`` of a lake, or {} when there is none yet."""
    path = lake / "_schema.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def read_dataset(lake: Path, name: str) -> pa.Table:
    """A dataset as one Arrow table, the rows a reader of its view sees (any layout since 3)."""
    if name in KEYED and versions.current(lake, name) is not None:
        return read_keyed(lake / name, name)
    if name in logs.LOGS and (folder := versions.current(lake, name)) is not None:
        return logs.read_log(folder, name)
    if name == "messages":
        parts = sorted((lake / "messages").resolve().rglob("*.parquet"))
        return pa.concat_tables([pq.read_table(p, partitioning=None) for p in parts],
                                promote_options="default")
    return pq.read_table(lake / f"{name}.parquet")  # a small table in lake layout 4


def _pending(conn: sqlite3.Connection) -> tuple[list[tuple[str, int]], list[tuple[int, int]]]:
    """(owner, changes) and (memory id, changes) recorded since the last publish."""
    owners = [(str(r[0]), int(r[1])) for r in
              conn.execute("SELECT owner, changes FROM lake_pending_owners")]
    memories = [(int(r[0]), int(r[1])) for r in
                conn.execute("SELECT memory_id, changes FROM lake_pending_memories")]
    return owners, memories


def _same_lake(conn: sqlite3.Connection, lake: Path) -> tuple[bool, dict[str, Any]]:
    """Whether ``lake`` is the one this store last published (layout and token), and its
    ``_schema.json``."""
    stamp = read_schema(lake)
    token = get_meta(conn, "lake_token")
    same = (stamp.get("lake_schema_version") == LAKE_SCHEMA_VERSION and token is not None
            and stamp.get("store_token") == token)
    return same, stamp


def publish(conn: sqlite3.Connection, lake: Path,
            settings: KoreSettings | None = None) -> dict[str, int]:
    """Write the lake: what changed of every dataset (everything when the lake is not this
    store's last one), _schema.json, views.

    Returns row counts per dataset; ``messages`` counts the rows new since the last publish.
    """
    lake.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(lake)
    same, stamp = _same_lake(conn, lake)
    previous = stamp.get("datasets", {}) if same else {}
    owners, memories = _pending(conn)  # read before the rows: a later change stays pending
    rows_pending = logs.pending(conn)
    changed_ids = [m for m, _ in memories] if same else None
    counts: dict[str, int] = {}
    datasets: dict[str, Any] = {}
    msg_rows, written = write_messages(conn, lake, [o for o, _ in owners] if same else None)
    log.info("dataset written", extra={"stage": "publish", "file": str(lake / "messages"),
                                       "rows": written})
    prev_rows = previous.get("messages", {}).get("rows")
    counts["messages"] = msg_rows if prev_rows is None else max(0, msg_rows - prev_rows)
    schema = table_schema(conn, "messages").append(pa.field("day", pa.date32()))
    datasets["messages"] = _describe("messages/", schema, msg_rows, ["owner"])
    faults.reach("publish")  # messages written, the others not yet
    for name in KEYED:
        info = write_keyed(conn, lake, name, changed_ids)
        (lake / f"{name}.parquet").unlink(missing_ok=True)  # its file in lake layout 3
        faults.reach("publish")  # between two datasets
        log.info("dataset written", extra={"stage": "publish", "file": str(lake / name),
                                           "rows": info["written"], "whole": info["whole"]})
        counts[name] = info["rows"]
        datasets[name] = _describe(f"{name}/", info["schema"], info["rows"], [])
    for name in logs.LOGS:
        counts[name] = _publish_log(conn, lake, name, rows_pending, same, datasets)
        faults.reach("publish")  # between two log datasets
    _finish(conn, lake, datasets, settings, owners, memories, rows_pending)
    return counts


def _publish_log(conn: sqlite3.Connection, lake: Path, name: str,
                 rows_pending: dict[str, list[tuple[Any, int]]], same: bool,
                 datasets: dict[str, Any]) -> int:
    """Write the next version of a log dataset; its rows (``datasets`` gets its entry)."""
    info = logs.write_log(conn, lake, name,
                          [k for k, _ in rows_pending.get(name, [])] if same else None)
    (lake / f"{name}.parquet").unlink(missing_ok=True)  # its single file in lake layout 4
    log.info("dataset written", extra={"stage": "publish", "file": str(lake / name),
                                       "rows": info["written"], "whole": info["whole"],
                                       "parts": info["parts"]})
    datasets[name] = _describe(f"{name}/", info["schema"], info["rows"], [])
    return int(info["rows"])


def _finish(conn: sqlite3.Connection, lake: Path, datasets: dict[str, Any],
            settings: KoreSettings | None, owners: list[tuple[str, int]],
            memories: list[tuple[int, int]],
            rows_pending: dict[str, list[tuple[Any, int]]],
            only: tuple[str, ...] | None = None) -> None:
    """_schema.json and views (``only``: of these datasets) in place, then the store's token
    and the pending rows read."""
    token = uuid.uuid4().hex  # new each time: an older copy of this store no longer matches
    write_text_atomic(json.dumps({
        "lake_schema_version": LAKE_SCHEMA_VERSION, "store_schema_version": SCHEMA_VERSION,
        "store_token": token, "published_at": iso(utcnow()), "datasets": datasets},
        indent=2), lake / "_schema.json")
    write_duckdb_views(lake, settings, only)
    with transaction(conn):  # the lake now holds these changes (a newer one stays pending)
        set_meta(conn, "lake_token", token)
        conn.executemany("DELETE FROM lake_pending_owners WHERE owner = ? AND changes = ?",
                         owners)
        conn.executemany("DELETE FROM lake_pending_memories WHERE memory_id = ? AND"
                         " changes = ?", memories)
        logs.clear_pending(conn, rows_pending)


def _describe(path: str, schema: pa.Schema, rows: int, partitioning: list[str]) -> dict:
    return {"path": path, "rows": rows, "partitioning": partitioning,
            "columns": {f.name: str(f.type) for f in schema}}


def publish_runs(conn: sqlite3.Connection, lake: Path,
                 settings: KoreSettings | None = None) -> None:
    """Publish ``runs`` and ``run_stages`` alone (their changes since): called when a run
    closes, after publish. A lake that is not this store's last one is left to the next
    publish, which writes it whole."""
    if not lake.is_dir():
        return
    same, stamp = _same_lake(conn, lake)
    if not same:
        return
    rows_pending = logs.pending(conn)
    rows_pending = {name: rows_pending.get(name, []) for name in ("runs", "run_stages")}
    datasets = dict(stamp.get("datasets", {}))
    for name in rows_pending:
        _publish_log(conn, lake, name, rows_pending, True, datasets)
    _finish(conn, lake, datasets, settings, [], [], rows_pending, tuple(rows_pending))


LAKE_DIR_MACRO = """
-- kore_lake_dir(): the folder of this kore.duckdb, read at query time, so the views find
-- the lake's files from any working directory and in any copy of the lake. DuckDB has no
-- function for a database's own path; its default temp_directory is '<database file>.tmp',
-- an absolute path. With another temp_directory (or kore.duckdb attached to another
-- database) the paths stay relative: to the working directory or file_search_path.
CREATE OR REPLACE MACRO kore_lake_dir() AS
    CASE WHEN parse_filename(current_setting('temp_directory')) = 'kore.duckdb.tmp'
              AND parse_dirpath(current_setting('temp_directory')) <> ''
         THEN parse_dirpath(current_setting('temp_directory')) || '/' ELSE '' END;
"""
"""Defined first in ``kore.duckdb`` (not in the in-memory connections of ``kore sql``,
whose views name the lake's absolute paths)."""


def views_sql(lake: Path, settings: KoreSettings | None = None, relative: bool = False) -> str:
    """The DuckDB view definitions with the lake folder and decay settings filled in.

    ``relative``: paths inside the lake, prefixed by ``kore_lake_dir()`` (the folder of the
    database file that holds the views, :data:`LAKE_DIR_MACRO`), so ``kore.duckdb`` opens
    from any working directory and a copied lake reads its own files.
    Folder datasets are named by their current version (``_versions/memories-<ns>/``), so a
    connection reads one version for its whole life (the one before it is kept until the
    next publish).
    """
    s = settings or KoreSettings()
    sql = load_sql("duckdb_views")
    for name in FOLDER_DATASETS:  # the current version itself: a swap never splits a query
        if (lake / name).is_symlink():
            target = Path(os.readlink(lake / name)).as_posix()
            sql = sql.replace(f"'{{lake}}/{name}/", f"'{{lake}}/{target}/")
    if relative:
        sql = LAKE_DIR_MACRO + sql.replace("'{lake}/", "kore_lake_dir() || '")
    values = {"lake": lake.resolve().as_posix(), "forget_threshold": repr(s.forget_threshold),
              "access_boost": repr(s.access_boost),
              "reinforcement_factor": repr(s.reinforcement_factor),
              **{f"half_life_{k}": repr(float(v)) for k, v in HALF_LIVES_DAYS.items()},
              "durable_half_life": repr(float(s.durable_half_life_days)),
              "durable": durable_sql(s)}
    for key, value in values.items():
        sql = sql.replace("{" + key + "}", value)
    return sql


def view_names() -> list[str]:
    """Every view and macro name that ``sql/duckdb_views.sql`` defines, in order."""
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


def write_duckdb_views(lake: Path, settings: KoreSettings | None = None,
                       only: tuple[str, ...] | None = None) -> Path:
    """(Re)write ``lake/kore.duckdb`` with the views, through a temp file and ``os.replace``.

    Its views name files relative to the folder of the database file (``kore_lake_dir()``):
    ``duckdb /path/to/lake/kore.duckdb`` works from any folder and on any copy.
    ``only``: a copy of the current file with just these datasets' views replaced (a run's
    close: ``runs``, ``run_stages``; the views over them bind by name at query time); the
    whole file is written when that fails.
    """
    import duckdb

    path = lake / "kore.duckdb"
    sql = views_sql(lake, settings, relative=True)
    if only is not None:
        picked = [line for line in sql.splitlines()
                  if (m := re.match(r"CREATE OR REPLACE VIEW (\w+) +AS SELECT \* FROM", line))
                  and m.group(1) in only]
        if len(picked) == len(only) and path.is_file():
            try:
                with files.atomic_path(path) as tmp:
                    shutil.copyfile(path, tmp)
                    _run_views(duckdb, tmp, lake, "\n".join(picked))
                return path
            except (OSError, duckdb.Error) as exc:
                log.warning("views of %s not patched (%s): written whole", path, exc,
                            extra={"stage": "publish", "file": str(path)})
    with files.atomic_path(path) as tmp:  # built aside: a crash never leaves half a file
        _run_views(duckdb, tmp, lake, sql)
    return path


def _run_views(duckdb: Any, tmp: Path, lake: Path, sql: str) -> None:
    try:
        con = duckdb.connect(str(tmp))
        try:
            con.execute("SET file_search_path = ?", [lake.resolve().as_posix()])
            con.execute(sql)
            con.execute("CHECKPOINT")
        finally:
            con.close()
        faults.reach("publish")  # views built, not yet in place
    finally:
        Path(f"{tmp}.wal").unlink(missing_ok=True)


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
