"""Compression: FAISS pair search, text merging and the merge pass over the store."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import faiss
import numpy as np
import pytest

from kore_pipeline.embed.cache import Embedder, EmbeddingCache, embed_text, make_embedder
from kore_pipeline.ids import embedding_key, text_hash
from kore_pipeline.lifecycle.compress import find_similar_pairs, merge_texts, run_compress
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.timeutil import iso

NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)


# ---------------------------------------------------------------- helpers

def ago(days: float) -> str:
    return iso(NOW - timedelta(days=days))


def add_memory(conn: sqlite3.Connection, mid: int, content: str, *, owner: str = "anna",
               subject: str = "Anna", importance: int = 3, created_days_ago: float = 10,
               sources: Sequence[str] = ("m1",), access_count: int = 0,
               type_: str = "factual", category: str = "preference") -> None:
    created = ago(created_days_ago)
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at, access_count, embedded_hash)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (mid, owner, subject, f"{category}:{mid}", type_, category, content, text_hash(content),
         importance, json.dumps(list(sources)), created, created, access_count,
         text_hash(content)),
    )


def row(conn: sqlite3.Connection, mid: int) -> sqlite3.Row:
    return conn.execute("SELECT * FROM memories_scored WHERE id = ?", (mid,)).fetchone()


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def brute_force(ids: np.ndarray, vectors: np.ndarray, threshold: float) -> dict:
    x = vectors.astype(np.float64)
    sims = x @ x.T
    i, j = np.nonzero(np.triu(sims >= threshold, k=1))
    return {(int(min(ids[a], ids[b])), int(max(ids[a], ids[b]))): float(sims[a, b])
            for a, b in zip(i, j, strict=True)}


def seeded_embedder(cache: EmbeddingCache, by_content: dict[str, np.ndarray],
                    subject: str = "Anna") -> Embedder:
    """The real Embedder with chosen vectors already in the real cache (no model load).

    Every text is a cache hit, so the merge logic is tested with exact, hand-picked angles.
    """
    emb = make_embedder(KoreSettings())
    vectors = unit(np.stack(list(by_content.values())))
    cache.put_many([embedding_key(emb.cache_id, embed_text(subject, c)) for c in by_content],
                   vectors)
    return emb


def angle(deg: float) -> np.ndarray:
    rad = np.deg2rad(deg)
    return np.array([np.cos(rad), np.sin(rad), 0.0])


# ---------------------------------------------------------------- find_similar_pairs

def test_flat_pairs_match_brute_force() -> None:
    rng = np.random.default_rng(7)
    vectors = unit(rng.normal(size=(600, 32)))
    ids = rng.permutation(np.arange(10_000, 10_600))
    got = find_similar_pairs(ids, vectors, 0.5)
    want = brute_force(ids, vectors, 0.5)
    assert len(want) > 50
    assert {(a, b) for a, b, _ in got} == set(want)
    assert all(a < b for a, b, _ in got)
    assert all(c == pytest.approx(want[(a, b)], abs=1e-9) for a, b, c in got)
    assert [c for _, _, c in got] == sorted((c for _, _, c in got), reverse=True)


def test_ivf_pairs_match_brute_force(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    original = faiss.IndexIVFFlat

    def spy(*args: Any) -> Any:
        built.append(args[2])
        return original(*args)

    monkeypatch.setattr(faiss, "IndexIVFFlat", spy)
    rng = np.random.default_rng(11)
    base = rng.normal(size=(2_700, 32))
    planted = base[:300] + 0.05 * rng.normal(size=(300, 32))
    vectors = unit(np.vstack([base, planted]))
    ids = np.arange(3_000)[::-1] * 3
    got = find_similar_pairs(ids, vectors, 0.9, ivf_min=1_000)
    want = brute_force(ids, vectors, 0.9)
    assert built and built[0] > 1  # the IVF path ran, with several lists
    assert len(want) == 300
    assert {(a, b) for a, b, _ in got} == set(want)


def test_fewer_than_two_vectors() -> None:
    assert find_similar_pairs(np.array([1]), unit(np.ones((1, 4))), 0.5) == []
    assert find_similar_pairs(np.array([], dtype=np.int64), np.zeros((0, 4)), 0.5) == []


# ---------------------------------------------------------------- merge_texts

def test_merge_texts_keeps_unique_sentences() -> None:
    keep = "Anna likes tea. She lives in Rome."
    other = "anna   LIKES tea.  She has a cat! She has a cat."
    assert merge_texts(keep, other) == "Anna likes tea. She lives in Rome. She has a cat!"
    assert merge_texts(keep, keep) == keep
    assert merge_texts(keep, "She lives in Rome") == keep
    assert merge_texts("Anna likes tea", "Anna likes coffee") == \
        "Anna likes tea. Anna likes coffee"
    assert merge_texts("", "Anna likes tea.") == "Anna likes tea."


# ---------------------------------------------------------------- run_compress, chosen vectors

def test_one_merge_level_per_pass(conn: sqlite3.Connection, cache: EmbeddingCache) -> None:
    # A~B 0.99, A~C 0.95: A absorbs B, then C (more important) would absorb A -> deferred.
    emb = seeded_embedder(cache, {"A.": angle(0), "B.": angle(8.1), "C.": angle(-18.2)})
    add_memory(conn, 1, "A.", created_days_ago=30)
    add_memory(conn, 2, "B.", created_days_ago=20)
    add_memory(conn, 3, "C.", importance=5, created_days_ago=10)
    report = run_compress(conn, KoreSettings(), emb, cache, NOW)
    assert report.merged == 1 and report.candidates == 3
    assert [(k, o) for k, o, _ in report.pairs] == [(1, 2)]
    assert row(conn, 1)["content"] == "A. B."
    assert row(conn, 3)["status"] == "active"


def test_summaries_are_not_merged(conn: sqlite3.Connection, cache: EmbeddingCache) -> None:
    emb = seeded_embedder(cache, {"S.": angle(0)})
    add_memory(conn, 1, "S.", type_="summary", category="summary")
    add_memory(conn, 2, "S.", type_="summary", category="episode")
    add_memory(conn, 3, "S.", type_="episodic", category="summary")
    report = run_compress(conn, KoreSettings(), emb, cache, NOW)
    assert report.merged == 0


def test_owner_filter(conn: sqlite3.Connection, cache: EmbeddingCache) -> None:
    emb = seeded_embedder(cache, {"X.": angle(0), "Y.": angle(1)})
    add_memory(conn, 1, "X.", owner="anna")
    add_memory(conn, 2, "Y.", owner="anna")
    add_memory(conn, 3, "X.", owner="bob")
    add_memory(conn, 4, "Y.", owner="bob")
    report = run_compress(conn, KoreSettings(), emb, cache, NOW,
                          owner="bob")
    assert [(k, o) for k, o, _ in report.pairs] == [(3, 4)]
    assert row(conn, 2)["status"] == "active"


# ---------------------------------------------------------------- run_compress, real model

@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Embedder:
    emb = make_embedder(KoreSettings(home=tmp_path_factory.mktemp("kore")))
    assert emb.dim > 0  # loads the model once for the module
    return emb


COFFEE = "Anna prefers her coffee as a ristretto."
COFFEE_MORE = "Anna prefers her coffee as a ristretto. She drinks it every morning."


@pytest.mark.slow
def test_near_duplicates_merge(conn: sqlite3.Connection, cache: EmbeddingCache,
                               embedder: Embedder) -> None:
    add_memory(conn, 1, COFFEE, created_days_ago=30, sources=["m1", "m2"], access_count=2)
    add_memory(conn, 2, COFFEE_MORE, importance=4, created_days_ago=5, sources=["m3", "m2"],
               access_count=1)
    add_memory(conn, 3, "Anna is learning to play the cello.", created_days_ago=5)
    report = run_compress(conn, KoreSettings(), embedder, cache, NOW, run_id="r1")
    assert report.merged == 1 and report.groups == 1
    kept, archived, cos = report.pairs[0]
    assert (kept, archived) == (2, 1) and cos >= 0.88  # higher importance keeps
    keeper = row(conn, 2)
    assert keeper["status"] == "active"
    assert keeper["content"] == COFFEE_MORE  # nothing new in the other
    assert json.loads(keeper["source_message_ids"]) == ["m3", "m2", "m1"]
    assert (keeper["importance"], keeper["access_count"]) == (4, 3)
    assert (keeper["created_at"], keeper["updated_at"]) == (ago(30), iso(NOW))
    gone = row(conn, 1)
    assert (gone["status"], gone["merged_into"], gone["content"]) == ("merged", 2, COFFEE)
    arch = conn.execute("SELECT * FROM archive WHERE memory_id = 1").fetchone()
    assert (arch["reason"], arch["merged_into"], arch["content"], arch["run_id"]) == \
        ("merged", 2, COFFEE, "r1")
    assert row(conn, 3)["status"] == "active"


@pytest.mark.slow
def test_keeper_absorbs_several_and_gets_new_text(conn: sqlite3.Connection,
                                                   cache: EmbeddingCache,
                                                   embedder: Embedder) -> None:
    add_memory(conn, 1, COFFEE, created_days_ago=30)
    add_memory(conn, 2, "Anna likes her coffee as a ristretto.", created_days_ago=20)
    add_memory(conn, 3, "Anna prefers ristretto coffee.", created_days_ago=10)
    report = run_compress(conn, KoreSettings(), embedder, cache, NOW)
    assert report.merged == 2
    assert sorted((k, o) for k, o, _ in report.pairs) == [(1, 2), (1, 3)]
    keeper = row(conn, 1)
    assert keeper["content"] == (f"{COFFEE} Anna likes her coffee as a ristretto."
                                 " Anna prefers ristretto coffee.")
    assert keeper["content_hash"] == text_hash(keeper["content"])
    assert keeper["embedded_hash"] == text_hash(COFFEE)  # the caller re-embeds
    again = run_compress(conn, KoreSettings(), embedder, cache, NOW)
    assert again.merged == 0


@pytest.mark.slow
def test_no_merge_across_owner_or_subject(conn: sqlite3.Connection, cache: EmbeddingCache,
                                          embedder: Embedder) -> None:
    add_memory(conn, 1, COFFEE, owner="anna", subject="Anna")
    add_memory(conn, 2, COFFEE, owner="bob", subject="Anna")
    add_memory(conn, 3, COFFEE, owner="anna", subject="Bob")
    report = run_compress(conn, KoreSettings(), embedder, cache, NOW)
    assert (report.groups, report.candidates, report.merged) == (3, 0, 0)
    assert {row(conn, i)["status"] for i in (1, 2, 3)} == {"active"}


@pytest.mark.slow
def test_dissimilar_texts_do_not_merge(conn: sqlite3.Connection, cache: EmbeddingCache,
                                       embedder: Embedder) -> None:
    add_memory(conn, 1, COFFEE)
    add_memory(conn, 2, "Anna is learning to play the cello.")
    add_memory(conn, 3, "Anna moved to Lisbon in March.")
    report = run_compress(conn, KoreSettings(), embedder, cache, NOW)
    assert report.merged == 0 and report.pairs == []
    assert len(cache) == 3  # the vectors were cached for the next pass


def test_merge_texts_folds_apostrophes_and_contained_sentences() -> None:
    assert merge_texts("I'm allergic to peanuts.", "I’m allergic to peanuts.") == \
        "I'm allergic to peanuts."
    assert merge_texts("I prefer tea, and I live in Rome.", "I live in Rome") == \
        "I prefer tea, and I live in Rome."
    assert merge_texts("She has a category.", "She has a cat") == \
        "She has a category. She has a cat"


def test_merge_texts_prefers_the_fuller_sentence() -> None:
    assert merge_texts("I prefer dark roast coffee", "I prefer dark roast coffee, especially"
                       " from Ethiopia.") == "I prefer dark roast coffee, especially from Ethiopia."


def test_fact_never_absorbs_its_episode(conn: sqlite3.Connection, cache: EmbeddingCache) -> None:
    emb = seeded_embedder(cache, {"I prefer tea.": angle(0), "I prefer tea, always.": angle(2)})
    add_memory(conn, 1, "I prefer tea.", type_="factual", category="preference")
    add_memory(conn, 2, "I prefer tea, always.", type_="episodic", category="episode")
    assert run_compress(conn, KoreSettings(), emb, cache, NOW).merged == 0


# ---------------------------------------------------------------- concurrent writers

def test_write_lock_is_held_from_read_to_write(tmp_path: Path, conn: sqlite3.Connection,
                                                cache: EmbeddingCache,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # Another writer tries to delete memory 2 while compress embeds what it read: it must
    # wait for the write lock, never see its deletion overwritten by a stale merge.
    from kore_pipeline.lifecycle import compress

    emb = seeded_embedder(cache, {"X.": angle(0), "Y.": angle(1)})
    add_memory(conn, 1, "X.", created_days_ago=30)
    add_memory(conn, 2, "Y.", created_days_ago=20)
    outcome: list[str] = []
    real = compress.embed_with_cache

    def racing(texts: Sequence[str], embedder: Embedder, cache_: EmbeddingCache) -> Any:
        other = sqlite3.connect(tmp_path / "kore.sqlite", timeout=0.05, isolation_level=None)
        try:
            other.execute("UPDATE memories SET status = 'deleted' WHERE id = 2")
            outcome.append("deleted")
        except sqlite3.OperationalError as exc:
            outcome.append(str(exc))
        finally:
            other.close()
        return real(texts, embedder, cache_)

    monkeypatch.setattr(compress, "embed_with_cache", racing)
    report = run_compress(conn, KoreSettings(), emb, cache, NOW)
    assert outcome == ["database is locked"]
    assert report.merged == 1 and row(conn, 2)["status"] == "merged"
    assert not conn.in_transaction


def test_only_active_memories_are_written(conn: sqlite3.Connection) -> None:
    add_memory(conn, 1, "X.")
    conn.execute("UPDATE memories SET status = 'deleted' WHERE id = 1")
    with store.transaction(conn):
        store.archive_memories(conn, [1], "merged", iso(NOW), None, merged_into=[5],
                               only_active=True)
    assert row(conn, 1)["status"] == "deleted" and row(conn, 1)["merged_into"] is None
    assert conn.execute("SELECT count(*) FROM archive").fetchone()[0] == 0
