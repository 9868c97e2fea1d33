"""Questions about several things prefer the named person's own statements."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.serve.several import asks_for_several
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl


@pytest.mark.parametrize("question", [
    "What activities does Melanie partake in?", "Which cities has Jon visited?",
    "How many times has Melanie gone to the beach?", "What kinds of books does she read?",
    "What has John cooked?", "What do both Joanna and Nate like?",
    "Has Anna ever been to Rome?", "What outdoor activities does Ben enjoy?",
    "What are John's goals for his career?",
    "Quante volte Anna è andata al mare?", "Quali libri ha letto Marco?",
    "¿Cuántos hijos tiene Ana?", "Combien de fois Paul est-il allé à Paris ?",
    "Quels livres Marie a-t-elle lus ?", "Wie viele Katzen hat Jonas?",
    "Was für Hobbys hat Lena?", "Quantos filhos tem a Ana?", "Quais livros o João leu?",
    "¿Qué tipos de música escucha Luis?", "Che tipi di film guarda Anna?"])
def test_questions_about_several_things(question: str) -> None:
    assert asks_for_several(question)


@pytest.mark.parametrize("question", [
    "What pet does Caroline have?", "Where did Joanna go kayaking?",
    "What is Melanie's reason for running?", "When did John get his dog Max?",
    "What does Tim have that reminds him of hard work?", "Which is her favourite?",
    "What was the news?", "Dove è andata Anna in vacanza?", "¿Dónde vive Ana?",
    "Où habite Paul ?", "Wo wohnt Jonas?", "Onde mora a Ana?", "Qual è il lavoro di Anna?",
    "¿Cuál es su trabajo?", "Quel est son métier ?", "Welches Auto fährt Jonas?",
    "Che tipo di musica ascolta Anna?", "¿Qué tipo de música escucha Luis?",
    "Was für ein Auto fährt Jonas?"])
def test_questions_about_one_thing(question: str) -> None:
    assert not asks_for_several(question)


@given(st.text(max_size=80))
def test_any_text_is_read_and_case_does_not_matter(text: str) -> None:
    assert asks_for_several(text) == asks_for_several(text.lower())


SESSIONS = [
    ("2026-02-01", [("Joanna", "I went kayaking on the river with my sister last weekend."),
                    ("Nate", "Kayaking on a river sounds like such a fun activity! I love"
                             " activities outdoors."),
                    ("Joanna", "It was. How is your new apartment?"),
                    ("Nate", "Still full of boxes, but the view of the park is lovely.")]),
    ("2026-02-15", [("Joanna", "I signed up for a pottery class on Tuesdays, it is so relaxing."),
                    ("Nate", "A pottery class! What a great activity, weekly activities like"
                             " that are the best."),
                    ("Joanna", "Do you want to join one day?"),
                    ("Nate", "Maybe, my turtles keep me busy though.")]),
    ("2026-03-01", [("Joanna", "Yesterday I ran a half marathon in the rain with my running"
                               " club."),
                    ("Nate", "Running a half marathon in the rain is a tough activity, you are"
                             " amazing at activities like that!"),
                    ("Joanna", "Thanks Nate, my legs are sore today.")]),
]
JOANNA_DID = {"2026-02-01-0", "2026-02-15-0", "2026-03-01-0"}
NOW = "2026-03-02T10:00:00Z"


@pytest.mark.slow
def test_a_question_about_several_things_finds_each_of_them_not_the_replies(
        tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    write_jsonl(tmp_path / "logs" / "chat.jsonl", [
        message(text, speaker=who, owner="pair", session=day, message_id=f"{day}-{i}",
                ts=f"{day}T10:{i:02d}:00Z")
        for day, turns in SESSIONS for i, (who, text) in enumerate(turns)])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)

    def ranked(question: str, boost: float, k: int = 3) -> list[tuple[list[str], float, bool]]:
        searcher = Searcher(settings.model_copy(update={"several_subject_boost": boost}),
                            embedder=embedder)
        try:
            hits = searcher.search(question, "pair", k=k, now=NOW, reinforce=False)
        finally:
            searcher.close()
        return [(h.source_message_ids, h.score, bool(h.explain.get("asks_for_several")))
                for h in hits]

    def turns(question: str, boost: float) -> set[str]:
        return {sid for ids, _score, _several in ranked(question, boost) for sid in ids}

    several = "What activities has Joanna done?"
    # each of Nate's replies repeats its topic and the question's word ("activities"):
    # with the one-answer boost they take two of the three places
    assert len(turns(several, boost=0.5) & JOANNA_DID) <= 1
    assert turns(several, boost=2.0) == JOANNA_DID
    assert all(flag for _ids, _score, flag in ranked(several, boost=2.0))  # explain says why
    # a one-answer question, or one that names nobody, ranks exactly as before
    for question in ("Where did Joanna go kayaking?", "What activities are the most fun?"):
        assert ranked(question, boost=2.0, k=6) == ranked(question, boost=0.5, k=6)
