"""Embed-and-index stage: bring the FAISS index in step with the memories table.

Only memories whose text changed since they were last indexed are embedded (and the cache
spares even those whose text was seen before). When the stored embedding signature differs
from the model's, every memory is re-embedded rather than mixing two models' vectors.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass

import numpy as np

from . import faults
from .embed import Embedder, EmbeddingCache, embed_text, embed_with_cache, make_embedder
from .settings import KoreSettings
from .store import get_meta, set_meta, transaction
from .vector_index import VectorIndex

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


def sync_index(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
               cache: EmbeddingCache) -> IndexReport:
    """Embed what changed and rewrite the index (all memories, archived included)."""
    report = IndexReport()
    total = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    problem = VectorIndex.problem(settings.index_dir()) \
        if get_meta(conn, SIGNATURE_KEY) is not None and total else None
    if problem is None and index_is_current(conn, settings):
        report.memories = total
        report.signature = get_meta(conn, SIGNATURE_KEY) or ""
        return report
    if problem is not None:
        report.repaired = problem
        log.warning("%s: rebuilding the FAISS index from the stored vectors"
                    " (embedding cache)", problem)
    rows = conn.execute("SELECT id, subject, content, content_hash, embedded_hash"
                        " FROM memories ORDER BY id").fetchall()
    report.memories = len(rows)
    signature = embedder.signature
    if get_meta(conn, SIGNATURE_KEY) != signature:
        report.stale = len(rows)
    else:
        report.stale = sum(1 for r in rows if r["embedded_hash"] != r["content_hash"])
    texts = [embed_text(r["subject"], r["content"]) for r in rows]
    vectors, report.encoded = embed_with_cache(texts, embedder, cache)
    ids = np.array([r["id"] for r in rows], dtype=np.int64)
    VectorIndex.build(ids, vectors, signature).save(settings.index_dir())
    faults.reach("index")  # index saved, embedded_hash not yet recorded
    saved = VectorIndex.read_meta(settings.index_dir()) or {}
    with transaction(conn):
        # Only the rows as read: a memory saved or changed meanwhile stays stale for next time.
        conn.executemany("UPDATE memories SET embedded_hash = ? WHERE id = ? AND content_hash = ?",
                         [(r["content_hash"], r["id"], r["content_hash"]) for r in rows])
        set_meta(conn, SIGNATURE_KEY, signature)
        set_meta(conn, INDEX_HASH_KEY, str(saved.get("sha256", "")))
        set_meta(conn, MODEL_KEY, getattr(embedder, "cache_id", None) or embedder.model_name)
    report.rebuilt = True
    report.signature = signature
    return report


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
