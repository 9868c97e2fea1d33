"""``kore forget``: remove every trace of one owner (or of one subject of an owner).

What goes: the owner's messages, memories (the FTS5 index is rebuilt, so no old segment
keeps a token), archive rows, access log, quarantined records that name the owner, rows of
any other store table with an ``owner`` column (e.g. checkpoints), the owner's vectors in
the FAISS index, embedding-cache entries of texts no remaining memory uses, and the
owner's rows in every Parquet file under the lake (hive ``owner=<O>`` folders are dropped,
other files are rewritten atomically without those rows). SQLite files are then written
with ``secure_delete``, vacuumed and checkpointed (``wal_checkpoint(TRUNCATE)``), so
neither the database nor its ``-wal`` file keeps the deleted text.

Other owners' data is never touched: every statement is narrowed by owner (and subject).
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np

from kore_pipeline import files
from kore_pipeline.settings import KoreSettings

HANDLED_TABLES = ("messages", "memories", "archive", "access_log", "quarantine",
                  "memory_events")
"""Tables :func:`forget_owner` clears by name; any other table with an ``owner`` column is
cleared generically."""


@dataclass
class ForgetReport:
    """What was removed."""

    owner: str
    subject: str | None
    rows: dict[str, int] = field(default_factory=dict)
    vectors_removed: int = 0
    cache_entries_removed: int = 0
    parquet_files_rewritten: int = 0
    parquet_files_removed: int = 0
    parquet_rows_removed: int = 0
    wal_truncated: bool = True
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def record_owner(raw: str | None) -> str | None:
    """The owner a raw (quarantined) record names, if it is a JSON object naming one."""
    if not raw:
        return None
    try:
        obj = json.loads(raw)
    except (ValueError, TypeError, RecursionError):  # nested past the parser's limit
        return None
    owner = obj.get("owner") if isinstance(obj, dict) else None
    return owner if isinstance(owner, str) and owner else None


def _names_owner(raw: str | None, owner: str, subject: str | None) -> bool:
    """Whether raw record text names ``owner`` (and ``subject``), parsed or not."""
    if not raw:
        return False
    pattern = r'"owner"\s*:\s*' + re.escape(json.dumps(owner, ensure_ascii=False))
    plain = r'"owner"\s*:\s*' + re.escape(json.dumps(owner))
    if not (re.search(pattern, raw) or re.search(plain, raw)):
        return False
    if subject is None:
        return True
    return any(re.search(rf'"{k}"\s*:\s*' + re.escape(json.dumps(subject, ensure_ascii=False)),
                         raw) for k in ("speaker", "user", "name"))


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')}


def _store_forget(conn: sqlite3.Connection, owner: str, subject: str | None,
                  report: ForgetReport) -> tuple[list[int], list[str]]:
    """Delete the owner's rows in one transaction; returns (memory ids, embedded texts)."""
    from kore_pipeline.embed.cache import embed_text
    from kore_pipeline.store.db import transaction

    mem_where = "owner = ?" + (" AND subject = ?" if subject is not None else "")
    mem_params: list[Any] = [owner] + ([subject] if subject is not None else [])
    with transaction(conn):
        rows = conn.execute(f"SELECT id, subject, content FROM memories WHERE {mem_where}",
                            mem_params).fetchall()
        ids = [int(r[0]) for r in rows]
        texts = [embed_text(r[1], r[2]) for r in rows]
        marks = ",".join("?" * len(ids))
        if ids:
            texts += [embed_text(s, c) for s, c in conn.execute(
                f"SELECT m.subject, a.content FROM archive AS a JOIN memories AS m"
                f" ON m.id = a.memory_id WHERE a.memory_id IN ({marks})", ids)]
            report.rows["archive"] = conn.execute(
                f"DELETE FROM archive WHERE memory_id IN ({marks})", ids).rowcount
            report.rows["access_log"] = conn.execute(
                f"DELETE FROM access_log WHERE memory_id IN ({marks})", ids).rowcount
            report.rows["memory_events"] = conn.execute(
                f"DELETE FROM memory_events WHERE memory_id IN ({marks})", ids).rowcount
            report.rows["memories"] = conn.execute(
                f"DELETE FROM memories WHERE id IN ({marks})", ids).rowcount
        msg_where = "owner = ?" + (" AND speaker = ?" if subject is not None else "")
        report.rows["messages"] = conn.execute(f"DELETE FROM messages WHERE {msg_where}",
                                               mem_params).rowcount
        quarantined = [int(r[0]) for r in conn.execute(
            "SELECT id, owner, raw FROM quarantine").fetchall()
            if (r[1] == owner and subject is None) or _names_owner(r[2], owner, subject)]
        for i in range(0, len(quarantined), 500):
            chunk = quarantined[i:i + 500]
            conn.execute(f"DELETE FROM quarantine WHERE id IN ({','.join('?' * len(chunk))})",
                         chunk)
        report.rows["quarantine"] = len(quarantined)
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                     " AND name NOT LIKE 'memories_fts%'").fetchall():
            cols = _columns(conn, table)
            if table in HANDLED_TABLES or "owner" not in cols:
                continue
            where, params = '"owner" = ?', [owner]
            if subject is not None:
                col = next((c for c in ("subject", "speaker") if c in cols), None)
                if col is None:
                    continue  # no per-subject column: the owner's other subjects stay
                where += f' AND "{col}" = ?'
                params.append(subject)
            report.rows[table] = conn.execute(f'DELETE FROM "{table}" WHERE {where}',
                                              params).rowcount
        # 'rebuild' rewrites the whole FTS index from `memories`: no old segment survives.
        conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
    return ids, texts


