"""Requests for a recommendation, a plan or a choice bring the owner's preferences and
limits of that topic; the ``<memory>`` block lists the limits first."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.prompt import build_context, order_hits
from kore_pipeline.serve.requests import asks_for_choice, states_limit, topic_terms
from kore_pipeline.serve.search import Searcher, SearchHit
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl


@pytest.mark.parametrize("request_text", [
    "Can you suggest a restaurant for tonight?", "What should I cook for dinner?",
    "Help me plan a trip in August.", "Any ideas for a movie to watch?",
    "Where should we go for drinks on Friday?", "Recommend a series I could start.",
    "Mi consigli un ristorante per stasera?", "¿Me recomiendas un destino?",
    "Tu peux me suggérer un film ?", "Kannst du mir ein Restaurant empfehlen?",
    "Podes recomendar-me um livro?", "Kun je een restaurant aanraden?"])
def test_requests_for_a_choice_are_read(request_text: str) -> None:
    assert asks_for_choice(request_text)


@pytest.mark.parametrize("question", [
    "Where did I go on holiday last year?", "What is my sister's name?",
    "When did Anna move to Turin?", "Dove abito?", "How many cats do I have?",
    "What book did Caroline recommend to Melanie?", "What did you suggest last time?",
    "What does Joanna recommend to make a living room comfy?",
    "What advice does Gina give to Jon about running a business?"])
def test_questions_about_the_past_or_others_are_not_requests(question: str) -> None:
    assert not asks_for_choice(question)


def test_a_topic_is_spelled_out() -> None:
    assert "vegetarian" in topic_terms("Can you suggest a restaurant for tonight?")
    assert "crowded" in topic_terms("Can you suggest a restaurant for tonight?")  # "tonight"
    assert topic_terms("Can you suggest something?") == []


def hit(mid: int, content: str, category: str = "preference",
        type_: str = "factual") -> SearchHit:
    return SearchHit(memory_id=mid, owner="o", subject="user", type=type_, category=category,
                     content=content, importance=3, decay_score=1.0, score=1.0 / mid,
                     source_message_ids=[f"m{mid}"], created_at="2026-09-01", status="active")


def test_a_request_lists_safety_first_then_the_owners_limits() -> None:
    hits = [hit(1, "I love sci-fi novels"), hit(2, "We went to the Thai place", "episode",
                                               "episodic"),
            hit(3, "I hate crowded places"), hit(4, "I'm allergic to peanuts", "profile"),
            hit(5, "I never stay out late on weeknights", "habit")]
    assert states_limit("I hate crowded places") and not states_limit("I love sci-fi novels")
    request = "Can you suggest a restaurant for tonight?"
    assert [h.memory_id for h in order_hits(hits, request)] == [4, 3, 5, 1, 2]
    # any other question: safety constraints first, the rest by relevance
    assert [h.memory_id for h in order_hits(hits, "what do I read?")] == [4, 1, 2, 3, 5]


FILLER = ["Work has been hectic, three deadlines this week.",
          "We went hiking near the lake last month, the weather was perfect.",
          "My flight to the conference got moved to Thursday.",
          "We visited my aunt in Bristol in May.",
          "I need to renew my passport before the summer.",
          "My brother is moving to Leeds in October.",
          "It rained all weekend so we stayed in and played board games.",
          "The train was late again this morning.",
          "I started a new project at work about invoicing.",
          "My sister booked a restaurant for her birthday next month."]
NOW = "2026-06-01T18:00:00Z"


@pytest.mark.slow
def test_a_request_finds_the_preferences_it_implies(tmp_path: Path,
                                                    embedder) -> None:  # type: ignore[no-untyped-def]
    said = [*FILLER[:3], "I can't stand hot weather, anything above 28 degrees is too much.",
            *FILLER[3:7], "I prefer trains over planes whenever possible.", *FILLER[7:]]
    write_jsonl(tmp_path / "logs" / "chat.jsonl", [
        message(text, speaker="user", owner="me", session=f"s{i}", message_id=f"m{i}",
                ts=f"2026-05-{i + 1:02d}T09:00:00Z") for i, text in enumerate(said)])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    request = "Help me plan a trip for two weeks in August."
    searcher = Searcher(settings, embedder=embedder)
    plain = Searcher(settings.model_copy(update={"request_preference_weight": 0.0}),
                     embedder=embedder)
    try:
        top = searcher.search(request, "me", k=5, now=NOW, reinforce=False)
        without = plain.search(request, "me", k=5, now=NOW, reinforce=False)
        block = build_context(searcher, request, "me", now=NOW, reinforce=False)
    finally:
        searcher.close()
        plain.close()
    texts = " | ".join(h.content for h in top)
    assert "hot weather" in texts and "trains" in texts
    assert any(h.explain.get("preference_pass") for h in top)
    assert "hot weather" not in " | ".join(h.content for h in without)  # the pass found it
    lines = block.splitlines()[1:-1]
    assert "hot weather" in lines[0]  # the stated limit leads the block
