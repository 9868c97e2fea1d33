"""The folder datasets of the lake, written whole or only where the store changed.

``messages``: one folder ``owner=<O>`` per owner. An incremental publish rewrites the folders
of the owners whose messages changed (``lake_pending_owners``) and carries the others.

``memories`` and ``archive``: ``base.parquet`` (every row when the dataset was last written
whole) and ``delta.parquet`` (the current rows of every key changed since, plus a
``_deleted`` row for a key that left the store); the view (sql/duckdb_views.sql) shows
``delta`` rows in place of ``base`` rows with the same key. ``memories`` also holds
``decay.parquet`` (memory_id, decay_score: the store's narrow ``memory_decay`` table, which a
decay pass rewrites every day), joined by the view; ``decay_score`` in base and delta is NULL.
When the delta grows past :data:`DELTA_SHARE` of the base, the dataset is written whole again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from kore_pipeline.lake import versions
from kore_pipeline.lake.typed import (
    VIEW_COLUMN_TYPES,
    column_type,
    declared_types,
    stamp,
    table_schema,
    typed_rows,
)
from kore_pipeline.store.runlog import log

MESSAGES_ROW_GROUP = 65_536
"""Rows per Parquet row group in the messages files (the unit DuckDB skips by statistics)."""

MESSAGES_SQL = "SELECT * FROM messages ORDER BY owner, ts, conversation_id, message_id"
_OWNERS_SQL = ("SELECT * FROM messages WHERE owner IN (SELECT value FROM json_each(?))"
               " ORDER BY owner, ts, conversation_id, message_id")

DELTA_SHARE = 0.25
"""A keyed dataset is written whole again once its delta holds this share of its base rows."""

DELETED = "_deleted"
"""Column of the delta files: true for a key that left the store (the view hides it)."""


@dataclass(frozen=True)
class Keyed:
    """A dataset written as base + delta, by key."""

    sql: str  # every row; ``{where}`` is filled with a filter on the changed keys
    key: str
    tables: tuple[str, ...]  # store tables whose declared types it uses


KEYED: dict[str, Keyed] = {
    "memories": Keyed("SELECT * FROM memories_scored{where} ORDER BY id", "id",
                      ("memories", "memory_decay")),
    "archive": Keyed("SELECT a.*, m.owner AS owner, m.subject AS subject FROM archive a"
                     " LEFT JOIN memories m ON m.id = a.memory_id{where} ORDER BY a.memory_id",
                     "memory_id", ("archive", "memories")),
}
_WHERE = {"memories": " WHERE id IN (SELECT value FROM json_each(?))",
          "archive": " WHERE a.memory_id IN (SELECT value FROM json_each(?))"}

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


def _file_rows(folder: Path) -> dict[Path, int] | None:
    """Rows of every Parquet file under ``folder`` by its footer; None if one is unreadable
    (the dataset is then rewritten from the store)."""
    rows = {}
    for path in sorted(folder.rglob("*.parquet")):
        try:
            rows[path] = pq.read_metadata(path).num_rows
        except (OSError, pa.ArrowException) as exc:
            log.warning("lake file %s is unreadable (%s): rewritten from the store", path, exc,
                        extra={"stage": "publish", "file": str(path)})
            return None
    return rows


def messages_intact(lake: Path) -> bool:
    """Whether every file of the current messages version has a readable Parquet footer
    (a damaged one is rewritten from the store by the next publish)."""
    return _file_rows(lake / "messages") is not None


def _write_owners(table: pa.Table, tmp: Path) -> None:
    """Write ``table`` (sorted by owner, then time) as one folder per owner under ``tmp``."""
    keys = table.column("owner").to_pylist()
    start = 0
    for owner, group in groupby(keys):
        n = sum(1 for _ in group)
        folder = tmp / owner_folder(owner)
        part = folder / f"part-{sum(1 for _ in folder.iterdir()) if folder.is_dir() else 0}" \
                        ".parquet"
        versions.write_file(table.slice(start, n), part, row_group_size=MESSAGES_ROW_GROUP)
        start += n


def _with_day(table: pa.Table) -> pa.Table:
    return table.append_column("day", table.column("ts").cast(pa.date32()))  # UTC day, in Arrow


def _same_columns(conn: sqlite3.Connection, part: Path) -> bool:
    """Whether a messages file has the columns and types the store's messages now give."""
    want = table_schema(conn, "messages").append(pa.field("day", pa.date32()))
    return pq.read_schema(part).remove_metadata() == want.remove_metadata()


