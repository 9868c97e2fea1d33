"""The lake's log-like datasets (access_log, quarantine, runs, run_stages), written by parts.

A dataset ``<name>`` is a version folder (:mod:`kore_pipeline.lake.versions`) of
``part-<n>.parquet`` files and ``_log.json`` (the store id the version holds rows up to, the
next part number). A publish carries every part over by hard link and writes one new part:
the rows added since (access_log, quarantine: ids above the version's watermark) and the
current rows of every key the store's triggers recorded in ``lake_pending_rows`` (an
access_log or quarantine row updated or deleted; a run or its stages changed in any way, by
``run_id``). A part holding such a key is rewritten without it (a row deleted from the store
leaves the lake; the version before, which still held it, is then not kept). Once more than
:data:`MAX_SMALL_PARTS` parts hold fewer than :data:`PART_ROWS` rows, those are merged.
"""

from __future__ import annotations

import bisect
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from kore_pipeline import files
from kore_pipeline.lake import versions
from kore_pipeline.lake.typed import STRUCT_COLUMNS, stamp, table_schema, typed_rows
from kore_pipeline.store.runlog import log

PART_ROWS = 262_144
"""Rows per part of a whole write and of a merge; a part with fewer rows is small. A part
holding a changed row is rewritten whole, so this bounds what one old row's change costs
(a quarter of a second for access_log here)."""

MAX_SMALL_PARTS = 8
"""Small parts kept before they are merged (into parts of :data:`PART_ROWS`): a day's
publish adds one, so a merge comes about once in eight publishes and rewrites only the small
parts, and a reader globs at most this many small files besides the full ones."""

ROW_GROUP = 65_536
"""Rows per Parquet row group (DuckDB skips row groups by their min/max statistics)."""

MANIFEST = "_log.json"


@dataclass(frozen=True)
class Log:
    """A log-like dataset: its store table, key and row order."""

    key: str  # access_log.id, quarantine.id; run_id for runs and run_stages
    sort: tuple[str, ...]  # row order of the parts
    by_id: bool  # new rows found by ``key`` above the watermark (else: by the triggers)


LOGS: dict[str, Log] = {
    "access_log": Log("id", ("id",), True),
    "quarantine": Log("id", ("id",), True),
    "runs": Log("run_id", ("started_at", "run_id"), False),
    "run_stages": Log("run_id", ("run_id", "seq"), False),
}


def pending(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, int]]]:
    """(key, changes) recorded since the last publish, by dataset."""
    found: dict[str, list[tuple[Any, int]]] = {name: [] for name in LOGS}
    for dataset, key, changes in conn.execute(
            "SELECT dataset, row_key, changes FROM lake_pending_rows"):
        found.setdefault(str(dataset), []).append((key, int(changes)))
    return found


def clear_pending(conn: sqlite3.Connection, read: dict[str, list[tuple[Any, int]]]) -> None:
    """Delete the pending rows read whose counter has not moved (call in a transaction)."""
    conn.executemany("DELETE FROM lake_pending_rows WHERE dataset = ? AND row_key = ? AND"
                     " changes = ?", [(d, k, c) for d, rows in read.items() for k, c in rows])


def _select(conn: sqlite3.Connection, name: str, where: str = "",
            params: tuple = ()) -> pa.Table:
    order = ", ".join(LOGS[name].sort)
    return typed_rows(conn, name, f"SELECT * FROM {name}{where} ORDER BY {order}", params,
                      dataset=name)


def _by_keys(conn: sqlite3.Connection, name: str, keys: list[Any],
             upto: int | None = None) -> pa.Table:
    """The store's rows of ``keys`` (only ids up to ``upto`` when given)."""
    key = LOGS[name].key
    where = f" WHERE {key} IN (SELECT value FROM json_each(?))"
    params: tuple = (json.dumps(keys),)
    if upto is not None:
        where, params = where + f" AND {key} <= ?", (*params, upto)
    return _select(conn, name, where, params)


@dataclass
class Part:
    """A part of the current version: its file, rows, schema and key range."""

    path: Path
    rows: int
    schema: pa.Schema
    low: Any
    high: Any


