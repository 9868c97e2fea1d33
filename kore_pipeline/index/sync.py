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

import logging
import sqlite3
import time
from dataclasses import dataclass

import numpy as np

from kore_pipeline import faults
from kore_pipeline.embed.cache import (
    Embedder,
    EmbeddingCache,
    embed_text,
    embed_with_cache,
    make_embedder,
)
from kore_pipeline.index.vectors import VectorIndex, choose_kind
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import get_meta, set_meta, transaction

SIGNATURE_KEY = "embedding_signature"
INDEX_HASH_KEY = "index_sha256"
"""Meta key of the SHA-256 of the index file that matches the committed memories."""
MODEL_KEY = "embedding_model"
"""Meta key of the model identity (``Embedder.cache_id``: name, plus folder when set)."""
log = logging.getLogger(__name__)
REPAIR_CHECKS = 3
REPAIR_RECHECK_SECONDS = 0.5
"""A reader rebuilds the index only if it is still broken after this many checks."""


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
    repaired: str | None = None
    """Why a saved index was rebuilt from the stored vectors (missing, truncated, garbled)."""


def index_is_current(conn: sqlite3.Connection, settings: KoreSettings) -> bool:
    """True when every memory is indexed with the configured model (no model load needed).

    Reads only the small signature file next to the index, never the index itself: its
    ``count`` must equal the number of memories, so an index written by a process that
    missed a memory is rebuilt.
    """
    sig = get_meta(conn, SIGNATURE_KEY)
    if sig is None or not sig.startswith(make_embedder(settings).signature_prefix):
        return False
    recorded, model_id = get_meta(conn, MODEL_KEY), make_embedder(settings).cache_id
    # Same name, another model folder: its vectors must not be kept. A store from before the
    # identity was recorded matched by name alone, which stays right without a folder.
    if recorded != model_id and not (recorded is None and model_id == settings.model_name):
        return False
    if not VectorIndex.exists(settings.index_dir()):
        return False
    meta = VectorIndex.read_meta(settings.index_dir())
    total = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    if meta is None or meta.get("count") != total:
        return False
    committed = get_meta(conn, INDEX_HASH_KEY)
    if committed is not None and committed != meta.get("sha256"):
        return False  # written by a run whose store changes were rolled back (crash)
    stale = conn.execute("SELECT count(*) FROM memories WHERE embedded_hash IS NULL"
                         " OR embedded_hash != content_hash").fetchone()[0]
    return stale == 0


def _reusable_index(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
                    kind: str, total: int) -> VectorIndex | None:
    """The saved index if it can be updated in place for ``total`` memories, else None.

    Only the index the committed store recorded (same signature, model identity and file
    hash) is reused: one left by a rolled-back run, or by another model, is rebuilt.
    """
    signature = embedder.signature
    if get_meta(conn, SIGNATURE_KEY) != signature or \
            get_meta(conn, MODEL_KEY) != getattr(embedder, "cache_id", embedder.model_name):
        return None
    meta = VectorIndex.read_meta(settings.index_dir())
    if meta is None or meta.get("signature") != signature or meta.get("kind") != kind \
            or meta.get("storage", "float32") != settings.vector_index_storage \
            or meta.get("sha256") != get_meta(conn, INDEX_HASH_KEY):
        return None
    trained = int(meta.get("trained") or 0)
    if kind == "ivf" and total > settings.vector_index_retrain_growth * max(trained, 1):
        return None
    return VectorIndex.load(settings.index_dir())


def sync_index(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
               cache: EmbeddingCache) -> IndexReport:
    """Embed what changed and bring the index in step (all memories, archived included).

    In place when the saved index can be reused (only the changed rows are embedded, removed
    and re-added); otherwise every memory's vector (from the cache) goes into a new index. A
    missing, truncated or garbled index is rebuilt from the stored vectors (``repaired``).
    """
    report = IndexReport()
    total = int(conn.execute("SELECT count(*) FROM memories").fetchone()[0])
    problem = VectorIndex.problem(settings.index_dir()) \
        if get_meta(conn, SIGNATURE_KEY) is not None and total else None
    if problem is None and index_is_current(conn, settings):
        report.memories = total
        report.signature = get_meta(conn, SIGNATURE_KEY) or ""
        return report
    signature = embedder.signature
    kind = choose_kind(total, settings.vector_index_kind, settings.vector_index_exact_max)
    report.memories, report.kind, report.signature = total, kind, signature
    index = None
    if problem is not None:
        report.repaired = problem
        log.warning("%s: rebuilding the FAISS index from the stored vectors"
                    " (embedding cache)", problem)
    else:
        index = _reusable_index(conn, settings, embedder, kind, total)
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
            _save_and_mark(conn, settings, index, rows, embedder)
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
    _save_and_mark(conn, settings, built, rows, embedder)
    report.rebuilt = True
    return report


def _save_and_mark(conn: sqlite3.Connection, settings: KoreSettings, index: VectorIndex,
                   rows: list[sqlite3.Row], embedder: Embedder) -> None:
    """Save the index, then record the indexed hashes of exactly the rows as read."""
    index.storage = settings.vector_index_storage
    index.save(settings.index_dir())
    faults.reach("index")  # index saved, embedded_hash not yet recorded
    saved = VectorIndex.read_meta(settings.index_dir()) or {}
    with transaction(conn):
        # Only the rows as read: a memory saved or changed meanwhile stays stale for next time.
        conn.executemany("UPDATE memories SET embedded_hash = ? WHERE id = ? AND content_hash = ?",
                         [(r["content_hash"], r["id"], r["content_hash"]) for r in rows])
        set_meta(conn, SIGNATURE_KEY, embedder.signature)
        set_meta(conn, INDEX_HASH_KEY, str(saved.get("sha256", "")))
        set_meta(conn, MODEL_KEY, getattr(embedder, "cache_id", None) or embedder.model_name)


def repair_index(conn: sqlite3.Connection, settings: KoreSettings,
                 embedder: Embedder) -> str | None:
    """Rebuild a missing, truncated or garbled index from the stored vectors; say why, or None.

    The vectors come from the embedding cache (keyed by model and text), so a rebuild
    normally encodes nothing. Cheap when the index is sound: a size and SHA-256 check.
    """
    if get_meta(conn, SIGNATURE_KEY) is None or \
            conn.execute("SELECT count(*) FROM memories").fetchone()[0] == 0:
        return None
    for attempt in range(REPAIR_CHECKS):  # a writer may be between its index and signature
        if VectorIndex.problem(settings.index_dir()) is None:
            return None
        if attempt + 1 < REPAIR_CHECKS:
            time.sleep(REPAIR_RECHECK_SECONDS)
    cache = EmbeddingCache(settings.cache_path())
    try:
        return sync_index(conn, settings, embedder, cache).repaired
    finally:
        cache.close()
