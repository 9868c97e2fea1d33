"""Forgetting is not losing; context serves the task; fusion is never below its streams."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kore_pipeline.lifecycle.decay import run_decay
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.prompt import build_context, order_hits
from kore_pipeline.serve.search import Searcher, SearchFilters, SearchHit, drop_restatements
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import parse_ts
from tests.helpers import message, write_jsonl

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
YEAR_AGO = "2025-09-01T09:00:00Z"
NOW = "2026-09-01T12:00:00Z"


def hit(mid: int, content: str, type_: str = "factual", category: str = "preference",
        sources: tuple[str, ...] = ("m1",)) -> SearchHit:
    return SearchHit(memory_id=mid, owner="o", subject="Anna", type=type_, category=category,
                     content=content, importance=3, decay_score=1.0, score=1.0 / mid,
                     source_message_ids=list(sources), created_at="2026-09-01", status="active")


def test_fact_takes_the_place_of_its_own_episode() -> None:
    episode = hit(1, "My favourite coffee is the Ethiopian dark roast, I buy it every week.",
                  "episodic", "episode")
    fact = hit(2, "My favourite coffee is the Ethiopian dark roast")
    other = hit(3, "I use Postgres", sources=("m2",))
    kept = drop_restatements([episode, other, fact])
    assert [h.memory_id for h in kept] == [2, 3]          # the fact, at the episode's rank


def test_safety_constraints_come_first_then_relevance() -> None:
    hits = [hit(1, "I prefer window seats"), hit(2, "We met at the Thai place", "episodic",
                                                 "episode"),
            hit(3, "I'm allergic to peanuts"), hit(4, "I never work on Fridays")]
    assert [h.memory_id for h in order_hits(hits)] == [3, 1, 2, 4]   # rules keep their rank


@pytest.fixture
def old_fact(tmp_path: Path, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    """A first import of year-old history: decay forgets nearly everything on the first run
    (durable slots off: what a person is would stay; this is about what was forgotten)."""
    settings = KoreSettings(home=tmp_path / "home", durable_slots=())
    write_jsonl(tmp_path / "logs" / "old.jsonl", [
        message("I live in Turin, near the river.", message_id="o1", ts=YEAR_AGO),
        message("I'm vegan and I cook every evening.", message_id="o2", ts=YEAR_AGO),
        message("We watched a long film about trains last night.", message_id="o3",
                ts=YEAR_AGO),
    ])
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    return settings


@pytest.mark.slow
def test_year_old_fact_found_after_decay_and_active_again(old_fact: KoreSettings,
                                                          embedder) -> None:  # type: ignore[no-untyped-def]
    conn = connect(old_fact.db_path())
    statuses = {r[0] for r in conn.execute("SELECT status FROM memories WHERE content LIKE"
                                           " '%Turin%' OR content LIKE '%trains%'")}
    assert statuses == {"forgotten"}                      # a year at half-lives <= 90 d
    conn.close()
    searcher = Searcher(old_fact, embedder=embedder)
    try:
        hits = searcher.search("where do I live?", "team-alpha", now=NOW)
        assert "Turin" in hits[0].content and hits[0].status == "forgotten"
        assert hits[0].explain["tier"] == "forgotten"
        assert hits[0].explain["tier_penalty"] == old_fact.forgotten_penalty
        # the working set follows decay: nothing forgotten is written into the prompt block
        assert "Turin" not in build_context(searcher, "where do I live?", "team-alpha",
                                            now=NOW)
        assert not any("Turin" in h.content for h in searcher.search(
            "where do I live?", "team-alpha", now=NOW,
            filters=SearchFilters(include_forgotten=False)))
    finally:
        searcher.close()
    conn = connect(old_fact.db_path())
    try:
        run_decay(conn, old_fact, parse_ts(replace_now(NOW, 1)))
        row = conn.execute("SELECT status FROM memories WHERE id = ?",
                           (hits[0].memory_id,)).fetchone()
        archived = conn.execute("SELECT count(*) FROM archive WHERE memory_id = ?",
                                (hits[0].memory_id,)).fetchone()[0]
        film = conn.execute("SELECT status FROM memories WHERE content LIKE '%trains%'"
                            ).fetchone()
    finally:
        conn.close()
    assert row["status"] == "active" and archived == 0   # recalled: back in the working set
    assert film["status"] == "forgotten"                 # never asked about: still forgotten
    searcher = Searcher(old_fact, embedder=embedder)
    try:
        block = build_context(searcher, "where do I live?", "team-alpha",
                              now=replace_now(NOW, 1), reinforce=False)
    finally:
        searcher.close()
    assert "Turin" in block


def replace_now(now: str, days: int) -> str:
    from datetime import timedelta

    from kore_pipeline.timeutil import iso

    return iso(parse_ts(now) + timedelta(days=days))


@pytest.mark.slow
def test_team_lunch_block_keeps_the_allergy(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([SAMPLE], settings, now="2026-11-20T12:00:00Z", embedder=embedder)
    searcher = Searcher(settings, embedder=embedder)
    try:
        block = build_context(searcher, "plan a team lunch for Anna", "team-alpha",
                              max_tokens=150, now="2026-11-20T12:00:00Z", reinforce=False)
        coffee = searcher.search("what is Anna's favourite coffee?", "team-alpha",
                                 now="2026-11-20T12:00:00Z", reinforce=False)
    finally:
        searcher.close()
    assert "peanut" in block.lower()
    assert coffee[0].type == "factual" and "Ethiopian" in coffee[0].content


@pytest.mark.slow
def test_fusion_not_below_either_stream(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    said = [
        "I prefer hiking in the mountains over lying on a beach.",
        "My sister Giulia lives in Bologna and teaches maths.",
        "I can't stand loud open-plan offices, I need quiet to focus.",
        "I drink green tea every afternoon around four.",
        "My favourite band is Radiohead, I saw them live twice.",
        "I am learning Japanese with an app on the train.",
        "We adopted a grey cat called Miso last spring.",
        "I cycle to work unless it rains heavily.",
    ]
    write_jsonl(tmp_path / "logs" / "p.jsonl", [
        message(t, message_id=f"p{i}", ts=f"2026-08-{i + 10:02d}T09:00:00Z")
        for i, t in enumerate(said)])
    run_pipeline([tmp_path / "logs"], settings, now="2026-09-01T09:00:00Z", embedder=embedder)
    questions = [("what outdoor activity does Anna enjoy", "p0"),
                 ("who is Anna's sister", "p1"),
                 ("what kind of workplace bothers Anna", "p2"),
                 ("what does Anna drink in the afternoon", "p3"),
                 ("which music does Anna like", "p4"),
                 ("which language is Anna studying", "p5"),
                 ("does Anna have a pet", "p6"),
                 ("how does Anna commute", "p7")]
    searcher = Searcher(settings, embedder=embedder)
    try:
        recall: dict[str, float] = {}
        for mode in ("fts", "semantic", "hybrid"):
            found = 0.0
            for q, source in questions:
                ranked = [s for h in searcher.search(q, "team-alpha", k=3, mode=mode,
                                                     now="2026-09-01T09:00:00Z",
                                                     reinforce=False)
                          for s in h.source_message_ids]
                found += source in list(dict.fromkeys(ranked))[:2]  # in the first 2 turns
            recall[mode] = found / len(questions)
    finally:
        searcher.close()
    assert recall["hybrid"] >= max(recall["fts"], recall["semantic"]), recall


def test_hit_explain_defaults_to_empty() -> None:
    h = hit(1, "x")
    assert h.explain == {} and replace(h, explain={"score": 1.0}).to_dict()["explain"] == \
        {"score": 1.0}