def _parts(folder: Path, key: str) -> tuple[dict[str, Any], list[Part]] | None:
    """Manifest and parts of a version; None if one is unreadable (written whole again)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        parts = []
        for path in sorted(folder.glob("part-*.parquet")):
            meta = pq.read_metadata(path)
            schema = meta.schema.to_arrow_schema()
            low = high = None
            i = [meta.schema.column(c).path for c in range(meta.num_columns)].index(key)
            for g in range(meta.num_row_groups):
                stats = meta.row_group(g).column(i).statistics
                if stats is None or not stats.has_min_max:
                    low, high = None, None  # unknown: the key column is read
                    break
                low = stats.min if low is None else min(low, stats.min)
                high = stats.max if high is None else max(high, stats.max)
            parts.append(Part(path, meta.num_rows, schema, low, high))
        return manifest, parts
    except (OSError, ValueError, KeyError, pa.ArrowException) as exc:
        log.warning("lake dataset %s is unreadable (%s): rewritten from the store", folder,
                    exc, extra={"stage": "publish", "file": str(folder)})
        return None


def _same_columns(conn: sqlite3.Connection, name: str, parts: list[Part]) -> bool:
    """Whether every part has the store table's columns and types (struct columns: any)."""
    want = [(f.name, None if f.name in STRUCT_COLUMNS else f.type)
            for f in table_schema(conn, name)]
    return all([(f.name, None if f.name in STRUCT_COLUMNS else f.type) for f in p.schema]
               == want for p in parts)


def _may_hold(part: Part, keys: list[Any]) -> bool:
    """Whether ``part``'s key range holds one of ``keys`` (sorted)."""
    if part.rows == 0:
        return False
    if part.low is None:
        return True
    try:
        i = bisect.bisect_left(keys, part.low)
        return i < len(keys) and keys[i] <= part.high
    except TypeError:  # statistics of another type than the keys: read the column
        return True


def _sorted(table: pa.Table, name: str) -> pa.Table:
    order = [(c, "ascending") for c in LOGS[name].sort]
    return table.take(pc.sort_indices(table, sort_keys=order))  # NULLs last


def _cut(table: pa.Table) -> list[pa.Table]:
    return [table.slice(i, PART_ROWS) for i in range(0, table.num_rows, PART_ROWS)] or [table]


def _unified(schemas: list[pa.Schema]) -> pa.Schema | None:
    """The schema a reader sees over the parts (DuckDB unites struct fields by name)."""
    try:
        return pa.unify_schemas([s.remove_metadata() for s in schemas],
                                promote_options="permissive")
    except (pa.ArrowException, TypeError):
        return None


