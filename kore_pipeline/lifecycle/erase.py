"""``kore forget``: remove every trace of one owner (or of one subject of an owner).

What goes: the owner's messages, memories (the FTS5 index is rebuilt, so no old segment
keeps a token), archive rows, access log, quarantined records of the owner (``quarantine.owner``,
set at ingest from the whole record), rows of any other store table with an ``owner`` column,
the read checkpoints and file hashes of the inputs that held the owner's records, the owner's
vectors in the FAISS index, embedding-cache entries of texts no remaining memory uses, and the
owner's rows in every Parquet file under the lake (filtered by their ``owner`` column; the
owner's own hive folder, named exactly as publish names it, goes whole). SQLite files are then
written with ``secure_delete``, vacuumed and checkpointed (``wal_checkpoint(TRUNCATE)``), so
neither the database nor its ``-wal`` file keeps the deleted text.

The owner matches exactly everywhere: never an encoded or decoded alias of it (``a b`` and
``a%20b`` are two owners), never a mention of it inside another owner's record. Resumable:
the store transaction also records the vectors, cache keys and lake rows still to remove in
``forget_pending``; a forget killed after it and run again finishes from there. An unreadable
lake file is removed with a warning (publish rebuilds it from the store).
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline import faults, files
from kore_pipeline.settings import KoreSettings

log = logging.getLogger(__name__)

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
    unreadable_files: list[str] = field(default_factory=list)
    """Lake files that could not be read: removed (publish rebuilt them from the store)."""
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def record_owner(raw: str | None) -> str | None:
    """The owner a raw (quarantined) record names (see ``ingest.records.named_owner``)."""
    from kore_pipeline.ingest.records import named_owner

    return named_owner(raw)


def _names_subject(raw: str | None, subject: str) -> bool:
    """Whether a quarantined record (already known to be the owner's) is about ``subject``."""
    try:
        obj = json.loads(raw or "")
    except (ValueError, RecursionError):
        obj = None
    if isinstance(obj, dict):
        return any(obj.get(k) == subject for k in ("speaker", "user", "name"))
    return any(re.search(rf'"{k}"\s*:\s*' + re.escape(json.dumps(subject, ensure_ascii=False)),
                         raw or "") for k in ("speaker", "user", "name"))


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')}


def _store_forget(conn: sqlite3.Connection, owner: str, subject: str | None,
                  report: ForgetReport, model_id: str) -> tuple[list[int], list[str]]:
    """Delete the owner's rows in one transaction that also records, in ``forget_pending``,
    what is left to remove outside the store; returns (memory ids, cache keys) to remove."""
    from kore_pipeline.embed.cache import embed_text
    from kore_pipeline.ids import embedding_key
    from kore_pipeline.store.db import transaction
    from kore_pipeline.timeutil import iso, utcnow

    mem_where = "owner = ?" + (" AND subject = ?" if subject is not None else "")
    mem_params: list[Any] = [owner] + ([subject] if subject is not None else [])
    with transaction(conn):
        pending = conn.execute("SELECT memory_ids, cache_keys FROM forget_pending WHERE"
                               " owner = ? AND subject = ?", (owner, subject or "")).fetchone()
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
        sources = {r[0] for r in conn.execute(
            f"SELECT DISTINCT source_file FROM messages WHERE {msg_where}", mem_params)}
        report.rows["messages"] = conn.execute(f"DELETE FROM messages WHERE {msg_where}",
                                               mem_params).rowcount
        # exact owner only: the column set at ingest; a row stored before it (NULL) by the
        # owner its parsed text names. Another owner's record that mentions this one stays.
        quarantined = [(int(r[0]), r[3]) for r in conn.execute(
            "SELECT id, owner, raw, source_file FROM quarantine WHERE owner = ?"
            " OR owner IS NULL", (owner,)).fetchall()
            if (r[1] == owner or (r[1] is None and record_owner(r[2]) == owner))
            and (subject is None or _names_subject(r[2], subject))]
        for i in range(0, len(quarantined), 500):
            chunk = [q[0] for q in quarantined[i:i + 500]]
            conn.execute(f"DELETE FROM quarantine WHERE id IN ({','.join('?' * len(chunk))})",
                         chunk)
        report.rows["quarantine"] = len(quarantined)
        if subject is None:  # the inputs that held the owner's records: re-read if kept
            sources |= {q[1] for q in quarantined}
            report.rows["source_checkpoints"] = sum(conn.execute(
                "DELETE FROM source_checkpoints WHERE path = ?", (src,)).rowcount
                for src in sorted(sources))
            report.rows["ingested_files"] = sum(conn.execute(
                "DELETE FROM ingested_files WHERE path = ?", (src,)).rowcount
                for src in sorted(sources))
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
        still_used = {embed_text(s, c) for s, c in conn.execute(
            "SELECT subject, content FROM memories")}
        keys = sorted({embedding_key(model_id, t) for t in set(texts) - still_used})
        if pending is not None:  # a forget that was killed: finish its work too
            ids = sorted(set(ids) | set(json.loads(pending[0])))
            keys = sorted(set(keys) | set(json.loads(pending[1])))
        conn.execute("INSERT OR REPLACE INTO forget_pending(owner, subject, started_at,"
                     " memory_ids, cache_keys) VALUES (?, ?, ?, ?, ?)",
                     (owner, subject or "", iso(utcnow()), json.dumps(ids), json.dumps(keys)))
    return ids, keys


def scrub_sqlite(conn: sqlite3.Connection) -> bool:
    """VACUUM and truncate the WAL; True if the WAL could be emptied (no reader held it)."""
    conn.execute("VACUUM")
    busy, _log, _done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    return busy == 0


def _forget_vectors(settings: KoreSettings, conn: sqlite3.Connection, ids: list[int]) -> int:
    """Remove the ids from the FAISS index (an unreadable index is deleted, to be rebuilt),
    and drop a reindex's staged index (it may hold them; the reindex stages it again)."""
    import shutil

    from kore_pipeline.index.reindex import stage_dir
    from kore_pipeline.index.sync import INDEX_HASH_KEY
    from kore_pipeline.index.vectors import SIGNATURE_FILE, VectorIndex
    from kore_pipeline.store.db import set_meta, transaction

    if ids:
        shutil.rmtree(stage_dir(settings), ignore_errors=True)
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


def _forget_cache(settings: KoreSettings, keys: list[str]) -> int:
    """Drop the given embedding-cache entries (texts no remaining memory uses)."""
    from kore_pipeline.embed.cache import EmbeddingCache

    path = settings.cache_path()
    if not keys or not path.is_file():
        return 0
    cache = EmbeddingCache(path)  # a damaged cache is set aside (and so holds nothing)
    try:
        cache.conn.execute("PRAGMA secure_delete=ON")
        with cache.conn:
            removed = sum(cache.conn.execute("DELETE FROM embeddings WHERE key = ?",
                                             (k,)).rowcount for k in keys)
        scrub_sqlite(cache.conn)
    finally:
        cache.close()
    for damaged in cache.set_aside:  # a damaged copy may hold the owner's vectors: gone
        for suffix in ("", "-wal", "-shm"):
            Path(f"{damaged}{suffix}").unlink(missing_ok=True)
    return removed


def forget_lake(lake: Path, owner: str, subject: str | None, memory_ids: set[int],
                report: ForgetReport) -> None:
    """Remove the owner's rows from every Parquet file under ``lake`` (any layout).

    Files are filtered by their ``owner`` column (exact match) and, for a subject, their
    ``subject``/``speaker`` column; files without one by ``memory_id``; rewritten atomically
    when a row goes, removed when none is left. A hive folder is taken for the owner's only
    when its name is exactly the one publish gives this owner (never a decoded alias) and its
    files lack an ``owner`` column. An unreadable file is removed with a warning (it may hold
    the owner's rows; publish rebuilds it from the store).
    """
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from kore_pipeline.lake.publish import owner_folder

    if not lake.is_dir():
        return
    folder_name = owner_folder(owner)
    for path in sorted(lake.rglob("*.parquet")):
        if path.is_symlink() or not path.is_file():
            continue
        in_partition = folder_name in path.relative_to(lake).parts
        try:
            table = pq.read_table(path, partitioning=None)
        except (OSError, pa.ArrowException) as exc:
            log.warning("lake file %s is unreadable (%s): removed, publish rebuilds it from"
                        " the store", path, exc)
            path.unlink()
            report.parquet_files_removed += 1
            report.unreadable_files.append(str(path))
            continue
        cols = set(table.column_names)
        drop = None
        if "owner" in cols:
            drop = pc.equal(table["owner"], pa.scalar(owner, table["owner"].type))
        elif in_partition:
            drop = pa.array(np.ones(table.num_rows, dtype=bool))
        elif "memory_id" in cols and memory_ids:
            drop = pc.is_in(table["memory_id"], value_set=_int_array(memory_ids))
        if drop is not None and subject is not None and ("owner" in cols or in_partition):
            col = next((c for c in ("subject", "speaker") if c in cols), None)
            drop = pc.and_(drop, pc.equal(table[col], subject)) if col else None
        if drop is None:
            continue
        drop = pc.fill_null(drop, False)
        n = int(pc.sum(drop).as_py() or 0)
        if n == 0:
            continue
        report.parquet_rows_removed += n
        rel = path.relative_to(lake).parts
        if n == table.num_rows and any(part.startswith("owner=") for part in rel[:-1]):
            path.unlink()  # a partition file of the owner's: nothing of another owner in it
            report.parquet_files_removed += 1
            folder = path.parent
            while folder != lake and not any(folder.iterdir()):
                folder.rmdir()
                folder = folder.parent
            continue
        with files.atomic_path(path) as tmp:
            pq.write_table(table.filter(pc.invert(drop)), tmp, compression="zstd")
        report.parquet_files_rewritten += 1


def _int_array(values: set[int]) -> Any:
    import pyarrow as pa

    return pa.array(sorted(values), type=pa.int64())


def forget_owner(settings: KoreSettings, owner: str, subject: str | None = None) -> ForgetReport:
    """Remove every trace of ``owner`` (or only of ``subject`` within it) from the home.

    Holds the home's write lock. Resumable: what remains to remove after the store
    transaction is recorded in ``forget_pending`` and cleared only at the end.
    """
    from kore_pipeline.embed.cache import make_embedder
    from kore_pipeline.lake import publish as lake
    from kore_pipeline.store.db import connect, transaction
    from kore_pipeline.store.homelock import home_lock

    if not owner.strip():
        raise ValueError("owner must be a non-empty string")
    started = time.perf_counter()
    report = ForgetReport(owner=owner, subject=subject)
    model_id = make_embedder(settings).cache_id
    with home_lock(settings.home, settings.lock_wait_seconds, "forget"):
        conn = connect(settings.db_path(), create=False)
        try:
            conn.execute("PRAGMA secure_delete=ON")  # freed pages are zeroed, not readable
            ids, keys = _store_forget(conn, owner, subject, report, model_id)
            faults.reach("forget")  # store rows gone, the rest recorded as pending
            report.vectors_removed = _forget_vectors(settings, conn, ids)
            faults.reach("forget")
            report.cache_entries_removed = _forget_cache(settings, keys)
            faults.reach("forget")
            forget_lake(settings.lake_dir(), owner, subject, set(ids), report)
            if settings.lake_dir().is_dir():
                lake.publish(conn, settings.lake_dir(), settings)  # fresh snapshots, views
            faults.reach("forget")
            with transaction(conn):
                conn.execute("DELETE FROM forget_pending WHERE owner = ? AND subject = ?",
                             (owner, subject or ""))
            report.wal_truncated = scrub_sqlite(conn)
        finally:
            conn.close()
    report.seconds = round(time.perf_counter() - started, 3)
    return report
