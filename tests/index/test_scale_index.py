"""Index kind by size, in-place sync, recall of the approximate index on real embeddings, and
the numpy compression path against the FAISS one."""

from __future__ import annotations

import itertools
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from kore_pipeline.embed.cache import (
    Embedder,
    EmbeddingCache,
    embed_text,
    embed_with_cache,
    make_embedder,
)
from kore_pipeline.ids import embedding_key, text_hash
from kore_pipeline.index.sync import sync_index
from kore_pipeline.index.vectors import VectorIndex, choose_kind
from kore_pipeline.lifecycle import compress
from kore_pipeline.lifecycle.compress import exact_pairs, find_similar_pairs, run_compress
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store

NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)

PEOPLE = ["Anna", "Marco", "Lena", "Tom", "Sara", "Ivo"]
VERBS = ["likes", "hates", "is learning", "decided to try", "often talks about",
         "wants to buy", "is worried about", "recommended"]
THINGS = ["dark roast coffee", "green tea", "the cello", "rock climbing", "Python type hints",
          "a trip to Lisbon", "the quarterly budget", "sourdough bread", "night trains",
          "the new office in Milan", "jazz records", "marathon training", "Rust compilers",
          "board games", "her allergy to peanuts", "the database migration"]


def sentences() -> list[str]:
    """A few hundred short hand-written sentences (templates combined)."""
    return [f"{p} {v} {t}." for p, v, t in itertools.product(PEOPLE, VERBS, THINGS)]


@pytest.fixture(scope="module")
def real_vectors(embedder: Embedder) -> np.ndarray:
    return embedder.encode(sentences())


def test_kind_follows_size() -> None:
    assert choose_kind(10, "auto", exact_max=100) == "flat"
    assert choose_kind(100, "auto", exact_max=100) == "ivf"
    assert choose_kind(10**7, "flat") == "flat"
    with pytest.raises(ValueError, match="unknown vector index kind"):
        choose_kind(5, "hnsw")


@pytest.mark.slow
def test_ivf_recall_on_real_embeddings(real_vectors: np.ndarray, embedder: Embedder) -> None:
    db, queries = real_vectors[:700], real_vectors[700:]
    ids = np.arange(len(db), dtype=np.int64) * 3 + 5  # FAISS ids are not positions
    exact = VectorIndex.build(ids, db, embedder.signature, kind="flat")
    want = [{i for i, _ in exact.search(q, 10)} for q in queries]

    def recall(index: VectorIndex) -> float:
        got = [{i for i, _ in index.search(q, 10)} for q in queries]
        return float(np.mean([len(a & b) / 10 for a, b in zip(want, got, strict=True)]))

    ivf = VectorIndex.build(ids, db, embedder.signature, kind="ivf")
    assert ivf.kind == "ivf" and ivf.index.nlist > 8
    ivf.nprobe = ivf.index.nlist // 2  # half of the lists: a real approximation
    assert recall(ivf) >= 0.95
    sq8 = VectorIndex.build(ids, db, embedder.signature, kind="ivf", storage="sq8")
    sq8.nprobe = ivf.nprobe
    assert recall(sq8) >= 0.93
    # A search restricted to few ids (one owner) is exact on the IVF index.
    allowed = ids[::7]
    for q in queries[:20]:
        assert [i for i, _ in ivf.search(q, 10, allowed_ids=allowed)] == \
            [i for i, _ in exact.search(q, 10, allowed_ids=allowed)]


def _add(conn: sqlite3.Connection, mid: int, content: str) -> None:
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at) VALUES (?, 'o', 'Anna', ?,"
        " 'factual', 'preference', ?, ?, 3, '[]', '2026-04-01T00:00:00+00:00',"
        " '2026-04-01T00:00:00+00:00')", (mid, f"k{mid}", content, text_hash(content)))


