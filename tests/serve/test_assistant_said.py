"""What the assistant said (``assistant_episodes``): kept as its own episodes, found when a
question asks what it said, and kept below the user's own statements otherwise."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.extract.facts import memories_from_message
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.addressed import asks_what_assistant_said
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl


@pytest.mark.parametrize("question", [
    "Which book did you recommend to me?", "What painters did you suggest last week?",
    "You once recommended a strategy game to me. What was it?",
    "What tips have you given me for sleeping better?", "What did you say I should cook?",
    "Remind me of your advice about running shoes.", "the restaurant you told me about",
    "Cosa mi hai consigliato di leggere?", "¿Qué película me recomendaste?",
    "Quel livre tu m'as conseillé ?", "Welches Buch hast du mir empfohlen?",
    "Que filme você me recomendou?"])
def test_questions_about_what_the_assistant_said(question: str) -> None:
    assert asks_what_assistant_said(question)


@pytest.mark.parametrize("question", [
    "What music do I like?", "Can you tell me what music I like?",
    "I recommended a film to you, what was it?", "What did I tell you about my sister?",
    "Do you remember where I went on holiday?", "What do you recommend for dinner?",
    "Where do I work?", "Dove lavoro?"])
def test_questions_about_the_user(question: str) -> None:
    assert not asks_what_assistant_said(question)


@given(st.text(max_size=80))
def test_any_text_is_read(text: str) -> None:
    assert asks_what_assistant_said(text) == asks_what_assistant_said(text.upper())


def test_assistant_turns_are_episodes_only_when_asked_for() -> None:
    reply = message("I recommend 'The Travelling Cat Chronicles' by Hiro Arikawa, a gentle"
                    " novel about a cat and his owner.", role="assistant", speaker=None,
                    message_id="m2")
    assert memories_from_message(reply, KoreSettings()) == []
    (episode,) = memories_from_message(reply, KoreSettings(assistant_episodes=True))
    assert (episode.subject, episode.type, episode.category, episode.key) == (
        "assistant", "episodic", "episode", "episode:m2")
    # never a fact, even when it says "I love …": the assistant is not the user
    love = message("I love jazz too, it is such a rich and expressive kind of music!",
                   role="assistant", speaker=None, message_id="m3")
    assert [m.type for m in memories_from_message(love, KoreSettings(
        assistant_episodes=True))] == ["episodic"]
    short = message("Glad to help!", role="assistant", speaker=None, message_id="m4")
    assert memories_from_message(short, KoreSettings(assistant_episodes=True)) == []


CHAT = [
    ("user", "Can you recommend a good book about cats? I have two cats at home."),
    ("assistant", "I recommend 'The Travelling Cat Chronicles' by Hiro Arikawa, a gentle novel"
                  " about a cat named Nana and his owner on a road trip."),
    ("user", "My favourite author is Haruki Murakami, I have read all of his novels."),
    ("assistant", "Haruki Murakami is a wonderful author! His novels about loneliness and"
                  " cats are loved by readers of every age, and every novel of his is unique."),
    ("user", "In the evenings I mostly listen to jazz."),
    ("assistant", "Jazz is such wonderful music to listen to! What kind of jazz music do you"
                  " love listening to most, and which jazz musicians do you listen to?"),
]
NOW = "2026-03-03T10:00:00Z"


@pytest.mark.slow
def test_the_recommendation_is_found_and_the_users_words_stay_first(
        tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    write_jsonl(tmp_path / "logs" / "chat.jsonl", [
        message(text, role=role, speaker=None, owner="ann", message_id=f"t{i}",
                ts=f"2026-03-01T10:{i:02d}:00Z") for i, (role, text) in enumerate(CHAT)])
    settings = KoreSettings(home=tmp_path / "home", assistant_episodes=True)
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    conn = sqlite3.connect(settings.db_path())
    subjects = sorted(r[0] for r in conn.execute("SELECT subject FROM memories"))
    conn.close()
    assert subjects.count("assistant") == 3 and "user" in subjects

    def first(question: str, **changes: float) -> tuple[str, list[str], bool]:
        searcher = Searcher(settings.model_copy(update=changes), embedder=embedder)
        try:
            hit = searcher.search(question, "ann", k=3, now=NOW, reinforce=False)[0]
        finally:
            searcher.close()
        return hit.subject, hit.source_message_ids, bool(hit.explain.get("other_side"))

    # a question about what the assistant said: its reply, before the user's request that
    # shares its words ("Can you recommend a good book about cats?"), which ranks first alike
    book = "Which book about cats did you recommend to me?"
    assert first(book, assistant_penalty=0.0)[:2] == ("user", ["t0"])
    assert first(book) == ("assistant", ["t1"], False)
    # a question about the user: the user's statement, not the reply that echoes it at length
    music = "Which music do I like?"
    assert first(music, assistant_penalty=0.0)[:2] == ("assistant", ["t5"])
    assert first(music) == ("user", ["t4"], False)
    assert first("Which author's novels do I like?") == ("user", ["t2"], False)


@pytest.mark.slow
def test_a_store_of_the_users_words_only_ranks_as_before(
        tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    """Without assistant episodes every candidate is the user's: a question to the assistant
    scales them all alike, so the order and the hits are those of no penalty."""
    write_jsonl(tmp_path / "logs" / "chat.jsonl", [
        message(text, role=role, speaker=None, owner="ann", message_id=f"t{i}",
                ts=f"2026-03-01T10:{i:02d}:00Z") for i, (role, text) in enumerate(CHAT)])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)

    def ids(question: str, penalty: float) -> list[list[str]]:
        searcher = Searcher(settings.model_copy(update={"assistant_penalty": penalty}),
                            embedder=embedder)
        try:
            return [h.source_message_ids for h in searcher.search(
                question, "ann", k=5, now=NOW, reinforce=False)]
        finally:
            searcher.close()

    for question in ("Which book about cats did you recommend to me?", "Which music do I like?"):
        assert ids(question, 0.5) == ids(question, 0.0) != []
