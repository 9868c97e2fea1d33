"""A word right after a relative or a pet is a name only where a name can stand."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.text.names import is_name_here


@pytest.mark.parametrize(("word", "after", "lang"), [
    ("priya", " keeps stealing my socks", "en"),   # a word no dictionary knows
    ("biscuit", " ate my charger", "en"),           # a known word before a name's verb
    ("sanne", " en ik", "nl"),
    ("mateo", " tiene 6 años", "es"),               # also a verb form, before "tiene"
    ("Otto", " bellt", "de"),
    ("sem", " gaat naar school", "nl"),     # a Dutch name that is a Portuguese word
])
def test_a_name_after_a_relative_is_read(word: str, after: str, lang: str) -> None:
    assert is_name_here(word, after, lang)


@pytest.mark.parametrize(("word", "after", "lang"), [
    ("really", " wants a puppy", "en"),
    ("keeps", " forgetting the bins", "en"),
    ("three", " times a week", "en"),
    ("shower", " is next week", "en"),     # "baby shower": one noun
    ("left", " me last year", "en"),
    ("garden", ".", "en"),
    ("sempre", " dice di no", "it"),
    ("vive", " en Quito", "es"),
    ("doesnt", " like flying", "en"),
    ("all'asilo", " da settembre", "it"),   # an elided preposition
])
def test_a_word_that_is_no_name_is_not_read(word: str, after: str, lang: str) -> None:
    assert not is_name_here(word, after, lang)


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("lol my husband dev keeps eating my leftovers", "en", ("name:husband", "dev")),
    ("il nostro bassotto olivo odia la pioggia", "it", ("name:dog", "olivo")),
    ("ma chienne praline a mangé mes chaussons", "fr", ("name:dog", "praline")),
    ("mijn vriend daan kookt altijd", "nl", ("name:boyfriend", "daan")),
])
def test_a_lower_case_name_after_a_relative_fills_its_name_slot(text: str, lang: str,
                                                                slot: tuple[str, str]) -> None:
    assert slot in [f.slot for f in extract_facts(text, lang)]


def test_a_clause_about_a_relative_keeps_its_other_facts_whole() -> None:
    facts = extract_facts("I call my mum three times a week.", "en")
    assert [f.slot for f in facts if f.slot] == []
    assert any("call my mum" in f.fact for f in facts)
