"""The fact guard: two texts that state different facts are told apart; paraphrases are not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.text.fact_guard import fact_difference

VARIANTS = [
    ("number", "My flight is at 10:30.", "My flight is at 11:30."),
    ("number", "I have two kids.", "I have three kids."),
    ("number", "My budget is 1,500 euros.", "My budget is 2,500 euros."),
    ("number", "I use React 18 at work.", "I use React 19 at work."),
    ("number", "Ticket 4411 is blocked by the login bug.",
     "Ticket 4412 is blocked by the login bug."),
    ("number", "I like topic 5", "I like topic 96"),
    ("number", "My desk is in room 12 on floor 3.", "My desk is in room 3 on floor 12."),
    ("number", "I have 2 kids and 3 cats.", "I have 3 kids and 2 cats."),
    ("number", "We booked 4 rooms for 2 nights.", "We booked 2 rooms for 4 nights."),
    ("number", "My desk is in room 12 on floor 3.", "My desk is in floor 12 on room 3."),
    ("date", "The review is on Monday.", "The review is on Thursday."),
    ("date", "We go skiing in January.", "We go skiing in March."),
    ("date", "La riunione è lunedì.", "La riunione è venerdì."),
    ("negation", "I like working from the office on Mondays.",
     "I don't like working from the office on Mondays."),
    ("negation", "Mi piace il caffè amaro.", "Non mi piace il caffè amaro."),
    ("negation", "J'aime le thé vert.", "Je n'aime pas le thé vert."),
    ("negation", "Ich trinke Kaffee am Morgen.", "Ich trinke keinen Kaffee am Morgen."),
    ("negation", "Me gusta correr por la mañana.", "No me gusta correr por la mañana."),
    ("entity", "I live in Turin with my family.", "I live in Berlin with my family."),
    ("entity", "My manager Sarah approved the plan.", "My manager Laura approved the plan."),
    ("entity", "We deploy the backend on Kubernetes.", "We deploy the backend on Nomad."),
]

PARAPHRASES = [
    ("React 19 supports server components natively",
     "React version 19 has built-in server component support"),
    ("I have 2 kids.", "I have two children."),
    ("My budget is 1500 euros.", "My budget is 1,500 euros."),
    ("I moved to Berlin today.", "Today I moved to Berlin."),
    ("I go running on Mondays.", "Every Monday I go running."),
    ("Non bevo mai caffè la sera.", "La sera non bevo caffè."),
    ("Chose Postgres for the billing service.", "Picked Postgres for the billing service."),
    ("Yesterday I met Laura at the station.", "The other day I met Laura at the station."),
    ("Anna prefers her coffee as a ristretto.",
     "Anna prefers her coffee as a ristretto. She drinks it every morning."),
    ("My desk is in room 12 on floor 3.", "My desk is on floor 3, room 12."),
    ("I have 2 kids and 3 cats.", "I have three cats and two kids."),
    ("My flight leaves at 10:30 from gate 12.", "Flight at 10:30, gate 12."),
]


@pytest.mark.parametrize(("kind", "a", "b"), VARIANTS)
def test_variants_differ_in_their_kind(kind: str, a: str, b: str) -> None:
    assert fact_difference(a, b) == kind
    assert fact_difference(b, a) == kind


@pytest.mark.parametrize(("a", "b"), PARAPHRASES)
def test_paraphrases_do_not_differ(a: str, b: str) -> None:
    assert fact_difference(a, b) is None


@given(st.text(max_size=200))
def test_a_text_never_differs_from_itself(text: str) -> None:
    assert fact_difference(text, text) is None


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_different_amounts_always_differ(x: int, y: int) -> None:
    a, b = f"My budget is {x:,} euros.", f"My budget is {y:,} euros."
    assert (fact_difference(a, b) == "number") == (x != y)
