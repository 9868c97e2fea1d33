"""``kore backup`` and ``kore recover``, and the rule that a lost store is never restarted empty.

A home whose store is missing but which still holds a lake or a vector index has lost its
store: a run that created a new, empty one would then rewrite the lake and the index from
nothing. :func:`open_store_for_run` refuses that and names ``kore recover``, which rebuilds
the store from the lake's datasets (messages, memories with their scores, archive, access
log, quarantine, runs); the next run re-embeds from the embedding cache and re-reads the
inputs (messages already stored are skipped).
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.check import DamagedStore, StoreError, header_problem, set_aside
from kore_pipeline.store.db import connect, transaction
from kore_pipeline.store.homelock import home_lock
from kore_pipeline.timeutil import iso, utcnow

log = logging.getLogger(__name__)
RECOVERED_TABLES = ("messages", "memories", "archive", "access_log", "quarantine", "runs",
                    "run_stages")
"""Store tables rebuilt from the lake dataset of the same name, in this order."""


def home_has_data(settings: KoreSettings) -> list[str]:
    """The copies of a home's data that exist besides its store (lake, index)."""
    found = []
    if (settings.lake_dir() / "_schema.json").is_file():
        found.append(str(settings.lake_dir()))
    if (settings.index_dir() / "memories.faiss").is_file():
        found.append(str(settings.index_dir()))
    return found


def open_store_for_run(settings: KoreSettings, create: bool) -> sqlite3.Connection:
    """The verified store of a writer; a lost store beside a lake or index is an error."""
    db_path = settings.db_path()
    if not db_path.is_file() and create:
        others = home_has_data(settings)
        if others:
            raise DamagedStore(db_path, f"is missing but {' and '.join(others)} remain",
                               f"rebuild the store from them with `kore recover --home"
                               f" {settings.home}` (a new empty store would erase them)")
    return connect(db_path, create=create)


def _sqlite_copy(src: Path, dest: Path) -> None:
    """A consistent copy through SQLite's online backup API."""
    source = sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True)
    target = sqlite3.connect(dest)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


def backup_home(settings: KoreSettings, dest: Path) -> dict[str, Any]:
    """Copy a home consistently to ``dest``: store and cache (online backup), index, lake.

    The copy is built in a temp folder beside ``dest``, verified (:func:`verify_backup`) and
    only then renamed to ``dest``: a backup that failed (a full disk, a damaged copy) never
    carries the final name, and its temp folder is removed.
    """
    from kore_pipeline import files
    from kore_pipeline.lake.publish import write_duckdb_views

    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise StoreError(f"{dest} exists and is not an empty folder: choose a new one")
    if dest.resolve().is_relative_to(settings.home.resolve()):
        raise StoreError(f"{dest} is inside the home {settings.home}: choose another place")
    copied: dict[str, Any] = {"dest": str(dest)}
    with home_lock(settings.home, settings.lock_wait_seconds, "backup"), \
            files.atomic_path(dest) as tmp:
        connect(settings.db_path(), create=False).close()  # verified before it is copied
        tmp.mkdir()
        _sqlite_copy(settings.db_path(), tmp / settings.db_path().name)
        copied["store"] = str(dest / settings.db_path().name)
        cache = settings.cache_path()
        if cache.is_file() and header_problem(cache) is None:
            (tmp / cache.parent.name).mkdir(exist_ok=True)
            _sqlite_copy(cache, tmp / cache.parent.name / cache.name)
            copied["embedding_cache"] = True
        for folder in (settings.index_dir(), settings.lake_dir()):
            if folder.is_dir():
                shutil.copytree(folder, tmp / folder.name, symlinks=True,
                                ignore=shutil.ignore_patterns(".*.tmp"))
                copied[folder.name] = True
        if (tmp / settings.lake_dir().name / "_schema.json").is_file():
            write_duckdb_views(tmp / settings.lake_dir().name, settings)  # views name it
        copied["verified"] = verify_backup(settings, tmp, copied)
    return copied


def _sqlite_rows(path: Path, sql: str) -> Any:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


def _files(folder: Path) -> dict[str, int]:
    """Relative path -> size of every file under ``folder`` (temp files left out)."""
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*")
            if p.is_file() and not p.name.endswith(".tmp")}


