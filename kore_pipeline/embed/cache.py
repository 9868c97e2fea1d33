"""Embedding stage: an embedder backend in batches, behind a (model, text) content-hash cache.

The backends live in :mod:`kore_pipeline.embed.factory` (``KORE_EMBEDDER`` picks one; the
default is ``onnx``: all-MiniLM-L6-v2 on ONNX Runtime). Their heavy imports happen only when
a model is first needed, so the CLI starts fast.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from kore_pipeline import faults
from kore_pipeline.embed.factory import Embedder, EmbeddingError, make_embedder
from kore_pipeline.embed.sentence_transformer import SentenceTransformerEmbedder, resolve_model_path
from kore_pipeline.ids import embedding_key
from kore_pipeline.store.check import (
    QUICK_CHECK_MAX_BYTES,
    StorageProblem,
    header_problem,
    set_aside,
    storage_problem,
)
from kore_pipeline.timeutil import utcnow

log = logging.getLogger(__name__)

__all__ = [
    "Embedder", "EmbeddingCache", "EmbeddingError", "SentenceTransformerEmbedder", "embed_text",
    "embed_with_cache", "make_embedder", "resolve_model_path",
]


def embed_text(subject: str, content: str) -> str:
    """Text that is embedded for a memory: its content. The subject's name is left out: it
    dominated the vector of a short line ("Anna: Wow, great!" came close to any question
    naming Anna); search takes a question's names as whose memories to prefer instead
    (``serve.ranking``). ``subject`` is kept in the signature for callers."""
    del subject
    return content


SCAN_MIN = 50_000
SCAN_SHARE = 0.2
""":meth:`EmbeddingCache.fill` scans the whole cache for at least ``SCAN_MIN`` distinct keys
that are at least ``SCAN_SHARE`` of its rows (a compression or index build at scale)."""


def matrix(rows: int, dim: int) -> np.ndarray:
    """An uninitialised C-contiguous float32 ``rows x dim`` matrix.

    Allocated from a ``bytearray``, not ``np.empty``: numpy asks for huge pages for big arrays,
    and faulting them in cost 1.4-3.3 s for 1M x 384 (vs 0.8 s) on a machine whose memory is
    page cache.
    """
    return np.frombuffer(bytearray(rows * dim * 4), dtype=np.float32).reshape(rows, dim)


class EmbeddingCache:
    """Vectors keyed by hash(model, text) in a SQLite file; survives across runs.

    A damaged cache (empty, not SQLite, corrupt pages, a blob of the wrong length) is never
    fatal: the file is named in a warning, set aside as ``embeddings.sqlite.damaged-<time>``
    and a new cache started, so what it held is re-embedded; a bad blob is re-encoded. A full
    disk or a file or folder kore may not write is no damage: it raises
    :class:`~kore_pipeline.store.check.StorageProblem` and the cache stays as it is.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.set_aside: list[str] = []
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            problem = header_problem(path) if path.is_file() else None
            if problem is not None and path.stat().st_size > 0:
                self._discard(problem)
            elif problem is not None:  # 0 bytes: nothing to keep, SQLite starts it afresh
                path.unlink()
        except OSError as exc:
            self._storage(exc)
            raise
        try:
            self._open()
            if path.stat().st_size <= QUICK_CHECK_MAX_BYTES:
                rows = [r[0] for r in self.conn.execute("PRAGMA quick_check(1)")]
                if rows != ["ok"]:
                    raise sqlite3.DatabaseError("; ".join(map(str, rows)))
        except sqlite3.DatabaseError as exc:
            self.recover(exc)

    def _storage(self, exc: BaseException) -> None:
        """Raise :class:`StorageProblem` when ``exc`` comes of the disk or permissions."""
        reason = storage_problem(exc, self.path)
        if reason is not None:
            raise StorageProblem(self.path, reason) from None

    def _open(self) -> None:
        self.conn = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS embeddings (key TEXT PRIMARY KEY, dim INTEGER NOT NULL,"
            " vector BLOB NOT NULL)"
        )

    def _discard(self, problem: str) -> None:
        """Set the damaged file aside (named in a warning); a new cache starts empty."""
        target = set_aside(self.path, utcnow().strftime("%Y%m%dT%H%M%S%f"))
        self.set_aside.append(str(target))
        log.warning("embedding cache %s is damaged (%s): set aside as %s; a new cache is"
                    " built and its vectors re-embedded", self.path, problem, target)

    def recover(self, exc: sqlite3.DatabaseError) -> None:
        """Called on an error mid-use: a damaged cache is set aside and a new one continues;
        a busy one, a full disk or a write not permitted is raised (nothing set aside)."""
        if isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc)
                                                          or "busy" in str(exc)):
            raise exc
        self._storage(exc)
        with contextlib.suppress(AttributeError):  # no connection when it failed to open
            self.conn.close()
        try:
            self._discard(str(exc))
            self._open()
        except (OSError, sqlite3.DatabaseError) as again:
            self._storage(again)
            raise

    def get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors for the keys that have one (a damaged cache has none)."""
        try:
            return self._get_many(keys)
        except sqlite3.DatabaseError as exc:
            self.recover(exc)
            return {}

    def _get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        unique = list(dict.fromkeys(keys))
        for i in range(0, len(unique), 500):
            chunk = unique[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for key, _dim, blob in self.conn.execute(
                f"SELECT key, dim, vector FROM embeddings WHERE key IN ({marks})", chunk
            ):
                if isinstance(blob, bytes) and len(blob) == 4 * int(_dim) > 0:
                    found[key] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, keys: Sequence[str], vectors: np.ndarray) -> None:
        """Store vectors (one row per key); a damaged cache is set aside and written anew."""
        try:
            self._put_many(keys, vectors)
        except sqlite3.DatabaseError as exc:
            self.recover(exc)
            self._put_many(keys, vectors)

    def _put_many(self, keys: Sequence[str], vectors: np.ndarray) -> None:
        with self.conn:
            self.conn.executemany(
                "INSERT OR REPLACE INTO embeddings(key, dim, vector) VALUES (?, ?, ?)",
                [(k, int(v.shape[0]), v.astype(np.float32).tobytes())
                 for k, v in zip(keys, vectors, strict=True)],
            )

    def fill(self, keys: Sequence[str], out: np.ndarray) -> np.ndarray:
        """Write the cached vector of each key into its row of ``out``; returns a found mask.

        Rows are copied straight from the stored blobs into the preallocated ``out`` (no dict
        of per-key arrays): a million vectors cost their matrix and little more. From
        ``SCAN_MIN`` distinct keys that are at least ``SCAN_SHARE`` of the cache, the cache is
        read in one sequential scan instead of one keyed lookup per key (at 1M: 5.6 s vs 14 s).
        A damaged cache finds nothing (it is set aside; the caller encodes what is missing).
        """
        try:
            return self._fill(keys, out)
        except sqlite3.DatabaseError as exc:
            self.recover(exc)
            return np.zeros(len(keys), dtype=bool)

    def _fill(self, keys: Sequence[str], out: np.ndarray) -> np.ndarray:
        first: dict[str, int] = {}
        repeats: list[int] = []  # rows whose key an earlier row already has
        for pos, key in enumerate(keys):
            if first.setdefault(key, pos) != pos:
                repeats.append(pos)
        found = np.zeros(len(keys), dtype=bool)
        dim = out.shape[1] if out.ndim == 2 else 0
        if len(first) >= SCAN_MIN and len(first) >= SCAN_SHARE * len(self):
            self._copy(self.conn.execute("SELECT key, dim, vector FROM embeddings"), first,
                       out, dim, found)
        else:
            unique = list(first)
            for i in range(0, len(unique), 500):
                chunk = unique[i : i + 500]
                marks = ",".join("?" * len(chunk))
                self._copy(self.conn.execute(
                    f"SELECT key, dim, vector FROM embeddings WHERE key IN ({marks})", chunk),
                    first, out, dim, found)
        if repeats:
            src = np.asarray([first[keys[p]] for p in repeats], dtype=np.int64)
            out[repeats], found[repeats] = out[src], found[src]
        return found

    @staticmethod
    def _copy(rows: Iterable[tuple[str, int, bytes]], first: dict[str, int], out: np.ndarray,
              dim: int, found: np.ndarray) -> None:
        """Copy each wanted blob into its row of ``out`` and mark it found; a vector of
        another dimension is treated as missing (re-encoded)."""
        flat = out.data.cast("B") if out.dtype == np.float32 and \
            out.flags.c_contiguous and out.size else None
        width = dim * 4
        hit: list[int] = []
        for key, kdim, blob in rows:
            pos = first.get(key)
            if pos is None or kdim != dim or not isinstance(blob, bytes) or len(blob) != width:
                continue  # another dimension, or a damaged blob: re-encoded
            if flat is not None:
                flat[pos * width : (pos + 1) * width] = blob
            else:
                out[pos] = np.frombuffer(blob, dtype=np.float32)
            hit.append(pos)
        found[np.asarray(hit, dtype=np.int64)] = True

    def __len__(self) -> int:
        try:
            return int(self.conn.execute("SELECT count(*) FROM embeddings").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            self.recover(exc)
            return 0

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
    out = matrix(len(keys), dim)
    found = cache.fill(keys, out)
    missing: dict[str, str] = {}
    for pos in np.flatnonzero(~found).tolist():
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
    try:
        hit = cache.conn.execute("SELECT dim, length(vector) FROM embeddings WHERE key = ?",
                                 (key,)).fetchone()
    except sqlite3.DatabaseError as exc:
        cache.recover(exc)
        return None
    return int(hit[0]) if hit and hit[1] == 4 * int(hit[0]) else None
