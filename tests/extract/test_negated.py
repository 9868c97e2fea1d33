"""A positive statement said after the language's "not" gives no fact (it says the opposite):
"Non sono vegetariana" is not "sono vegetariana", as "I'm not a vegetarian" is no fact."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.text.slots import slot_of

NEGATED = [("Non sono vegetariana.", "it"), ("Io non sono sposato.", "it"),
           ("Non abito a Roma.", "it"), ("Non ho un cane.", "it"),
           ("No soy vegetariano.", "es"), ("No vivo en Madrid.", "es"),
           ("No trabajo en un banco.", "es"), ("Não sou casado.", "pt"),
           ("Nao sou vegetariano.", "pt"), ("Não moro em Lisboa.", "pt")]


@pytest.mark.parametrize(("text", "lang"), NEGATED)
def test_a_negated_statement_is_no_fact_of_the_opposite(text: str, lang: str) -> None:
    assert [f for f in extract_facts(text, lang) if f.polarity == "+"] == []
    assert slot_of(text, lang) is None


@pytest.mark.parametrize(("text", "lang", "content"), [
    ("No, soy vegetariano.", "es", "soy vegetariano"),        # an answer, then the statement
    ("Non so, sono vegetariana.", "it", "sono vegetariana"),  # "I don't know" is another clause
    ("No me llamo Ana, me llamo Lucía.", "es", "me llamo Lucía"),
    ("Sono vegetariana.", "it", "Sono vegetariana"),
])
def test_the_positive_statement_beside_a_no_stays(text: str, lang: str, content: str) -> None:
    assert [f.content for f in extract_facts(text, lang)] == [content]


@pytest.mark.parametrize(("text", "lang"), [
    ("Non abito più a Roma.", "it"), ("Ya no soy vegetariano.", "es"), ("Não fumo mais.", "pt")])
def test_an_ending_still_says_what_ended(text: str, lang: str) -> None:
    """"no longer" statements start with their "not": they are the ending rows' facts."""
    (fact,) = extract_facts(text, lang)
    assert fact.content == text.rstrip(".")
    slot = slot_of(text, lang)
    assert slot is not None and slot[1].startswith("not")


@given(st.sampled_from([("sono", "it"), ("abito a", "it"), ("soy", "es"), ("vivo en", "es"),
                        ("sou", "pt"), ("moro em", "pt")]),
       st.sampled_from(["Roma", "Madrid", "Lisboa", "vegetariano", "insegnante", "Milano"]))
def test_no_negated_form_states_its_positive(head: tuple[str, str], word: str) -> None:
    words, lang = head
    neg = {"it": "Non", "es": "No", "pt": "Não"}[lang]
    said = f"{words} {word}"
    assert all(said.lower() not in f.content.lower() or f.polarity == "-"
               for f in extract_facts(f"{neg} {said}.", lang))


@pytest.mark.parametrize("text", ["Ich rauche nicht.", "Ich trinke keinen Kaffee.",
                                  "Ich esse kein Fleisch.", "Ich trinke abends keinen Kaffee.",
                                  "Ich spiele nicht Tennis."])
def test_a_german_habit_with_nicht_or_kein_is_a_never_habit(text: str) -> None:
    """As "I don't smoke": a negative habit and no slot (it used to be the slot value
    "nicht" / "keinen", a positive habit)."""
    assert [f.polarity for f in extract_facts(text, "de")] == ["-"]
    assert slot_of(text, "de") is None


def test_german_habits_beside_a_nicht_keep_their_slot() -> None:
    assert slot_of("Ich spiele Handball, aber nicht im Verein.", "de") == ("habit:play",
                                                                          "handball")
    assert slot_of("Ich trinke Kaffee.", "de") == ("habit:drink", "kaffee")
    assert slot_of("Ich rauche nicht mehr.", "de") == ("habit:smoke", "not")  # an ending
