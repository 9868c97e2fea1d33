"""Compression at scale: IVF blocking of big groups and the scanned vector read.

Both are approximate or alternative paths; these tests hold them to the exact ones.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from kore_pipeline.embed import cache as embed
from kore_pipeline.embed.cache import EmbeddingCache, embed_text, embed_with_cache, make_embedder
from kore_pipeline.ids import embedding_key, text_hash
from kore_pipeline.lifecycle import compress, similar_pairs
from kore_pipeline.lifecycle.similar_pairs import blocked_pairs, exact_pairs
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store

NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)


def planted(n: int, m: int, lo: float, hi: float, seed: int,
            dim: int = 384) -> tuple[np.ndarray, set[tuple[int, int]]]:
    """``n`` random unit vectors whose last ``m`` are partners of the first ``m`` at a cosine
    drawn in [lo, hi]; returns the vectors and the planted position pairs."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, dim))
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    noise = rng.standard_normal((m, dim))
    noise -= np.sum(noise * x[:m], axis=1, keepdims=True) * x[:m]
    noise /= np.linalg.norm(noise, axis=1, keepdims=True)
    cos = rng.uniform(lo, hi, size=(m, 1))
    x[n - m :] = cos * x[:m] + np.sqrt(1 - cos**2) * noise
    return x.astype(np.float32), {(i, n - m + i) for i in range(m)}


def test_blocked_pairs_find_every_planted_pair() -> None:
    # 3,000 vectors: 55 lists, 16 probed, so most pairs are never compared; every planted
    # near-duplicate (cosine 0.90-0.99, the range merges happen in) is still found.
    x, pairs = planted(3_000, 300, 0.90, 0.99, seed=3)
    ids = np.random.default_rng(4).permutation(np.arange(50_000, 53_000))
    got = blocked_pairs(ids, x, 0.88)
    want = exact_pairs(ids, x, 0.88)
    assert {(min(ids[a], ids[b]), max(ids[a], ids[b])) for a, b in pairs} == \
        {(a, b) for a, b, _ in want}
    assert got == want  # same pairs, same float64 cosines, same order


def test_blocked_pairs_recall_near_the_threshold() -> None:
    # The hardest case for blocking: unclustered random vectors, partners just above 0.88.
    x, _pairs = planted(3_000, 300, 0.88, 0.90, seed=5)
    ids = np.arange(3_000)
    want = {(a, b) for a, b, _ in exact_pairs(ids, x, 0.88)}
    got = {(a, b) for a, b, _ in blocked_pairs(ids, x, 0.88)}
    assert len(want) == 300 and got <= want
    assert len(got) >= 297  # measured 5,999 of 6,000 over 20 such groups


def test_blocked_pairs_probing_every_list_is_exact() -> None:
    x, _pairs = planted(400, 40, 0.85, 0.95, seed=6, dim=32)
    ids = np.arange(400) * 7
    assert blocked_pairs(ids, x, 0.9, nprobe=100) == exact_pairs(ids, x, 0.9)


def _store(tmp_path: Path, name: str, x: np.ndarray) -> tuple[sqlite3.Connection, EmbeddingCache]:
    conn = store.connect(tmp_path / f"{name}.sqlite")
    cache = EmbeddingCache(tmp_path / f"{name}-cache.sqlite")
    model = make_embedder(KoreSettings()).cache_id
    texts = []
    for mid in range(len(x)):
        content = f"Memory number {mid}."
        conn.execute(
            "INSERT INTO memories(id, owner, subject, key, type, category, content,"
            " content_hash, importance, source_message_ids, created_at, updated_at)"
            " VALUES (?, 'a', 'Anna', ?, 'factual', 'preference', ?, ?, ?, ?, ?, ?)",
            (mid + 1, f"k{mid}", content, text_hash(content), 1 + mid % 5,
             json.dumps([f"m{mid}"]), f"2026-03-{1 + mid % 28:02d}T00:00:00+00:00",
             "2026-04-01T00:00:00+00:00"))
        texts.append(embed_text("Anna", content))
    cache.put_many([embedding_key(model, t) for t in texts], x)
    return conn, cache


