"""A question that asks for a set of answers gets them from several sessions and people."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.covering import asks_to_cover, spread
from kore_pipeline.serve.search import Searcher, SearchHit
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl


def hit(mid: int, score: float, subject: str = "Jon") -> SearchHit:
    return SearchHit(memory_id=mid, owner="o", subject=subject, type="episodic",
                     category="episode", content=f"turn {mid}", importance=3, decay_score=1.0,
                     score=score, source_message_ids=[f"m{mid}"], created_at="2026-01-01",
                     status="active")


def test_one_sessions_turns_make_room_for_other_sessions() -> None:
    hits = [hit(1, 1.0), hit(2, 0.95), hit(3, 0.9), hit(4, 0.8), hit(5, 0.7)]
    sessions = {1: "a", 2: "a", 3: "a", 4: "b", 5: "c"}
    out = spread(hits, sessions, 0.3)
    assert [h.memory_id for h in out] == [1, 4, 5, 2, 3]
    assert [h.score for h in out] == sorted((h.score for h in out), reverse=True)
    assert out[3].explain["cover_factor"] == 0.7 and out[4].explain["cover_factor"] == 0.49
    # the order depends on the candidates only: every top k is the start of the whole
    assert spread(hits, sessions, 0.0) == hits


def test_several_people_named_are_each_represented() -> None:
    hits = [hit(1, 1.0, "Jon"), hit(2, 0.9, "Jon"), hit(3, 0.8, "Jon"), hit(4, 0.75, "Gina")]
    sessions: dict[int, str | None] = {1: None, 2: None, 3: None, 4: None}
    out = spread(hits, sessions, 0.3, frozenset({"Jon", "Gina"}))
    assert [h.memory_id for h in out][:2] == [1, 4]


@pytest.mark.parametrize(("question", "covers"), [
    ("Which cities has Jon visited?", True), ("How many times did Gina go to Paris?", True),
    ("In what countries has Jon lived?", True), ("What all did Jon bring?", True),
    ("Where did Jon go last week?", False), ("What is Gina's job?", False)])
def test_questions_that_want_a_set(question: str, covers: bool) -> None:
    assert asks_to_cover(question, frozenset()) is covers


def test_two_people_named_want_a_set() -> None:
    assert asks_to_cover("What do Jon and Gina like?", frozenset({"Jon", "Gina"}))


NOW = "2026-04-02T10:00:00Z"
TRIPS = [("2026-01-10", "I just got back from my trip to Lisbon, the city was lovely.",
          ["Lisbon is a city I visited twice now, the trip was even better this time.",
           "The city of Lisbon has trams everywhere, I rode them all trip long.",
           "On the Lisbon trip I visited the old city castle and the cathedral.",
           "Every day of the trip I walked the city, Lisbon is so hilly."]),
         ("2026-02-14", "I visited Kyoto on a trip in February, the temples were beautiful.", []),
         ("2026-03-20", "My trip to Oslo was cold but I visited the museums of the city.", [])]


@pytest.mark.slow
def test_a_set_question_finds_each_occasion(tmp_path: Path,
                                            embedder) -> None:  # type: ignore[no-untyped-def]
    records = []
    for day, first, more in TRIPS:
        for i, text in enumerate([first, *more]):
            records.append(message(text, speaker="Jon", owner="pair", session=day,
                                   message_id=f"{day}-{i}", ts=f"{day}T10:{i:02d}:00Z"))
    write_jsonl(tmp_path / "logs" / "chat.jsonl", records)
    plain = KoreSettings(home=tmp_path / "home")
    run_pipeline([tmp_path / "logs"], plain, now=NOW, embedder=embedder)
    question = "Which cities has Jon visited on his trips?"
    found = {}
    for name, settings in (("plain", plain),
                           ("spread", plain.model_copy(update={"cover_diversity": 0.3}))):
        searcher = Searcher(settings, embedder=embedder)
        try:
            found[name] = (searcher.search(question, "pair", k=3, now=NOW, reinforce=False),
                           searcher.search(question, "pair", k=8, now=NOW, reinforce=False))
        finally:
            searcher.close()
    top, longer = found["spread"]
    text = " ".join(h.content for h in top)
    assert all(city in text for city in ("Lisbon", "Kyoto", "Oslo")), text
    assert [h.memory_id for h in longer[:3]] == [h.memory_id for h in top]
    plain_text = " ".join(h.content for h in found["plain"][0])
    assert not all(city in plain_text for city in ("Lisbon", "Kyoto", "Oslo"))  # one trip's
