"""Ranking signals: names in questions, neighbouring turns, memories that only ask."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.ranking import (
    Place,
    named_query,
    neighbour_times,
    neighbours_to_add,
    only_asks,
    spread_to_neighbours,
    top_places,
)
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message, write_jsonl

SUBJECTS = ["Joanna", "Nate", "user", "Anna Rossi", "Will"]


def test_a_named_subject_leaves_the_query_and_says_whose_memories() -> None:
    asked = named_query("What are Joanna's hobbies?", SUBJECTS)
    assert asked.text == "What are hobbies?" and asked.subjects == {"Joanna"}
    both = named_query("When did Nate give Joanna the turtle?", SUBJECTS)
    assert both.subjects == {"Nate", "Joanna"} and "Nate" not in both.text


def test_names_are_words_capitalised_or_in_an_all_lowercase_query() -> None:
    assert named_query("what does joanna like", SUBJECTS).subjects == {"Joanna"}
    assert named_query("What will I do on Friday?", SUBJECTS).subjects == frozenset()
    assert named_query("Is Joannas' cat here?", SUBJECTS).subjects == frozenset()
    assert named_query("Where does Anna live?", SUBJECTS).subjects == {"Anna Rossi"}


def test_roles_are_never_names_and_a_bare_name_stays_a_query() -> None:
    assert named_query("What did the user say?", SUBJECTS).subjects == frozenset()
    alone = named_query("Joanna", SUBJECTS)
    assert alone.text == "Joanna" and alone.subjects == {"Joanna"}


@given(st.lists(st.sampled_from(["What", "does", "Joanna", "Nate's", "like", "cats", "?",
                                 "Anna", "will", "do"]), max_size=12))
def test_stripping_names_only_removes_words(words: list[str]) -> None:
    query = " ".join(words)
    asked = named_query(query, SUBJECTS)
    kept = re.findall(r"\w+", asked.text)
    assert all(w in re.findall(r"\w+", query) for w in kept)
    assert asked.subjects <= set(SUBJECTS)


def test_a_memory_that_only_asks() -> None:
    assert only_asks("Wow! What made you name her Tilly?")
    assert only_asks("How long have you been playing? [shares a photo of a violin]")
    assert not only_asks("I named her Tilly after my grandmother. Cute, right?")
    assert not only_asks("I'm allergic to peanuts")


def _store(tmp_path: Path) -> tuple[KoreSettings, list[int]]:
    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(settings.db_path())
    ids = []
    turns = [("s1", "2026-01-01T10:00:00Z"), ("s1", "2026-01-01T10:00:30Z"),
             ("s1", "2026-01-01T10:01:00Z"), ("s2", "2026-01-01T10:01:30Z")]
    for i, (session, at) in enumerate(turns):
        cur = conn.execute(
            "INSERT INTO memories(owner, subject, key, type, category, content, content_hash,"
            " importance, source_message_ids, session_id, created_at, updated_at)"
            " VALUES ('o', 'Anna', ?, 'episodic', 'episode', ?, ?, 3, '[]', ?, ?, ?)",
            (f"episode:{i}", f"turn {i}", f"h{i}", session, at, at))
        ids.append(int(cur.lastrowid or 0))
    return settings, ids


def test_a_turn_shares_its_score_with_the_turns_just_before_and_after(tmp_path: Path) -> None:
    settings, (q, reply, later, other_session) = _store(tmp_path)
    conn = connect(settings.db_path())

    def place(mid: int) -> Place:
        row = conn.execute("SELECT session_id, created_at FROM memories WHERE id = ?",
                           (mid,)).fetchone()
        return (row[0], row[1])

    places = {mid: place(mid) for mid in (q, later, other_session)}
    fused = {q: 1.0, later: 0.1, other_session: 0.5}
    sources = top_places(fused, places, 3)
    assert sources == [place(q), place(other_session), place(later)]
    times = neighbour_times(conn, "o", sources)
    # the reply is not a candidate: `later` is two turns from `q` and gains nothing from it
    assert spread_to_neighbours(fused, places, sources, times, 0.2) == {}
    assert neighbours_to_add(sources[:1], set(places.values()), times) == {place(reply)}
    places[reply], fused[reply] = place(reply), 0.05
    sources = top_places(fused, places, 4)
    times = neighbour_times(conn, "o", sources)
    bonus = spread_to_neighbours(fused, places, sources, times, 0.2)
    assert bonus[reply] == pytest.approx(0.2)             # from the question before it
    assert bonus[q] == pytest.approx(0.01) and bonus[later] == pytest.approx(0.01)
    assert other_session not in bonus                     # another session is no neighbour
    only_best = spread_to_neighbours(fused, places, top_places(fused, places, 1), times, 0.2)
    assert only_best == {reply: pytest.approx(0.2)}       # only the sources lend
    assert neighbour_times(conn, "other-owner", sources)[place(q)] == (None, None)


@pytest.mark.slow
def test_two_person_chat_answers_about_the_named_person_and_from_the_reply(
        tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("Nate", "Hey Joanna! What have you been up to? Tell me about your hobbies."),
        ("Joanna", "Writing and hanging out with friends, mostly. It lets me tell stories."),
        ("Nate", "Joanna, that is so cool! Joanna, you are great."),
        ("Joanna", "Thanks Nate! How are your turtles doing?"),
        ("Nate", "They are great. I took my kids to the military memorial last week."),
        ("Joanna", "How did the kids react to the memorial?"),
        ("Nate", "They were awestruck, quiet and humbled all afternoon."),
        ("Joanna", "Joanna here again, guess what, Joanna loves Joanna jokes!"),
    ]
    write_jsonl(tmp_path / "logs" / "chat.jsonl", [
        message(text, speaker=who, owner="pair", session="s1", message_id=f"t{i}",
                ts=f"2026-03-01T10:{i:02d}:00Z") for i, (who, text) in enumerate(turns)])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([tmp_path / "logs"], settings, now="2026-03-02T10:00:00Z", embedder=embedder)

    def first(question: str, k: int = 2, **change: float) -> list[str]:
        searcher = Searcher(settings.model_copy(update=change), embedder=embedder)
        try:
            hits = searcher.search(question, "pair", k=k, now="2026-03-02T10:00:00Z",
                                   reinforce=False)
        finally:
            searcher.close()
        return [sid for h in hits for sid in h.source_message_ids][:k]

    hobbies = "What are Joanna's hobbies?"
    assert "t1" in first(hobbies)                        # her answer
    # not the line that repeats her name (a plural asks for several of her statements,
    # serve/several: with only four lines of hers any of them may come second there)
    assert "t7" not in first(hobbies, several_subject_boost=settings.subject_boost)
    # only close vectors count (as in a big store, where many lines come closer than the
    # reply): the reply, which shares no word with the question, is found through the
    # question it answers
    reaction = "How did Nate's kids react at the memorial?"
    assert "t6" not in first(reaction, k=5, min_vector_similarity=0.45, neighbour_share=0.0)
    assert "t6" in first(reaction, k=5, min_vector_similarity=0.45)


def test_explain_line_names_the_signals() -> None:
    from kore_pipeline.serve.explain import explain_line

    line = explain_line({"keyword_rank": None, "vector_rank": 3, "rrf": 0.016,
                         "subject_named": True, "neighbour_bonus": 0.004, "decay": 0.5,
                         "importance": 3, "relevance_weight": 0.97, "fused_score": 0.03})
    assert "keyword - · vector #3" in line and "named subject" in line
    assert "neighbours +0.00400" in line and "only asks" not in line
    assert "asks for several" in explain_line({"subject_named": True, "asks_for_several": True})
