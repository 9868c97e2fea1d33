"""Store rows as typed Arrow columns (docs/lake.md, "Types").

Columns are converted in Arrow, not value by value: canonical ISO times
(``2026-05-01T09:30:00+00:00``, what :func:`kore_pipeline.timeutil.iso` writes) are cast in
bulk, JSON arrays of plain ids split in bulk, flags compared in bulk. A value the bulk path
does not take (another time form, an escaped string, a value of an unexpected type) goes
through the per-value path, which gives the same result as before: the store keeps bad text,
the lake gets NULL.
"""

from __future__ import annotations

import io
import json
import sqlite3
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from kore_pipeline.timeutil import BadTimestamp, parse_ts

LAKE_SCHEMA_VERSION = 5
"""Version of the lake's layout and columns (docs/lake.md); 1 was one file per run; 2 kept
lists and objects as JSON text and flags as integers; 3 had no store token (every publish
rewrote everything); 4 had access_log, quarantine, runs and run_stages as single files,
rewritten by every publish. An older lake is rewritten by the next publish (``upgrade_lake``
does it before ``kore sql`` and ``kore report`` read it)."""

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

CAST_CHUNK = 65_536
"""Values cast together; a chunk holding a value Arrow refuses goes value by value."""

_ARROW_TYPES = {"INTEGER": pa.int64(), "REAL": pa.float64()}
TIMESTAMP = pa.timestamp("us", tz="UTC")
_MAP = pa.map_(pa.string(), pa.float64())
_CANONICAL_TIME = (r"^([1-9]\d{3}|0[1-9]\d{2}|00[1-9]\d|000[1-9])-\d{2}-\d{2}"
                   r"T\d{2}:\d{2}:\d{2}\+00:00$")
"""The store's own time form (year 0 excluded: Python refuses it, Arrow does not)."""
_PLAIN_ID_LIST = r'^\["[^"\\\x00-\x1f]*"(, "[^"\\\x00-\x1f]*")*\]$'
"""A JSON array of strings without escapes, as ``json.dumps`` writes it."""

Values = list[Any] | tuple[Any, ...]


def column_type(name: str, declared: str) -> pa.DataType:
    """The lake type of a store column: by name for times, flags, lists and maps, else by its
    declared SQLite type (TEXT otherwise)."""
    if name in TIME_COLUMNS:
        return TIMESTAMP
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


def _timestamp(value: Any) -> Any:
    if value is None:
        return None
    try:
        return parse_ts(value)
    except BadTimestamp:  # the store keeps the text; the lake gets NULL
        return None


def _id_list(value: Any) -> Any:
    return [str(x) for x in j] if isinstance(j := _json(value), list) else None


def _struct_or_text(values: list[Any]) -> pa.Array:
    """JSON objects as one struct column (written once to be sure Parquet takes it), else
    the JSON text."""
    try:
        arr = pa.array([_json(v) for v in values])
        if pa.types.is_struct(arr.type) and arr.type.num_fields:
            pq.write_table(pa.table({"x": arr}), io.BytesIO())
            return arr
    except (pa.ArrowException, ValueError, TypeError):
        pass
    return pa.array(values, type=pa.string())


def _text(values: Values) -> pa.Array | None:
    """The values as one string array, or None if any is not text (the slow path)."""
    try:
        return pa.array(values, type=pa.string())
    except (pa.ArrowException, TypeError):
        return None


def _patched(fast: pa.Array, taken: pa.Array, values: Values, convert: Any,
             kind: pa.DataType) -> pa.Array:
    """``fast`` where ``taken`` holds, ``convert(value)`` (per value) elsewhere."""
    slow = [int(i) for i in np.flatnonzero(~taken.to_numpy(zero_copy_only=False))]
    if not slow:
        return fast
    patch = pa.array([convert(values[i]) for i in slow], type=kind)
    order = np.arange(len(values), dtype=np.int64)
    order[slow] = np.arange(len(values), len(values) + len(slow), dtype=np.int64)
    return pa.concat_arrays([fast, patch]).take(pa.array(order))