@pytest.mark.slow
def test_sync_index_picks_the_kind_by_size_and_updates_in_place(
        tmp_path: Path, embedder: Embedder) -> None:
    settings = KoreSettings(home=tmp_path / "home", vector_index_exact_max=300)
    conn = store.connect(settings.db_path())
    cache = EmbeddingCache(settings.cache_path())
    texts = sentences()
    for mid, text in enumerate(texts[:200], start=1000):
        _add(conn, mid, text)
    first = sync_index(conn, settings, embedder, cache)
    assert (first.kind, first.rebuilt, first.updated_in_place) == ("flat", True, False)
    for mid, text in enumerate(texts[200:400], start=1200):
        _add(conn, mid, text)
    second = sync_index(conn, settings, embedder, cache)
    assert (second.kind, second.updated_in_place) == ("ivf", False)  # 400 >= 300: new IVF
    meta = json.loads((settings.index_dir() / "signature.json").read_text())
    assert (meta["kind"], meta["count"]) == ("ivf", 400)
    conn.execute("UPDATE memories SET content = 'Anna now drinks only water.', content_hash = ?"
                 " WHERE id = 1005", (text_hash("Anna now drinks only water."),))
    third = sync_index(conn, settings, embedder, cache)
    assert third.updated_in_place and third.stale == 1 and third.rebuilt
    index = VectorIndex.load(settings.index_dir())
    assert index is not None and len(index) == 400 and index.kind == "ivf"
    # FAISS ids are the store's row ids: each memory's own vector finds its own id.
    rows = conn.execute("SELECT id, subject, content FROM memories ORDER BY id").fetchall()
    vecs, _ = embed_with_cache([embed_text(r[1], r[2]) for r in rows], embedder, cache)
    index.nprobe = index.index.nlist
    for r, v in list(zip(rows, vecs, strict=True))[::37]:
        assert index.search(v, 1)[0][0] == r[0]
    cache.close()
    conn.close()


def test_numpy_pairs_equal_faiss_pairs() -> None:
    rng = np.random.default_rng(5)
    base = rng.normal(size=(900, 48))
    near = base[:120] + 0.08 * rng.normal(size=(120, 48))
    x = np.vstack([base, near])
    x = (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)
    ids = rng.permutation(np.arange(5000, 5000 + len(x)))
    new = exact_pairs(ids, x, 0.9)
    assert len(new) >= 120
    assert new == find_similar_pairs(ids, x, 0.9)


def test_run_compress_same_result_whatever_exact_max(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = []
    for name, exact_max in (("exact", 4096), ("above-exact-max", 0)):
        monkeypatch.setattr(compress, "EXACT_MAX", exact_max)
        conn = store.connect(tmp_path / f"{name}.sqlite")
        cache = EmbeddingCache(tmp_path / f"{name}-cache.sqlite")
        emb = make_embedder(KoreSettings())
        base = np.random.default_rng(1).normal(size=(40, 16))
        vecs = np.vstack([base, base[:10] + 0.05 * np.random.default_rng(2).normal(
            size=(10, 16))])
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        keys = []
        for mid in range(50):
            content = f"Memory number {mid}."
            conn.execute(
                "INSERT INTO memories(id, owner, subject, key, type, category, content,"
                " content_hash, importance, source_message_ids, created_at, updated_at)"
                " VALUES (?, ?, 'Anna', ?, 'factual', 'preference', ?, ?, ?, ?, ?, ?)",
                (mid + 1, "a", f"k{mid}", content, text_hash(content), 1 + mid % 5,
                 json.dumps([f"m{mid}"]), f"2026-03-{1 + mid % 28:02d}T00:00:00+00:00",
                 "2026-04-01T00:00:00+00:00"))
            keys.append(embed_text("Anna", content))
        cache.put_many([embedding_key(emb.cache_id, k) for k in keys],
                       vecs.astype(np.float32))
        # pair finding under test, not the fact guard (the texts differ only in their numbers)
        rep = run_compress(conn, KoreSettings(fact_guard=False), emb, cache, NOW)
        state = conn.execute("SELECT id, status, merged_into, content FROM memories"
                             " ORDER BY id").fetchall()
        results.append((rep.merged, rep.pairs, [tuple(r) for r in state]))
        cache.close()
        conn.close()
    assert results[0][0] == 10
    assert results[0] == results[1]