def write_messages(conn: sqlite3.Connection, lake: Path,
                   changed_owners: list[str] | None = None) -> tuple[int, int]:
    """Write the next messages version; return (rows in it, rows written).

    ``changed_owners`` None: every owner from the store. Else only those owners' folders are
    rewritten and the others' files carried over (all of them rewritten if the current
    version is missing or a file of it is unreadable). Rows sorted by time in row groups of
    :data:`MESSAGES_ROW_GROUP`, so a filter on ``day`` or ``ts`` skips row groups by their
    statistics (folders by owner and day gave thousands of tiny files: docs/lake.md).
    """
    now = versions.current(lake, "messages")
    carried = _file_rows(now) if now is not None and changed_owners is not None else None
    if carried and not _same_columns(conn, next(iter(carried))):
        carried = None  # a store column added or changed since: every owner rewritten
    if carried is None:
        table = typed_rows(conn, "messages", MESSAGES_SQL, dataset="messages")
    else:
        table = typed_rows(conn, "messages", _OWNERS_SQL, (json.dumps(changed_owners),),
                           dataset="messages")
    table = _with_day(table)
    total = table.num_rows
    if carried is not None and not changed_owners:  # nothing changed: the version stays
        return sum(carried.values()), 0
    with versions.new_version(lake, "messages") as tmp:
        if carried is not None and now is not None:
            rewritten = {owner_folder(o) for o in changed_owners or []} | {"empty"}
            for path, n in carried.items():
                rel = path.relative_to(now)
                if rel.parts[0] not in rewritten:
                    versions.carry(path, tmp / rel)
                    total += n
        _write_owners(table, tmp)
        if total == 0:  # typed, empty: the view still has every column
            versions.write_file(table, tmp / "empty" / "part-0.parquet")
    return total, table.num_rows


def _typed(conn: sqlite3.Connection, name: str, keys: list[int] | None) -> pa.Table:
    spec = KEYED[name]
    if keys is None:
        table = typed_rows(conn, spec.tables, spec.sql.format(where=""), dataset=name)
    else:
        table = typed_rows(conn, spec.tables, spec.sql.format(where=_WHERE[name]),
                           (json.dumps(keys),), dataset=name)
    if name == "memories":  # the score lives in decay.parquet
        i = table.schema.get_field_index("decay_score")
        table = table.set_column(i, table.schema.field(i),
                                 pa.nulls(table.num_rows, pa.float64()))
    return table


def _decay(conn: sqlite3.Connection) -> pa.Table:
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples
    rows = cur.execute("SELECT memory_id, decay_score FROM memory_decay ORDER BY memory_id"
                       ).fetchall()
    try:  # in C: a million rows in a quarter of the time of zip() and pa.array
        pairs = np.array(rows, dtype=[("memory_id", "i8"), ("decay_score", "f8")])
        ids, scores = pa.array(pairs["memory_id"]), pa.array(pairs["decay_score"])
    except (TypeError, ValueError, OverflowError):  # a value SQLite kept as text
        cols = list(zip(*rows, strict=True)) if rows else [(), ()]
        ids, scores = pa.array(cols[0], pa.int64()), pa.array(cols[1], pa.float64())
    return stamp(pa.table({"memory_id": ids, "decay_score": scores}), "memory_decay")


def _read(path: Path) -> pa.Table | None:
    try:
        return pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        log.warning("lake file %s is unreadable (%s): rewritten from the store", path, exc,
                    extra={"stage": "publish", "file": str(path)})
        return None


def _deleted_rows(schema: pa.Schema, key: str, keys: pa.Array) -> pa.Table:
    cols = {f.name: (keys if f.name == key else pa.nulls(len(keys), f.type)) for f in schema}
    flags = pa.array([True] * len(keys), pa.bool_())
    return pa.table(cols, schema=schema).append_column(DELETED, flags)


def _plain(table: pa.Table) -> pa.Table:
    return table.replace_schema_metadata(None)


