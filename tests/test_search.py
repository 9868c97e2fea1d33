"""Search: hybrid ranking, owner isolation, FTS safety, access logging, restore."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from kore_pipeline.pipeline import run_pipeline
from kore_pipeline.search import Searcher, fts_query, rrf
from kore_pipeline.settings import KoreSettings

from .helpers import message, write_jsonl

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
    from kore_pipeline.search import SearchHit, drop_restatements

    def hit(mid: int, content: str, sources: list[str], subject: str = "Anna") -> SearchHit:
        return SearchHit(mid, "o", subject, "factual", "preference", content, 3, 1.0, 1.0 / mid,
                         sources, "2026-01-01T00:00:00+00:00", "active")

    hits = [hit(1, "I’m allergic to peanuts, so no Thai food.", ["m1"]),
            hit(2, "I'm allergic to peanuts", ["m1"]),       # the fact of the same message
            hit(3, "I'm allergic to peanuts", ["m9"]),       # said again elsewhere: kept
            hit(4, "I'm allergic to peanuts", ["m1"], "Bob")]  # another person: kept
    assert [h.memory_id for h in drop_restatements(hits)] == [1, 3, 4]
