"""Search: hybrid ranking, owner isolation, FTS safety, access logging, restore."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher, fts_match, fts_query, rrf
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("search")
    settings = KoreSettings(home=root / "home")
    write_jsonl(root / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee, especially from Ethiopia.", message_id="a1"),
        message("I decided to use Postgres for the billing service.", message_id="a2",
                ts="2026-09-02T09:00:00Z"),
        message("Preferisco il caffè ristretto al mattino.", message_id="a3", speaker="Marco",
                ts="2026-09-03T09:00:00Z"),
        message("I’m allergic to peanuts and shellfish.", message_id="a4",
                ts="2026-09-04T09:00:00Z"),
        message("I prefer green tea over any coffee.", owner="other-team", speaker="Bob",
                message_id="b1"),
    ])
    run_pipeline([root / "logs"], settings, now=NOW, embedder=embedder)
    return settings


@pytest.fixture
def searcher(store: KoreSettings, embedder) -> Searcher:  # type: ignore[no-untyped-def]
    s = Searcher(store, embedder=embedder)
    yield s
    s.close()


@pytest.mark.slow
def test_finds_fact_with_provenance(searcher: Searcher) -> None:
    hits = searcher.search("which database did Anna choose", "team-alpha", k=3, now=NOW,
                           reinforce=False)
    assert "Postgres" in hits[0].content
    assert hits[0].source_message_ids == ["a2"] and hits[0].subject == "Anna"
    # the fact and the episode it came from say the same: only one of them is returned
    assert sum("Postgres" in h.content for h in hits) == 1


@pytest.mark.slow
def test_diacritics_are_folded(searcher: Searcher) -> None:
    hits = searcher.search("caffe ristretto", "team-alpha", k=3, now=NOW, reinforce=False)
    assert hits and "caffè" in hits[0].content and hits[0].fts_rank == 1


@pytest.mark.slow
def test_never_crosses_owners(searcher: Searcher) -> None:
    for query in ("green tea", "coffee", "Bob", "peanuts"):
        assert all(h.owner == "other-team" for h in
                   searcher.search(query, "other-team", k=10, now=NOW, reinforce=False))
        assert all(h.owner == "team-alpha" for h in
                   searcher.search(query, "team-alpha", k=10, now=NOW, reinforce=False))
    assert searcher.search("coffee", "nobody", now=NOW, reinforce=False) == []


@pytest.mark.slow
def test_search_logs_accesses_unless_preview(searcher: Searcher) -> None:
    count = "SELECT count(*) FROM access_log"
    before = searcher.conn.execute(count).fetchone()[0]
    hits = searcher.search("peanuts", "team-alpha", k=2, now=NOW, reinforce=False)
    assert searcher.conn.execute(count).fetchone()[0] == before
    hits = searcher.search("peanuts", "team-alpha", k=2, now=NOW)
    rows = searcher.conn.execute("SELECT memory_id, accessed_at FROM access_log"
                                 " ORDER BY id DESC LIMIT ?", (len(hits),)).fetchall()
    assert sorted(r[0] for r in rows) == sorted(h.memory_id for h in hits)
    assert {r[1] for r in rows} == {"2026-09-10T12:00:00+00:00"}


@pytest.mark.slow
def test_search_answers_while_a_run_holds_the_write_lock(
        searcher: Searcher, caplog: pytest.LogCaptureFixture) -> None:
    count = "SELECT count(*) FROM access_log"
    before = searcher.conn.execute(count).fetchone()[0]
    writer = connect(searcher.settings.db_path())  # a long run's serving transaction
    writer.execute("BEGIN IMMEDIATE")
    searcher.conn.execute("PRAGMA busy_timeout = 200")  # instead of waiting 30 s
    try:
        hits = searcher.search("peanuts", "team-alpha", k=2, now=NOW)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
        searcher.conn.execute("PRAGMA busy_timeout = 30000")
    assert hits and "peanuts" in hits[0].content
    assert searcher.conn.execute(count).fetchone()[0] == before
    assert any("accesses of owner 'team-alpha' not recorded" in r.message for r in caplog.records)


@pytest.mark.slow
@hsettings(max_examples=60, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=200), st.sampled_from([
    '"', 'NEAR(a b)', 'coffee*', '-coffee', 'content:coffee', '^coffee', '((coffee', 'a OR',
    'AND', '🙂☕', "x" * 10_000, "", "   ", "NOT", '"unbalanced', "col:*", "'"])))
def test_any_query_string_searches_or_returns_nothing(searcher: Searcher, query: str) -> None:
    hits = searcher.search(query, "team-alpha", k=5, now=NOW, reinforce=False)
    assert all(h.owner == "team-alpha" for h in hits)


def test_fts_query_quotes_every_token() -> None:
    assert fts_query('NEAR(coffee "tea") -x*') == '"near" OR "coffee" OR "tea" OR "x"'
    assert fts_query("which database did Anna choose") == '"database" OR "anna" OR "choose"'
    assert fts_query("what is it") == '"what" OR "is" OR "it"'
    assert fts_query("  ^:()*  ") is None


def test_rrf_fuses_ranks() -> None:
    fused = rrf({"fts": {1: 1, 2: 2}, "vector": {2: 1}}, {"fts": 1.0, "vector": 1.0}, 60)
    assert fused[2] > fused[1]
    assert fused[1] == pytest.approx(1 / 61)


def test_restatement_of_a_better_hit_is_dropped() -> None:
    from kore_pipeline.serve.search import SearchHit, drop_restatements

    def hit(mid: int, content: str, sources: list[str], subject: str = "Anna") -> SearchHit:
        return SearchHit(mid, "o", subject, "factual", "preference", content, 3, 1.0, 1.0 / mid,
                         sources, "2026-01-01T00:00:00+00:00", "active")

    hits = [hit(1, "I’m allergic to peanuts, so no Thai food.", ["m1"]),
            hit(2, "I'm allergic to peanuts", ["m1"]),       # the fact of the same message
            hit(3, "I'm allergic to peanuts", ["m9"]),       # said again elsewhere: kept
            hit(4, "I'm allergic to peanuts", ["m1"], "Bob")]  # another person: kept
    assert [h.memory_id for h in drop_restatements(hits)] == [1, 3, 4]


# ---------------------------------------------------------------- small stores, no model

class _FakeEmbedder:
    """Stands in for the model: a fixed unit vector of ``dim`` dimensions."""

    model_name = cache_id = "all-MiniLM-L6-v2"

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.signature = f"{self.model_name}:{dim}"

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.full((len(texts), self.dim), 1 / np.sqrt(self.dim), dtype=np.float32)

    encode_queries = encode


def _small_store(tmp_path: Path, owner: str, index_dim: int | None = None) -> KoreSettings:
    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(settings.db_path())
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at) VALUES (1, ?, 'Anna',"
        " 'preference:1', 'factual', 'preference', 'Anna drinks ristretto coffee.', 'h', 3,"
        " '[\"m1\"]', '2026-09-01T09:00:00+00:00', '2026-09-01T09:00:00+00:00')", (owner,))
    conn.close()
    if index_dim is not None:
        vec = np.full((1, index_dim), 1 / np.sqrt(index_dim), dtype=np.float32)
        VectorIndex.build([1], vec, f"all-MiniLM-L6-v2:{index_dim}").save(settings.index_dir())
    return settings


def _search(settings: KoreSettings, embedder: _FakeEmbedder, query: str, owner: str,
            mode: str = "hybrid") -> list:
    s = Searcher(settings, embedder=embedder)  # type: ignore[arg-type]
    try:
        return s.search(query, owner, now=NOW, reinforce=False, mode=mode)
    finally:
        s.close()


def test_index_of_another_model_is_skipped(tmp_path: Path) -> None:
    settings = _small_store(tmp_path, "anna", index_dim=4)
    hits = _search(settings, _FakeEmbedder(6), "ristretto", "anna")  # no dimension crash
    assert [(h.memory_id, h.fts_rank, h.vector_rank) for h in hits] == [(1, 1, None)]
    assert _search(settings, _FakeEmbedder(6), "ristretto", "anna", mode="semantic") == []
    same = _search(settings, _FakeEmbedder(4), "ristretto", "anna")
    assert [(h.memory_id, h.fts_rank, h.vector_rank) for h in same] == [(1, 1, 1)]


@pytest.mark.parametrize("owner", ["___", "_", "-_-", "team_alpha"])
def test_owner_of_separators_finds_its_memory_by_keyword(tmp_path: Path, owner: str) -> None:
    settings = _small_store(tmp_path, owner)
    hits = _search(settings, _FakeEmbedder(4), "ristretto", owner, mode="fts")
    assert [h.memory_id for h in hits] == [1]
    assert _search(settings, _FakeEmbedder(4), "ristretto", owner + "x", mode="fts") == []


def test_fts_match_owner_clause_needs_a_letter_or_digit() -> None:
    assert "owner" not in (fts_match("coffee", "___") or "")
    assert 'owner : "a_b"' in (fts_match("coffee", "a_b") or "")