def verify_backup(settings: KoreSettings, copy: Path, copied: dict[str, Any]) -> dict[str, Any]:
    """Check a finished copy before it gets its name: the store passes ``integrity_check``
    with the home's row counts, the cache holds the home's vectors, the index and the lake
    hold the home's files. StoreError names what is wrong."""
    store = copy / settings.db_path().name
    integrity = _sqlite_rows(store, "PRAGMA integrity_check")
    if integrity != "ok":
        raise StoreError(f"the backup's store failed its integrity check ({integrity})")
    found: dict[str, Any] = {"integrity": integrity}
    for table in ("memories", "messages"):
        mine = _sqlite_rows(settings.db_path(), f"SELECT count(*) FROM {table}")
        theirs = _sqlite_rows(store, f"SELECT count(*) FROM {table}")
        if mine != theirs:
            raise StoreError(f"the backup's store has {theirs} {table}, the home {mine}")
        found[table] = theirs
    if copied.get("embedding_cache"):
        cache = copy / settings.cache_path().parent.name / settings.cache_path().name
        mine = _sqlite_rows(settings.cache_path(), "SELECT count(*) FROM embeddings")
        theirs = _sqlite_rows(cache, "SELECT count(*) FROM embeddings")
        if mine != theirs:
            raise StoreError(f"the backup's embedding cache has {theirs} vectors, the home"
                             f" {mine}")
        found["vectors"] = theirs
    for folder in (settings.index_dir(), settings.lake_dir()):
        if copied.get(folder.name):
            theirs = _files(copy / folder.name)
            missing = {name for name, size in _files(folder).items()
                       if theirs.get(name) != size}
            if folder == settings.lake_dir():
                missing -= {"kore.duckdb"}  # rewritten for the copy's place
            if missing:
                raise StoreError(f"the backup's {folder.name} lacks or differs in"
                                 f" {', '.join(sorted(missing)[:5])}")
            found[folder.name] = len(theirs)
    return found


def _lake_table(lake: Path, name: str) -> Any:
    """A lake dataset as one Arrow table (None when it is absent or unreadable)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from kore_pipeline.lake.datasets import KEYED, read_keyed
    from kore_pipeline.lake.logs import LOGS, read_log

    if name in (*KEYED, *LOGS) and (lake / name).is_dir():  # version folders (layout 4, 5)
        try:
            if name in LOGS:
                return read_log((lake / name).resolve(), name)
            return read_keyed(lake / name, name)
        except (OSError, pa.ArrowException) as exc:
            log.warning("lake dataset %s unreadable (%s): its rows are not recovered",
                        lake / name, exc)
            return None
    files = [lake / f"{name}.parquet"] if name != "messages" else \
        sorted((lake / "messages").resolve().rglob("*.parquet")) \
        if (lake / "messages").exists() else []
    tables = []
    for path in files:
        if not path.is_file():
            continue
        try:
            tables.append(pq.read_table(path, partitioning=None))
        except (OSError, pa.ArrowException) as exc:
            log.warning("lake file %s unreadable (%s): its rows are not recovered", path, exc)
    if not tables:
        return None
    return pa.concat_tables(tables, promote_options="default")


def _value(value: Any) -> Any:
    """A lake value as the store keeps it: times as ISO text, lists, maps and structs as
    JSON text, booleans as 0/1 (lake schema 3 types them; the store holds SQLite values)."""
    if isinstance(value, datetime):
        return iso(value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, list) and value and all(isinstance(v, tuple) and len(v) == 2
                                                 for v in value):
        return json.dumps(dict(value))  # a Parquet map reads as (key, value) pairs
    if isinstance(value, (list, dict)):
        return json.dumps(value, default=str)
    return value


def _restore_rows(conn: sqlite3.Connection, table: str, data: Any) -> int:
    """Insert a lake table's rows into the store table of that name (shared columns only)."""
    store_cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
    cols = [c for c in data.column_names if c in store_cols and c != "embedded_hash"]
    if table == "memories":
        cols = [c for c in cols if c != "decay_score"]
    rows = [[_value(v) for v in row] for row in zip(*(data.column(c).to_pylist()
                                                       for c in cols), strict=True)]
    names = ", ".join(f'"{c}"' for c in cols)
    conn.executemany(f"INSERT OR IGNORE INTO {table}({names}) VALUES"
                     f" ({', '.join('?' * len(cols))})", rows)
    if table == "memories" and "decay_score" in data.column_names:
        conn.executemany("INSERT OR REPLACE INTO memory_decay(memory_id, decay_score)"
                         " VALUES (?, ?)", [(i, s) for i, s in zip(
                             data.column("id").to_pylist(),
                             data.column("decay_score").to_pylist(), strict=True)
                             if s is not None and s != 1.0])
    return len(rows)


def recover_store(settings: KoreSettings) -> dict[str, Any]:
    """Rebuild a lost or damaged store from the lake; the damaged file is set aside."""
    db_path = settings.db_path()
    lake = settings.lake_dir()
    report: dict[str, Any] = {"store": str(db_path), "set_aside": None, "rows": {}}
    with home_lock(settings.home, settings.lock_wait_seconds, "recover"):
        if db_path.is_file():
            try:
                connect(db_path, create=False).close()
            except DamagedStore:
                report["set_aside"] = str(set_aside(db_path,
                                                    utcnow().strftime("%Y%m%dT%H%M%S")))
            else:
                raise StoreError(f"{db_path} is sound: nothing to recover")
        if not (lake / "_schema.json").is_file():
            raise StoreError(f"no lake at {lake} to recover the store from")
        conn = connect(db_path)
        try:
            with transaction(conn):
                for table in RECOVERED_TABLES:
                    data = _lake_table(lake, table)
                    report["rows"][table] = 0 if data is None else \
                        _restore_rows(conn, table, data)
        finally:
            conn.close()
    return report
