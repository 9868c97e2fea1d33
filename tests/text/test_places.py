"""Places named in lower case: read as where one lives only when they are real places."""

from __future__ import annotations

import pytest

from kore_pipeline.text.places import is_place, place_prefix
from kore_pipeline.text.slots import slot_of


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("wir wohnen jetzt in leipzig", "de", ("residence", "leipzig")),
    ("I live in leeds now", "en", ("residence", "leeds")),
    ("we moved to porto last month", "en", ("residence", "porto")),
    ("je vis à lyon", "fr", ("residence", "lyon")),
    ("moro em sao paulo", "pt", ("residence", "sao paulo")),
    ("I live in Lyon", "en", ("residence", "lyon")),
])
def test_a_lower_case_city_is_where_one_lives(
        text: str, lang: str, slot: tuple[str, str]) -> None:
    assert slot_of(text, lang) == slot


@pytest.mark.parametrize("text", [
    "I live in a small house", "I live in fear", "i live in nice weather", "I live in hope"])
def test_lower_case_words_that_are_no_place_set_no_residence(text: str) -> None:
    assert slot_of(text, "en") is None


def test_the_gazetteer_folds_case_and_accents() -> None:
    assert is_place("München") and is_place("munchen") and is_place("SÃO PAULO")
    assert place_prefix("sao paulo city") == "sao paulo"
    assert place_prefix("home now") is None
