"""Statements that end a fact: what they end, and that they end only that."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.text.endings import NO_OBJECT, ended_statements, ended_value, ends, is_ending


@pytest.mark.parametrize(("text", "first"), [
    ("I stopped eating sugar in March.", "I eat sugar in March."),
    ("We gave up the allotment.", "We the allotment."),
    ("I've given up jogging.", "I jog."),
    ("I quit swimming after the injury.", "I swim after the injury."),
    ("I'm no longer a member of the choir.", "I'm a member of the choir."),
    ("I don't commute by train anymore.", "I commute by train."),
])
def test_the_statement_ended_is_said_positively(text: str, first: str) -> None:
    assert ended_statements(text)[0] == first


@pytest.mark.parametrize("text", [
    "I stopped by the bakery.", "I stopped to think about it.", "I quit!",
    "My dad gave up smoking.", "I gave up on him.", "I drink coffee every morning.",
])
def test_a_stop_of_someone_else_or_of_no_habit_ends_nothing(text: str) -> None:
    assert ended_statements(text) == []


def test_an_ending_ends_only_what_it_names() -> None:
    assert ends("coffee", "not coffee")
    assert ends("coffee every morning", "not coffee")
    assert not ends("tea", "not coffee")
    assert not ends("vegetarian", "not vegan")
    assert ends("marathons", ended_value(NO_OBJECT))  # "I don't run anymore": any running
    assert not ends("not coffee", "not")  # an ending is not ended again


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)


@given(st.lists(_WORD, min_size=1, max_size=3).map(" ".join))
def test_every_value_is_ended_by_its_own_ending(value: str) -> None:
    said = ended_value(value)
    assert is_ending(said) and ends(value, said)


@given(st.lists(_WORD, min_size=1, max_size=6).map(" ".join))
def test_text_without_a_stop_word_ends_nothing(text: str) -> None:
    if not any(w in text for w in ("stop", "quit", "gave", "given", "longer", "more")):
        assert ended_statements(text) == []
