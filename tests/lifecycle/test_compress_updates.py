"""Compression with the fact guard: different facts never fuse, a later slot value supersedes."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest

from kore_pipeline.embed.cache import Embedder, EmbeddingCache, make_embedder
from kore_pipeline.lifecycle.compress import run_compress
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import restore_memory
from tests.lifecycle.test_compress import NOW, add_memory, angle, row, seeded_embedder


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Embedder:
    return make_embedder(KoreSettings(home=tmp_path_factory.mktemp("kore")))

PAIRS = {
    "number": ("Anna has two kids at school.", "Anna has three kids at school."),
    "date": ("Anna's review is on Monday.", "Anna's review is on Thursday."),
    "negation": ("Anna likes working from the office on Mondays.",
                 "Anna doesn't like working from the office on Mondays."),
    "entity": ("Anna deploys the backend on Kubernetes.", "Anna deploys the backend on Nomad."),
}


@pytest.mark.parametrize("kind", sorted(PAIRS))
def test_variants_with_identical_vectors_stay_apart(conn: sqlite3.Connection,
                                                    cache: EmbeddingCache, kind: str) -> None:
    a, b = PAIRS[kind]
    emb = seeded_embedder(cache, {a: angle(0), b: angle(0.5)})  # cosine 0.99996
    add_memory(conn, 1, a, created_days_ago=20)
    add_memory(conn, 2, b, created_days_ago=10)
    report = run_compress(conn, KoreSettings(), emb, cache, NOW)
    assert (report.merged, report.kept_apart, report.superseded) == (0, 1, 0)
    assert [row(conn, i)["content"] for i in (1, 2)] == [a, b]
    assert {row(conn, i)["status"] for i in (1, 2)} == {"active"}
    plain = run_compress(conn, KoreSettings(fact_guard=False), emb, cache, NOW)
    assert plain.merged == 1  # what the plain 0.88 threshold did: one memory holding both


def test_a_later_slot_value_supersedes_instead_of_merging(conn: sqlite3.Connection,
                                                          cache: EmbeddingCache) -> None:
    old, new = "I live in Turin.", "I moved to Berlin."
    emb = seeded_embedder(cache, {old: angle(0), new: angle(5)})
    add_memory(conn, 1, new, created_days_ago=5, importance=2)  # the later, less important
    add_memory(conn, 2, old, created_days_ago=40, importance=4)
    report = run_compress(conn, KoreSettings(), emb, cache, NOW, run_id="r1")
    assert (report.merged, report.superseded) == (0, 1)
    gone, kept = row(conn, 2), row(conn, 1)
    assert (gone["status"], gone["superseded_by"]) == ("superseded", 1)
    assert gone["valid_until"] == kept["valid_from"] and kept["content"] == new
    reason = conn.execute("SELECT reason, run_id FROM archive WHERE memory_id = 2").fetchone()
    assert tuple(reason) == ("superseded", "r1")
    assert restore_memory(conn, 2, "2026-05-02T00:00:00+00:00")
    assert (row(conn, 2)["status"], row(conn, 2)["valid_until"]) == ("active", None)


def test_ninety_two_topics_stay_ninety_two(conn: sqlite3.Connection,
                                           cache: EmbeddingCache) -> None:
    texts = {f"I like topic {n}": angle(n * 0.05) for n in range(5, 97)}
    emb = seeded_embedder(cache, texts)
    for i, text in enumerate(texts, start=1):
        add_memory(conn, i, text, created_days_ago=100 - i)
    report = run_compress(conn, KoreSettings(), emb, cache, NOW)
    assert report.merged == 0
    active = conn.execute("SELECT count(*) FROM memories WHERE status = 'active'").fetchone()
    assert active[0] == 92


@pytest.mark.slow
def test_real_model_paraphrase_merges_variants_do_not(conn: sqlite3.Connection,
                                                      cache: EmbeddingCache,
                                                      embedder: Embedder) -> None:
    add_memory(conn, 1, "React 19 supports server components natively.", created_days_ago=9)
    add_memory(conn, 2, "React version 19 has built-in server component support.",
               created_days_ago=8)
    add_memory(conn, 3, "My flight to Lisbon is at 10:30.", created_days_ago=7)
    add_memory(conn, 4, "My flight to Lisbon is at 11:30.", created_days_ago=6)
    add_memory(conn, 5, "I like working from the office on Mondays.", created_days_ago=5)
    add_memory(conn, 6, "I don't like working from the office on Mondays.", created_days_ago=4)
    cos = float(np.dot(*embedder.encode(["My flight to Lisbon is at 10:30.",
                                         "My flight to Lisbon is at 11:30."])))
    assert cos >= 0.88  # the embedding alone would fuse them
    report = run_compress(conn, KoreSettings(), embedder, cache, NOW)
    statuses = {i: row(conn, i)["status"] for i in range(1, 7)}
    assert report.merged == 1 and {statuses[1], statuses[2]} == {"active", "merged"}
    assert (statuses[3], statuses[4]) == ("superseded", "active")  # same flight, new time
    assert (statuses[5], statuses[6]) == ("active", "active")
