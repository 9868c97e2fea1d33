"""Embed-and-index stage: bring the FAISS index in step with the memories table.

Only memories whose text changed since they were last indexed are embedded (and the cache
spares even those whose text was seen before). When the stored embedding signature differs
from the model's, every memory is re-embedded rather than mixing two models' vectors.

The index kind follows the number of memories (``settings.vector_index_kind``, see
``vector_index.choose_kind``). When the saved index has the right signature, kind and storage
(and an IVF index has not outgrown its training), only the changed memories are removed and
re-added in place (``remove_ids`` / ``add_with_ids``); otherwise the index is rebuilt.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import numpy as np

from .embed import Embedder, EmbeddingCache, embed_text, embed_with_cache
from .settings import KoreSettings
from .store import get_meta, set_meta, transaction
from .vector_index import VectorIndex, choose_kind

SIGNATURE_KEY = "embedding_signature"


@dataclass
class IndexReport:
    """What the stage did."""

    memories: int = 0
    stale: int = 0
    encoded: int = 0
    rebuilt: bool = False
    """The index was written (from scratch, or updated in place: see ``updated_in_place``)."""
    updated_in_place: bool = False
    """Only the changed memories were removed and re-added (no full rebuild)."""
    kind: str = ""
    signature: str = ""


def index_is_current(conn: sqlite3.Connection, settings: KoreSettings) -> bool:
    """True when every memory is indexed with the configured model (no model load needed).

    Reads only the small signature file next to the index, never the index itself: its
    ``count`` must equal the number of memories, so an index written by a process that
    missed a memory is rebuilt.
    """
    sig = get_meta(conn, SIGNATURE_KEY)
    if sig is None or not sig.startswith(settings.model_name + ":"):
        return False
    if not VectorIndex.exists(settings.index_dir()):
        return False
    meta = VectorIndex.read_meta(settings.index_dir())
    total = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    if meta is None or meta.get("count") != total:
        return False
    stale = conn.execute("SELECT count(*) FROM memories WHERE embedded_hash IS NULL"
                         " OR embedded_hash != content_hash").fetchone()[0]
    return stale == 0


def _reusable_index(conn: sqlite3.Connection, settings: KoreSettings, signature: str,
                    kind: str, total: int) -> VectorIndex | None:
    """The saved index if it can be updated in place for ``total`` memories, else None."""
    if get_meta(conn, SIGNATURE_KEY) != signature:
        return None
    meta = VectorIndex.read_meta(settings.index_dir())
    if meta is None or meta.get("signature") != signature or meta.get("kind") != kind \
            or meta.get("storage", "float32") != settings.vector_index_storage:
        return None
    trained = int(meta.get("trained") or 0)
    if kind == "ivf" and total > settings.vector_index_retrain_growth * max(trained, 1):
        return None
    return VectorIndex.load(settings.index_dir())


def sync_index(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
               cache: EmbeddingCache) -> IndexReport:
    """Embed what changed and bring the index in step (all memories, archived included).

    In place when the saved index can be reused (only the changed rows are embedded, removed
    and re-added); otherwise every memory's vector (from the cache) goes into a new index.
    """
    report = IndexReport()
    if index_is_current(conn, settings):
        report.memories = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
        report.signature = get_meta(conn, SIGNATURE_KEY) or ""
        return report
    signature = embedder.signature
    total = int(conn.execute("SELECT count(*) FROM memories").fetchone()[0])
    kind = choose_kind(total, settings.vector_index_kind, settings.vector_index_exact_max)
    report.memories, report.kind, report.signature = total, kind, signature
    index = _reusable_index(conn, settings, signature, kind, total)
    if index is not None:
        rows = conn.execute("SELECT id, subject, content, content_hash FROM memories"
                            " WHERE embedded_hash IS NULL OR embedded_hash != content_hash"
                            " ORDER BY id").fetchall()
        vectors, report.encoded = embed_with_cache(
            [embed_text(r["subject"], r["content"]) for r in rows], embedder, cache)
        ids = np.array([r["id"] for r in rows], dtype=np.int64)
        index.remove(ids)
        index.add(ids, vectors)
        if len(index) == total:
            report.stale = len(rows)
            report.updated_in_place = report.rebuilt = True
            _save_and_mark(conn, settings, index, rows, signature)
            return report
        del index  # the saved index missed memories: rebuild
    rows = conn.execute("SELECT id, subject, content, content_hash, embedded_hash"
                        " FROM memories ORDER BY id").fetchall()
    if get_meta(conn, SIGNATURE_KEY) != signature:
        report.stale = len(rows)
    else:
        report.stale = sum(1 for r in rows if r["embedded_hash"] != r["content_hash"])
    texts = [embed_text(r["subject"], r["content"]) for r in rows]
    vectors, report.encoded = embed_with_cache(texts, embedder, cache)
    del texts
    ids = np.array([r["id"] for r in rows], dtype=np.int64)
    built = VectorIndex.build(ids, vectors, signature, kind=kind,
                              storage=settings.vector_index_storage)
    del vectors
    _save_and_mark(conn, settings, built, rows, signature)
    report.rebuilt = True
    return report


def _save_and_mark(conn: sqlite3.Connection, settings: KoreSettings, index: VectorIndex,
                   rows: list[sqlite3.Row], signature: str) -> None:
    """Save the index, then record the indexed hashes of exactly the rows as read."""
    index.storage = settings.vector_index_storage
    index.save(settings.index_dir())
    with transaction(conn):
        # Only the rows as read: a memory saved or changed meanwhile stays stale for next time.
        conn.executemany("UPDATE memories SET embedded_hash = ? WHERE id = ? AND content_hash = ?",
                         [(r["content_hash"], r["id"], r["content_hash"]) for r in rows])
        set_meta(conn, SIGNATURE_KEY, signature)
