"""Embedding stage: an embedder backend in batches, behind a (model, text) content-hash cache.

The backends live in :mod:`kore_pipeline.embedders` (``KORE_EMBEDDER`` picks one; the
default is sentence-transformers with all-MiniLM-L6-v2). Their heavy imports happen only when
a model is first needed, so the CLI starts fast.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from . import faults
from .embedders import Embedder, EmbeddingError, make_embedder
from .embedders.sentence_transformer import SentenceTransformerEmbedder, resolve_model_path
from .ids import embedding_key

__all__ = [
    "Embedder", "EmbeddingCache", "EmbeddingError", "SentenceTransformerEmbedder", "embed_text",
    "embed_with_cache", "make_embedder", "resolve_model_path",
]


def embed_text(subject: str, content: str) -> str:
    """Text that is embedded for a memory: its subject's name with its content."""
    return f"{subject}: {content}" if subject else content


class EmbeddingCache:
    """Vectors keyed by hash(model, text) in a SQLite file; survives across runs."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(path, timeout=30.0, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS embeddings (key TEXT PRIMARY KEY, dim INTEGER NOT NULL,"
            " vector BLOB NOT NULL)"
        )

    def get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors for the keys that have one."""
        found: dict[str, np.ndarray] = {}
        unique = list(dict.fromkeys(keys))
        for i in range(0, len(unique), 500):
            chunk = unique[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for key, _dim, blob in self.conn.execute(
                f"SELECT key, dim, vector FROM embeddings WHERE key IN ({marks})", chunk
            ):
                found[key] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, keys: Sequence[str], vectors: np.ndarray) -> None:
        """Store vectors (one row per key)."""
        with self.conn:
            self.conn.executemany(
                "INSERT OR REPLACE INTO embeddings(key, dim, vector) VALUES (?, ?, ?)",
                [(k, int(v.shape[0]), v.astype(np.float32).tobytes())
                 for k, v in zip(keys, vectors, strict=True)],
            )

    def fill(self, keys: Sequence[str], out: np.ndarray) -> np.ndarray:
        """Write the cached vector of each key into its row of ``out``; returns a found mask.

        Rows are copied straight from the stored blobs into the preallocated ``out`` (no dict
        of per-key arrays): a million vectors cost their matrix and little more.
        """
        where: dict[str, list[int]] = {}
        for pos, key in enumerate(keys):
            where.setdefault(key, []).append(pos)
        found = np.zeros(len(keys), dtype=bool)
        unique = list(where)
        dim = out.shape[1] if out.ndim == 2 else 0
        for i in range(0, len(unique), 500):
            chunk = unique[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for key, kdim, blob in self.conn.execute(
                f"SELECT key, dim, vector FROM embeddings WHERE key IN ({marks})", chunk
            ):
                if kdim != dim:
                    continue  # another dimension: treated as missing (re-encoded)
                rows = where[key]
                out[rows] = np.frombuffer(blob, dtype=np.float32)
                found[rows] = True
        return found

    def __len__(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM embeddings").fetchone()[0])

    def close(self) -> None:
        """Close the cache file."""
        self.conn.close()


def embed_with_cache(texts: Sequence[str], embedder: Embedder,
                     cache: EmbeddingCache) -> tuple[np.ndarray, int]:
    """Vectors for ``texts`` (in order), encoding only those not cached; returns (vectors, encoded).

    Identical texts in one call are encoded once.
    """
    if not texts:  # no model load for nothing to embed
        return np.zeros((0, 0), dtype=np.float32), 0
    # Duck-typed embedders (wrappers, test doubles) without ``cache_id`` key by name alone.
    model_id = getattr(embedder, "cache_id", None) or embedder.model_name
    keys = [embedding_key(model_id, t) for t in texts]
    dim = _cached_dim(cache, keys[0]) or int(embedder.dim)
    out = np.empty((len(keys), dim), dtype=np.float32)
    found = cache.fill(keys, out)
    missing: dict[str, str] = {}
    for pos in np.flatnonzero(~found):
        key = keys[pos]
        if key not in missing:
            missing[key] = texts[pos]
    if missing:
        new_keys = list(missing)
        vectors = np.asarray(embedder.encode([missing[k] for k in new_keys]), dtype=np.float32)
        cache.put_many(new_keys, vectors)
        faults.reach("embed")
        if vectors.shape[1] != dim:  # cached vectors of another dimension: not comparable
            raise EmbeddingError(f"cached vectors have dimension {dim}, the embedder"
                                 f" returns {vectors.shape[1]}")
        row = {k: i for i, k in enumerate(new_keys)}
        lost = np.flatnonzero(~found)
        out[lost] = vectors[[row[keys[p]] for p in lost]]
    return out, len(missing)


def _cached_dim(cache: EmbeddingCache, key: str) -> int | None:
    """Dimension of a cached vector (the first key's), without loading the model."""
    hit = cache.conn.execute("SELECT dim FROM embeddings WHERE key = ?", (key,)).fetchone()
    return int(hit[0]) if hit else None