def scrub_sqlite(conn: sqlite3.Connection) -> bool:
    """VACUUM and truncate the WAL; True if the WAL could be emptied (no reader held it)."""
    conn.execute("VACUUM")
    busy, _log, _done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    return busy == 0


def _forget_vectors(settings: KoreSettings, conn: sqlite3.Connection, ids: list[int]) -> int:
    """Remove the ids from the FAISS index (an unreadable index is deleted, to be rebuilt)."""
    from kore_pipeline.index.sync import INDEX_HASH_KEY
    from kore_pipeline.index.vectors import SIGNATURE_FILE, VectorIndex
    from kore_pipeline.store.db import set_meta, transaction

    folder = settings.index_dir()
    if not ids or not VectorIndex.exists(folder):
        return 0
    try:
        index = VectorIndex.load(folder)
    except RuntimeError:
        index = None
    if index is None:  # vectors only, but of the owner too: gone; the next run rebuilds
        for name in (SIGNATURE_FILE, "memories.faiss"):
            (folder / name).unlink(missing_ok=True)
        return 0
    removed = int(index.index.remove_ids(np.asarray(ids, dtype=np.int64)))
    index.save(folder)
    with transaction(conn):  # the saved index is the one that matches the store
        set_meta(conn, INDEX_HASH_KEY, str((VectorIndex.read_meta(folder) or {}).get("sha256")))
    return removed


def _forget_cache(settings: KoreSettings, conn: sqlite3.Connection, texts: list[str]) -> int:
    """Drop cache entries of the forgotten texts that no remaining memory uses."""
    from kore_pipeline.embed.cache import EmbeddingCache, embed_text, make_embedder
    from kore_pipeline.ids import embedding_key

    path = settings.cache_path()
    if not texts or not path.is_file():
        return 0
    model_id = make_embedder(settings).cache_id
    still_used = {embed_text(s, c) for s, c in conn.execute(
        "SELECT subject, content FROM memories")}
    keys = [embedding_key(model_id, t) for t in set(texts) - still_used]
    cache = EmbeddingCache(path)
    try:
        cache.conn.execute("PRAGMA secure_delete=ON")
        with cache.conn:
            removed = sum(cache.conn.execute("DELETE FROM embeddings WHERE key = ?",
                                             (k,)).rowcount for k in keys)
        scrub_sqlite(cache.conn)
    finally:
        cache.close()
    return removed


def forget_lake(lake: Path, owner: str, subject: str | None, memory_ids: set[int],
                report: ForgetReport) -> None:
    """Remove the owner's rows from every Parquet file under ``lake`` (any layout).

    A hive folder ``owner=<O>`` goes whole (for a subject: its files are filtered); every
    other file is filtered by its ``owner`` (and ``subject``/``speaker``) column or, lacking
    one, its ``memory_id`` column, and rewritten atomically when a row goes.
    """
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    if not lake.is_dir():
        return
    partitions = {f"owner={owner}", f"owner={quote(owner, safe='')}"}
    if subject is None:
        for folder in sorted(p for p in lake.rglob("owner=*") if p.is_dir()):
            if folder.name in partitions and folder.exists():
                report.parquet_files_removed += sum(1 for _ in folder.rglob("*.parquet"))
                shutil.rmtree(folder)
    for path in sorted(lake.rglob("*.parquet")):
        in_partition = any(part in partitions for part in path.relative_to(lake).parts)
        table = pq.read_table(path, partitioning=None)
        cols = set(table.column_names)
        drop = None
        if "owner" in cols or in_partition:
            drop = pc.equal(table["owner"], owner) if "owner" in cols else \
                pa.array(np.ones(table.num_rows, dtype=bool))
            if subject is not None:
                col = next((c for c in ("subject", "speaker") if c in cols), None)
                drop = pc.and_(drop, pc.equal(table[col], subject)) if col else None
        elif "memory_id" in cols and memory_ids:
            drop = pc.is_in(table["memory_id"], value_set=_int_array(memory_ids))
        if drop is None:
            continue
        drop = pc.fill_null(drop, False)
        n = int(pc.sum(drop).as_py() or 0)
        if n == 0:
            continue
        with files.atomic_path(path) as tmp:
            pq.write_table(table.filter(pc.invert(drop)), tmp, compression="zstd")
        report.parquet_files_rewritten += 1
        report.parquet_rows_removed += n


def _int_array(values: set[int]) -> Any:
    import pyarrow as pa

    return pa.array(sorted(values), type=pa.int64())


def forget_owner(settings: KoreSettings, owner: str, subject: str | None = None) -> ForgetReport:
    """Remove every trace of ``owner`` (or only of ``subject`` within it) from the home."""
    from kore_pipeline.lake import publish as lake
    from kore_pipeline.store.db import connect

    if not owner.strip():
        raise ValueError("owner must be a non-empty string")
    started = time.perf_counter()
    report = ForgetReport(owner=owner, subject=subject)
    conn = connect(settings.db_path())
    try:
        conn.execute("PRAGMA secure_delete=ON")  # freed pages are zeroed, not left readable
        ids, texts = _store_forget(conn, owner, subject, report)
        report.vectors_removed = _forget_vectors(settings, conn, ids)
        report.cache_entries_removed = _forget_cache(settings, conn, texts)
        forget_lake(settings.lake_dir(), owner, subject, set(ids), report)
        if settings.lake_dir().is_dir():
            lake.publish(conn, settings.lake_dir())  # fresh snapshots and views
        report.wal_truncated = scrub_sqlite(conn)
    finally:
        conn.close()
    report.seconds = round(time.perf_counter() - started, 3)
    return report