def _write_version(lake: Path, name: str, carried: list[Path], tables: list[pa.Table],
                   manifest: dict[str, Any], keep_previous: bool) -> None:
    with versions.new_version(lake, name, keep_previous=keep_previous) as tmp:
        for path in carried:
            versions.carry(path, tmp / path.name)
        for table in tables:
            n = int(manifest["next_part"])
            versions.write_file(stamp(table, name), tmp / f"part-{n:06d}.parquet",
                                row_group_size=ROW_GROUP)
            manifest["next_part"] = n + 1
        (tmp / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
        files.fsync_path(tmp / MANIFEST)


def _whole(conn: sqlite3.Connection, lake: Path, name: str) -> dict[str, Any]:
    spec = LOGS[name]
    mark = None
    if spec.by_id:
        mark = int(conn.execute(f"SELECT coalesce(max({spec.key}), 0) FROM {name}"
                                ).fetchone()[0])
        table = _select(conn, name, f" WHERE {spec.key} <= ?", (mark,))
    else:
        table = _select(conn, name)
    tables = _cut(table)
    _write_version(lake, name, [], tables, {"watermark": mark, "next_part": 0}, True)
    return {"rows": table.num_rows, "written": table.num_rows, "whole": True,
            "schema": table.schema, "parts": len(tables)}


def write_log(conn: sqlite3.Connection, lake: Path, name: str,
              changed: list[Any] | None) -> dict[str, Any]:
    """Write the next version of ``name`` and swap it in; its rows, rows written, whether it
    was written whole (``changed`` None, or the current version unreadable or of other
    columns), its schema and parts. ``changed``: the keys pending for it."""
    spec = LOGS[name]
    now = versions.current(lake, name)
    state = None if changed is None or now is None else _parts(now, spec.key)
    if state is None or not _same_columns(conn, name, state[1]):
        return _whole(conn, lake, name)
    manifest, parts = state
    assert changed is not None
    old_mark = int(manifest.get("watermark") or 0)
    keys = sorted(set(changed))  # every pending key: dropped from the parts holding it
    mark = None
    fresh: list[pa.Table] = []
    if spec.by_id:  # new rows by id; changed rows of ids the lake may hold already
        mark = int(conn.execute(f"SELECT coalesce(max({spec.key}), 0) FROM {name}"
                                ).fetchone()[0])
        keys = [k for k in keys if isinstance(k, int)]
        old = [k for k in keys if k <= old_mark]
        if old:
            fresh.append(_by_keys(conn, name, old, mark))
        fresh.append(_select(conn, name, f" WHERE {spec.key} > ? AND {spec.key} <= ?",
                             (old_mark, mark)))
    elif keys:
        fresh.append(_by_keys(conn, name, keys))
    fresh = [t for t in fresh if t.num_rows]
    written = {repr(k) for t in fresh for k in t.column(spec.key).to_pylist()}
    carried: list[Part] = []
    rewritten: list[pa.Table] = []
    purged = False  # a row deleted from the store left a part
    value_set = pa.array(keys, parts[0].schema.field(spec.key).type) if keys and parts \
        else None
    for part in parts:
        if value_set is None or not _may_hold(part, keys):
            carried.append(part)
            continue
        ids = pq.read_table(part.path, columns=[spec.key]).column(spec.key)
        hit = pc.is_in(ids, value_set=value_set)
        if not pc.any(hit).as_py():
            carried.append(part)
            continue
        gone = pc.filter(ids, hit).to_pylist()
        purged = purged or any(repr(k) not in written for k in gone)
        left = pc.filter(ids, pc.invert(hit))
        if len(left) == 0:
            continue
        if name in ("runs",):  # struct types inferred: the part's rows read again
            rewritten.append(_by_keys(conn, name, left.to_pylist()))
        else:
            table = pq.read_table(part.path)
            rewritten.append(table.filter(pc.invert(pc.is_in(table.column(spec.key),
                                                             value_set=value_set))))
    new_part = [pa.concat_tables(fresh)] if len(fresh) > 1 else fresh
    if not new_part and len(carried) == len(parts) and mark == manifest.get("watermark"):
        rows = sum(p.rows for p in parts)  # nothing changed: the version stays
        return {"rows": rows, "written": 0, "whole": False,
                "schema": _unified([p.schema for p in parts]), "parts": len(parts)}
    tables = [t for t in rewritten + new_part if t.num_rows]
    small = [p for p in carried if p.rows < PART_ROWS]
    if len(small) + sum(1 for t in tables if t.num_rows < PART_ROWS) > MAX_SMALL_PARTS:
        carried = [p for p in carried if p.rows >= PART_ROWS]
        merged = [pq.read_table(p.path) for p in small] + [t for t in tables
                                                           if t.num_rows < PART_ROWS]
        tables = [t for t in tables if t.num_rows >= PART_ROWS]
        if name == "runs":
            run_ids = [k for t in merged for k in t.column(spec.key).to_pylist()]
            tables += _cut(_by_keys(conn, name, run_ids))
        else:
            tables += _cut(_sorted(pa.concat_tables(
                [t.replace_schema_metadata(None) for t in merged],
                promote_options="permissive"), name))
    schemas = [p.schema for p in carried] + [t.schema for t in tables]
    unified = _unified(schemas) if schemas else None
    if unified is None or (not carried and not tables):
        return _whole(conn, lake, name)  # parts a reader could not unite, or none left
    _write_version(lake, name, [p.path for p in carried], tables,
                   {"watermark": mark, "next_part": manifest.get("next_part", 0)},
                   keep_previous=not purged)
    rows = sum(p.rows for p in carried) + sum(t.num_rows for t in tables)
    return {"rows": rows, "written": sum(t.num_rows for t in tables), "whole": False,
            "schema": unified, "parts": len(carried) + len(tables)}


def read_log(folder: Path, name: str) -> pa.Table:
    """Every row of a log dataset's version folder, in its order (struct fields united)."""
    tables = [pq.read_table(p) for p in sorted(folder.glob("part-*.parquet"))]
    table = pa.concat_tables([t.replace_schema_metadata(None) for t in tables],
                             promote_options="permissive")
    return _sorted(table, name)