def test_run_compress_blocks_big_groups_with_the_exact_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    x, _pairs = planted(600, 60, 0.90, 0.99, seed=8)
    calls: list[int] = []
    real = similar_pairs.blocked_pairs

    def spy(ids: np.ndarray, *args: object, **kwargs: object) -> object:
        calls.append(len(ids))
        return real(ids, *args, **kwargs)  # type: ignore[arg-type]

    results = []
    for name, exact_max in (("exact", 4096), ("blocked", 100)):
        monkeypatch.setattr(compress, "EXACT_MAX", exact_max)
        monkeypatch.setattr(similar_pairs, "blocked_pairs", spy)
        conn, cache = _store(tmp_path, name, x)
        # "Memory number N" texts differ in their numbers: the fact guard would keep them all
        # apart; this test is about pair finding, so it merges on the cosine alone.
        rep = compress.run_compress(conn, KoreSettings(fact_guard=False),
                                    make_embedder(KoreSettings()), cache, NOW)
        state = conn.execute("SELECT id, status, merged_into, content FROM memories"
                             " ORDER BY id").fetchall()
        results.append((rep.merged, rep.pairs, [tuple(r) for r in state]))
        cache.close()
        conn.close()
    assert calls == [600]  # only the second run blocked (600 > 100 memories in the group)
    assert results[0][0] == 60
    assert results[0] == results[1]


@pytest.mark.slow
def test_scanned_vector_read_equals_keyed_read(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Many texts are read by scanning the cache: same matrix as embed_with_cache, repeated
    # texts included; a text not in the cache (or cached with another dimension) is encoded.
    emb = make_embedder(KoreSettings())
    cache = EmbeddingCache(tmp_path / "cache.sqlite")
    texts = [f"Anna: fact {i}." for i in range(40)]
    vecs = np.random.default_rng(9).standard_normal((40, emb.dim)).astype(np.float32)
    cache.put_many([embedding_key(emb.cache_id, t) for t in texts], vecs)
    cache.put_many([embedding_key(emb.cache_id, "Anna: odd one.")],
                   np.ones((1, 8), dtype=np.float32))
    wanted = [*texts[:30], texts[3], "Anna: drinks tea every morning.", "Anna: odd one."]
    monkeypatch.setattr(embed, "SCAN_MIN", 0)
    got = embed_with_cache(wanted, emb, cache)[0]
    assert got.shape == (33, emb.dim)
    np.testing.assert_array_equal(got[:31], vecs[[*range(30), 3]])
    monkeypatch.setattr(embed, "SCAN_MIN", 10**9)
    np.testing.assert_allclose(got, embed_with_cache(wanted, emb, cache)[0], atol=1e-6)
    np.testing.assert_allclose(got, embed_with_cache(wanted, emb, cache)[0], atol=1e-6)
    assert abs(float(np.linalg.norm(got[31])) - 1.0) < 1e-3  # encoded by the real model
    cache.close()


def test_pairs_of_groups_same_result_with_worker_threads() -> None:
    groups = []
    for g, (n, m) in enumerate(((1500, 60), (40, 5), (700, 30), (2, 1), (300, 12))):
        x, _pairs = planted(n, m, 0.88, 0.97, seed=20 + g, dim=64)
        groups.append((np.arange(n, dtype=np.int64) + 10_000 * g, x))
    one = similar_pairs.pairs_of_groups(groups, 0.88, exact_max=512, workers=1)
    two = similar_pairs.pairs_of_groups(groups, 0.88, exact_max=512, workers=2)
    assert two == one  # same pairs, same cosines, same order, group by group
    assert [len(p) for p in one][:3] == [60, 5, 30] and all(one)
