"""The observable state of a home, for comparing a crashed-and-rerun home with a clean one.

Run ids (wall-clock names), the ``runs`` table and the lake token differ between any two homes
by design;
everything else must be equal: store rows, FAISS ids and vectors, Parquet rows of every
dataset (files of one dataset are read together, whatever their names).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.lake.datasets import KEYED
from kore_pipeline.lake.logs import LOGS
from kore_pipeline.lake.publish import read_dataset
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect

TABLES = ("messages", "memories", "archive", "access_log", "quarantine", "ingested_files",
          "meta")
VOLATILE = {"run_id"}
VOLATILE_ROWS = {"meta": " WHERE key <> 'lake_token'"}
"""Rows that differ between any two homes by design: the random token a store shares with its
lake (docs/lake.md, "Incremental publish")."""


def _key(value: Any) -> tuple[int, str]:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return (0, "")
    return (1, json.dumps(value, sort_keys=True, default=str))


def _rows(table: pa.Table) -> list[tuple]:
    cols = sorted(c for c in table.column_names if c not in VOLATILE)
    rows = [tuple(r[c] for c in cols) for r in table.to_pylist()]
    return [tuple(cols)] + sorted(rows, key=lambda r: [_key(v) for v in r])


def store_state(settings: KoreSettings) -> dict[str, list[tuple]]:
    """Every row of the store tables (without run ids), sorted."""
    conn = connect(settings.db_path())
    try:
        out = {}
        for table in TABLES:
            cur = conn.execute(f"SELECT * FROM {table}" + VOLATILE_ROWS.get(table, ""))
            cols = [d[0] for d in cur.description]
            rows = cur.fetchall()
            data = pa.Table.from_pylist([dict(zip(cols, r, strict=True)) for r in rows]) \
                if rows else pa.table({c: pa.array([], pa.null()) for c in cols})
            out[table] = _rows(data)
        return out
    finally:
        conn.close()


def index_state(settings: KoreSettings) -> tuple[list[int], np.ndarray, dict[str, Any]]:
    """FAISS ids (sorted), their vectors and the signature file (without the file hash)."""
    import faiss

    index = VectorIndex.load(settings.index_dir())
    assert index is not None, "no FAISS index"
    ids = sorted(int(i) for i in faiss.vector_to_array(index.index.id_map))
    meta = VectorIndex.read_meta(settings.index_dir()) or {}
    meta = {k: v for k, v in meta.items() if k in ("signature", "dim", "count")}
    return ids, index.reconstruct(ids), meta


def lake_state(settings: KoreSettings) -> dict[str, list[tuple]]:
    """Rows of every Parquet dataset (first path part under the lake), run history excluded.

    Partitioned datasets are read through their current version (the ``messages`` link);
    ``_versions`` also keeps the version before it, for readers still in it.
    """
    lake = settings.lake_dir()
    datasets: dict[str, list[pa.Table]] = {}
    for path in sorted(lake.rglob("*.parquet")):
        name = path.relative_to(lake).parts[0].removesuffix(".parquet")
        if name in ("runs", "run_stages") or name.startswith("_"):
            continue
        datasets.setdefault(name, []).append(pq.read_table(path, partitioning=None))
    for link in (p for p in lake.iterdir() if p.is_symlink()) if lake.is_dir() else []:
        if link.name in ("runs", "run_stages"):
            continue
        if link.name in (*KEYED, *LOGS):  # base + delta + scores, parts: what a reader sees
            datasets[link.name] = [read_dataset(lake, link.name)]
            continue
        for path in sorted(link.resolve().rglob("*.parquet")):
            datasets.setdefault(link.name, []).append(pq.read_table(path, partitioning=None))
    return {name: _rows(pa.concat_tables(tables, promote_options="default"))
            for name, tables in datasets.items()}


def assert_same_state(got: KoreSettings, want: KoreSettings) -> None:
    """The two homes hold the same memories, vectors and lake rows."""
    assert store_state(got) == store_state(want)
    ids_got, vec_got, meta_got = index_state(got)
    ids_want, vec_want, meta_want = index_state(want)
    assert ids_got == ids_want and meta_got == meta_want
    np.testing.assert_allclose(vec_got, vec_want, atol=1e-6)
    assert lake_state(got) == lake_state(want)
    leftovers = [p for p in Path(got.lake_dir()).rglob("*.tmp")]
    assert leftovers == [], leftovers


def views_open(settings: KoreSettings) -> int:
    """Rows of the memories view through the analysts' DuckDB file (it must open)."""
    import duckdb

    con = duckdb.connect(str(settings.lake_dir() / "kore.duckdb"), read_only=True)
    try:  # its views name files relative to the lake (a copied lake reads its own files)
        con.execute("SET file_search_path = ?", [str(settings.lake_dir())])
        return int(con.execute("SELECT count(*) FROM memories").fetchone()[0])
    finally:
        con.close()
