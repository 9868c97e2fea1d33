"""Vector index files, the index-is-current check and the embedding cache's model identity."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path

import faiss
import numpy as np
import pytest

from kore_pipeline.embed.cache import EmbeddingCache, SentenceTransformerEmbedder, embed_with_cache
from kore_pipeline.ids import embedding_key, text_hash
from kore_pipeline.index.sync import SIGNATURE_KEY, index_is_current
from kore_pipeline.index.vectors import INDEX_FILE, SIGNATURE_FILE, VectorIndex
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store

SIG = "sentence-transformers:all-MiniLM-L6-v2:4"


def unit(n: int, dim: int = 4, seed: int = 0) -> np.ndarray:
    x = np.random.default_rng(seed).normal(size=(n, dim))
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


def test_interleaved_saves_do_not_clobber(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    first = VectorIndex.build([1, 2], unit(2), SIG)
    second = VectorIndex.build([3], unit(1, seed=1), SIG)
    real = faiss.write_index
    calls: list[str] = []

    def write(index: object, path: str) -> None:
        real(index, path)
        calls.append(path)
        if len(calls) == 1:  # a second writer saves while the first is between write and move
            second.save(tmp_path)

    monkeypatch.setattr(faiss, "write_index", write)
    first.save(tmp_path)
    assert calls[0] != calls[1]
    loaded = VectorIndex.load(tmp_path)
    assert loaded is not None and len(loaded) == 2
    assert json.loads((tmp_path / SIGNATURE_FILE).read_text())["count"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [INDEX_FILE, SIGNATURE_FILE]


@pytest.fixture
def home(tmp_path: Path) -> KoreSettings:
    return KoreSettings(home=tmp_path / "home", embedder="sentence-transformers")  # SIG's backend


@pytest.fixture
def conn(home: KoreSettings) -> Iterator[sqlite3.Connection]:
    c = store.connect(home.db_path())
    yield c
    c.close()


def add_indexed_memory(conn: sqlite3.Connection, mid: int, content: str) -> None:
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at, embedded_hash) VALUES"
        " (?, 'anna', 'Anna', ?, 'factual', 'preference', ?, ?, 3, '[]', '2026-01-01',"
        " '2026-01-01', ?)", (mid, f"preference:{mid}", content, text_hash(content),
                              text_hash(content)))


def test_index_with_a_missing_memory_is_not_current(home: KoreSettings,
                                                    conn: sqlite3.Connection) -> None:
    add_indexed_memory(conn, 1, "Anna likes tea.")
    with store.transaction(conn):
        store.set_meta(conn, SIGNATURE_KEY, SIG)
    VectorIndex.build([1], unit(1), SIG).save(home.index_dir())
    assert index_is_current(conn, home)
    # another process marked memory 2 as embedded but its index (saved last) missed it
    add_indexed_memory(conn, 2, "Anna lives in Rome.")
    assert not index_is_current(conn, home)


def test_index_is_current_reads_only_the_signature(home: KoreSettings,
                                                   conn: sqlite3.Connection) -> None:
    add_indexed_memory(conn, 1, "Anna likes tea.")
    with store.transaction(conn):
        store.set_meta(conn, SIGNATURE_KEY, SIG)
    VectorIndex.build([1], unit(1), SIG).save(home.index_dir())
    (home.index_dir() / INDEX_FILE).write_bytes(b"not a faiss index")
    assert index_is_current(conn, home)
    (home.index_dir() / SIGNATURE_FILE).write_text("{broken", encoding="utf-8")
    assert not index_is_current(conn, home)


class FixedEmbedder(SentenceTransformerEmbedder):
    """The real Embedder's keys, with a fixed 4-d vector instead of a model."""

    @property
    def dim(self) -> int:
        return 4

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return np.tile(unit(1, seed=9), (len(texts), 1))


def test_cache_key_includes_an_explicit_model_path(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "cache.sqlite")
    try:
        default = FixedEmbedder(KoreSettings())
        assert default.cache_id == default.model_name  # existing caches stay valid
        cached = unit(1, seed=3)
        cache.put_many([embedding_key(default.cache_id, "tea")], cached)
        vectors, encoded = embed_with_cache(["tea"], default, cache)
        assert encoded == 0 and np.allclose(vectors, cached)
        other = FixedEmbedder(KoreSettings(model_path=tmp_path / "another-model"))
        assert other.model_name == default.model_name
        vectors, encoded = embed_with_cache(["tea"], other, cache)
        assert encoded == 1 and np.allclose(vectors, unit(1, seed=9))
    finally:
        cache.close()