def _times(values: Values) -> pa.Array:
    text = _text(values)
    if text is None:
        return pa.array([_timestamp(v) for v in values], type=TIMESTAMP)
    if len(text) == 0:
        return pa.array([], type=TIMESTAMP)
    chunks, taken = [], []
    for start in range(0, len(text), CAST_CHUNK):
        part = text.slice(start, CAST_CHUNK)
        ok = pc.fill_null(pc.match_substring_regex(part, _CANONICAL_TIME), True)  # NULL: NULL
        try:
            cast = pc.if_else(ok, part, None).cast(TIMESTAMP)
        except pa.ArrowException:  # e.g. 2026-02-30: this chunk goes value by value
            cast = pa.nulls(len(part), TIMESTAMP)
            ok = pa.array(np.zeros(len(part), dtype=bool))
        chunks.append(cast)
        taken.append(ok)
    return _patched(pa.concat_arrays(chunks), pa.concat_arrays(taken), values, _timestamp,
                    TIMESTAMP)


def _id_lists(values: Values, kind: pa.DataType) -> pa.Array:
    text = _text(values)
    if text is None:
        return pa.array([_id_list(v) for v in values], type=kind)
    empty = pc.fill_null(pc.equal(text, "[]"), False)
    plain = pc.fill_null(pc.match_substring_regex(text, _PLAIN_ID_LIST), True)  # NULL: NULL
    inner = pc.utf8_slice_codeunits(pc.if_else(plain, text, None), 2, -2)
    split = pc.split_pattern(inner, '", "').cast(kind)
    fast = pc.if_else(empty, pa.scalar([], kind), split)
    return _patched(fast, pc.or_(empty, plain), values, _id_list, kind)


def _flags(values: Values) -> pa.Array:
    try:
        ints = pa.array(values, type=pa.int64())
    except (pa.ArrowException, TypeError, OverflowError):
        return pa.array([None if v is None else bool(v) for v in values], type=pa.bool_())
    return pc.not_equal(ints, 0)


def column(kind: pa.DataType, name: str, values: Values) -> pa.Array:
    """One store column as an Arrow array of its lake type."""
    if kind == TIMESTAMP:
        return _times(values)
    if name in BOOL_COLUMNS:
        return _flags(values)
    if name in LIST_COLUMNS:
        return _id_lists(values, kind)
    if name in MAP_COLUMNS:
        return pa.array([None if not isinstance(j := _json(v), dict) else
                         [(str(k), float(x)) for k, x in j.items()
                          if isinstance(x, int | float) and not isinstance(x, bool)]
                         for v in values], type=kind)
    if name in STRUCT_COLUMNS:
        return _struct_or_text(list(values))
    return pa.array(values, type=kind)


def declared_types(conn: sqlite3.Connection, tables: tuple[str, ...]) -> dict[str, pa.DataType]:
    """Lake type of every column of ``tables`` (the first table's type wins)."""
    types: dict[str, pa.DataType] = {}
    for name in reversed(tables):
        types.update({f.name: f.type for f in table_schema(conn, name)})
    return types


def typed_rows(conn: sqlite3.Connection, table: str | tuple[str, ...], sql: str,
               params: tuple = (), dataset: str | None = None) -> pa.Table:
    """Rows of ``sql`` as Arrow typed by the declared types of ``table`` (even when empty)."""
    tables = (table,) if isinstance(table, str) else table
    types = declared_types(conn, tables)
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples: a quarter faster to fetch than sqlite3.Row
    cur.execute(sql, params)
    names = [d[0] for d in cur.description]
    rows = cur.fetchall()
    columns: list[tuple[Any, ...]] = list(zip(*rows, strict=True)) if rows else \
        [()] * len(names)
    del rows
    arrays = {}
    for n, values in zip(names, columns, strict=True):
        kind = types.get(n, VIEW_COLUMN_TYPES.get(n) or column_type(n, "TEXT"))
        arrays[n] = column(kind, n, values)
    return stamp(pa.table(arrays), dataset or tables[0])


def stamp(table: pa.Table, dataset: str) -> pa.Table:
    """``table`` with the lake's key-value metadata (schema version, dataset name)."""
    meta = {b"kore.lake_schema_version": str(LAKE_SCHEMA_VERSION).encode(),
            b"kore.dataset": dataset.encode()}
    return table.replace_schema_metadata(meta)