def _delta(conn: sqlite3.Connection, name: str, now: Path, keys: list[int],
           schema: pa.Schema) -> tuple[pa.Table, int] | None:
    """The next delta of ``name`` and the rows a reader will see, or None when the dataset
    must be written whole (a file unreadable, a new store column, the delta grown large)."""
    key = KEYED[name].key
    if _file_rows(now) is None or not (now / "base.parquet").is_file():
        return None
    plain = schema.remove_metadata()
    if pq.read_schema(now / "base.parquet").remove_metadata() != plain:
        return None  # a new store column: written whole
    old = _read(now / "delta.parquet")
    if old is None or old.schema.remove_metadata() != plain.append(pa.field(DELETED, pa.bool_())):
        return None
    base_keys = pq.read_table(now / "base.parquet", columns=[key]).column(key)
    changed = pa.array(sorted(set(keys)), pa.int64())
    rows = _typed(conn, name, keys)
    kept = old.filter(pc.invert(pc.is_in(old.column(key), value_set=changed)))
    gone = pc.filter(changed, pc.invert(pc.is_in(changed, value_set=rows.column(key))))
    gone = pc.filter(gone, pc.is_in(gone, value_set=base_keys))  # only what base shows
    fresh = rows.append_column(DELETED, pa.array([False] * rows.num_rows, pa.bool_()))
    delta = pa.concat_tables([_plain(kept), _plain(fresh),
                              _deleted_rows(plain, key, gone)])
    delta = delta.take(pc.sort_indices(delta.column(key)))
    if delta.num_rows > DELTA_SHARE * max(len(base_keys), 1):
        return None
    shadowed = int(pc.sum(pc.is_in(base_keys, value_set=delta.column(key))).as_py() or 0)
    live = delta.num_rows - int(pc.sum(delta.column(DELETED)).as_py() or 0)
    return stamp(delta, name), len(base_keys) - shadowed + live


def write_keyed(conn: sqlite3.Connection, lake: Path, name: str,
                changed: list[int] | None = None) -> dict[str, Any]:
    """Write the next version of ``name`` (memories or archive) and swap it in; return its
    rows, the rows written and whether it was written whole (``changed`` None: whole)."""
    schema = pa.schema([pa.field(n, t) for n, t in _schema_types(conn, name)])
    now = versions.current(lake, name)
    step = None if changed is None or now is None else _delta(conn, name, now, changed, schema)
    if step is not None and not changed and name != "memories":
        return {"rows": step[1], "written": 0, "whole": False, "schema": schema}
    with versions.new_version(lake, name) as tmp:
        if step is None:
            base = _typed(conn, name, None)
            versions.write_file(base, tmp / "base.parquet")
            delta = stamp(pa.table({f.name: pa.array([], f.type) for f in schema})
                          .append_column(DELETED, pa.array([], pa.bool_())), name)
            rows, written = base.num_rows, base.num_rows
        else:
            assert now is not None
            versions.carry(now / "base.parquet", tmp / "base.parquet")
            delta, rows = step
            written = delta.num_rows
        versions.write_file(delta, tmp / "delta.parquet")
        if name == "memories":
            versions.write_file(_decay(conn), tmp / "decay.parquet")
    return {"rows": rows, "written": written, "whole": step is None, "schema": schema}


def _schema_types(conn: sqlite3.Connection, name: str) -> list[tuple[str, pa.DataType]]:
    """The lake columns of ``name`` in the order of its query (no rows read)."""
    spec = KEYED[name]
    cur = conn.execute(f"SELECT * FROM ({spec.sql.format(where='')}) LIMIT 0")
    types = declared_types(conn, spec.tables)
    return [(d[0], types.get(d[0], VIEW_COLUMN_TYPES.get(d[0]) or column_type(d[0], "TEXT")))
            for d in cur.description]


def read_keyed(folder: Path, name: str) -> pa.Table:
    """The rows a reader of ``name`` sees (base with delta applied, scores joined), by key."""
    key = KEYED[name].key
    base = pq.read_table(folder / "base.parquet")
    delta = pq.read_table(folder / "delta.parquet")
    kept = base.filter(pc.invert(pc.is_in(base.column(key), value_set=delta.column(key))))
    live = delta.filter(pc.invert(delta.column(DELETED))).drop_columns([DELETED])
    table = pa.concat_tables([kept, live.cast(kept.schema)])
    table = table.take(pc.sort_indices(table.column(key)))
    if name == "memories" and (folder / "decay.parquet").is_file():
        decay = pq.read_table(folder / "decay.parquet")
        at = pc.index_in(table.column("id"), value_set=decay.column("memory_id"))
        scores = pc.fill_null(pc.take(decay.column("decay_score"), at), 1.0)
        i = table.schema.get_field_index("decay_score")
        table = table.set_column(i, table.schema.field(i), scores)
    return table
