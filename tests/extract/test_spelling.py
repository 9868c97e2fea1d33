"""Accents left out: a grammar's triggers read bare spellings in a text of their language."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.extract.spelling import accent_optional


@pytest.mark.parametrize(("text", "lang", "fact"), [
    ("je deteste le froid", "fr", "froid"),
    ("nao gosto de chuva", "pt", "chuva"),
    ("Não gosto de chuva", "pt", "chuva"),
])
def test_a_trigger_typed_without_its_accents_still_gives_the_fact(
        text: str, lang: str, fact: str) -> None:
    assert fact in [f.fact for f in extract_facts(text, lang)]


def test_bare_spellings_are_read_only_in_their_own_language() -> None:
    # Italian "usare" is Spanish "usaré" without its accent: not a Spanish decision here
    facts = extract_facts("Mi rifiuto di usare Windows.", "it")
    assert [(f.language, f.category) for f in facts] == [("it", "preference")]


def test_guards_do_not_grow_to_bare_words() -> None:
    # the guard against a future tense ("\\w+rà") must not refuse the present "lavora"
    assert extract_facts("mio marito lavora in banca", "it")


def test_classes_escapes_and_negative_lookarounds_are_kept() -> None:
    assert accent_optional(r"d[éè]j\é(?!à)é") == r"d[éè]j\é(?!à)[ée]"


@given(st.text(alphabet="aeéàoõ ", max_size=12))
def test_the_bare_pattern_matches_wherever_the_accented_one_does(text: str) -> None:
    source = r"(?:é|à)\s*[oõ]+"
    if re.search(source, text):
        assert re.search(accent_optional(source), text)
