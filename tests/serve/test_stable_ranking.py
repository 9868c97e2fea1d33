"""Stable ranking: the top k is the start of the top k + n, the score shown is the score the
hits are sorted by, and a hit's explain adds up to its score."""

from __future__ import annotations

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.hits import SearchHit, drop_restatements
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl

NOW = "2026-12-01T18:00:00Z"


def _hit(mid: int, content: str, sources: list[str], score: float,
         kind: str = "episodic") -> SearchHit:
    return SearchHit(mid, "o", "Anna", kind, "preference", content, 3, 1.0, score, sources,
                     "2026-01-01T00:00:00+00:00", "active",
                     explain={"keyword_rank": mid, "vector_rank": None, "fused_score": score})


def _ranked() -> list[SearchHit]:
    """Six hits best first; the fact of the first (an episode) ranks last."""
    return [_hit(1, "Well, I always take oat milk in my flat white.", ["m1"], 0.06),
            *(_hit(i, f"unrelated line number {i}", [f"m{i}"], 0.06 - 0.005 * i)
              for i in range(2, 6)),
            _hit(6, "I always take oat milk in my flat white", ["m1"], 0.02, "factual")]


def test_top_k_is_a_prefix_of_a_longer_top_k() -> None:
    everything = drop_restatements(_ranked())
    for k in range(1, 6):
        assert [h.memory_id for h in drop_restatements(_ranked(), limit=k)] == \
            [h.memory_id for h in everything[:k]]
    assert everything[0].memory_id == 6          # the statement in its episode's place


def test_a_fact_in_its_episodes_place_shows_the_score_it_is_ranked_by() -> None:
    hits = drop_restatements(_ranked())
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    top = hits[0]
    assert top.score == 0.06 and top.explain["fused_score"] == top.score
    assert top.explain["in_place_of"]["memory_id"] == 1
    assert top.explain["own"]["fused_score"] == 0.02


@pytest.fixture(scope="module")
def chat_home(tmp_path_factory: pytest.TempPathFactory, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("stable")
    settings = KoreSettings(home=root / "home")
    lines = [
        "I love oat milk in my flat white, every morning.",
        "My sister Giulia lives in Turin and works as a nurse.",
        "We adopted a dog called Pepper last spring.",
        "I'm allergic to peanuts, so no satay for me.",
        "I prefer the mountains to the beach for holidays.",
        "I work as a data engineer at a bank in Milan.",
        "Coffee with oat milk is the only thing that wakes me up.",
        "My favourite book is The Name of the Rose.",
        "I decided to learn Spanish this year.",
        "The flat white at the corner café is too milky.",
        "I play five-a-side football on Thursdays.",
        "I'm vegetarian since 2019.",
    ]
    write_jsonl(root / "logs" / "a.jsonl", [
        message(text, message_id=f"m{i}", ts=f"2026-11-{10 + i:02d}T09:00:00Z",
                session=f"s{i % 3}", speaker="Anna" if i % 2 else "Marco")
        for i, text in enumerate(lines)])
    run_pipeline([root / "logs"], settings, now=NOW, embedder=embedder)
    return settings


@pytest.mark.slow
@pytest.mark.parametrize("query", [
    "what milk does Anna take in her coffee?", "does Marco have pets?", "holidays",
    "what did Anna say on 2026-11-14?", "who is allergic to peanuts", "work"])
def test_searches_are_prefix_stable_and_explained(chat_home: KoreSettings, embedder,  # type: ignore[no-untyped-def]
                                                  query: str) -> None:
    searcher = Searcher(chat_home, embedder=embedder)
    try:
        full = searcher.search(query, "team-alpha", k=10, now=NOW, reinforce=False)
        for k in (1, 3, 5):
            top = searcher.search(query, "team-alpha", k=k, now=NOW, reinforce=False)
            assert [h.memory_id for h in top] == [h.memory_id for h in full[:k]]
            assert [h.score for h in top] == [h.score for h in full[:k]]
    finally:
        searcher.close()
    scores = [h.score for h in full]
    assert scores == sorted(scores, reverse=True)
    for h in full:
        e = h.explain
        assert e["fused_score"] == h.score
        assert e["rrf"] == pytest.approx(e["keyword_rrf"] + e["vector_rrf"], abs=2e-6)
        relevance = e["rrf"] * e["signal_factor"] + e.get("neighbour_bonus", 0.0)
        assert h.score == pytest.approx(
            relevance * e["tier_penalty"] * e["relevance_weight"], rel=1e-4, abs=2e-6)
