"""Shared text normal forms: one apostrophe, one sentence split, one 'same sentence' rule."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.text.normalize import contains_words, fold, sentence_key, split_sentences


def test_every_apostrophe_is_one() -> None:
    for variant in ("don’t", "donʼt", "don‘t", "don＇t", "don`t", "don´t"):
        assert fold(variant) == "don't"


def test_sentence_key_ignores_case_space_apostrophes_and_final_stop() -> None:
    assert sentence_key("I’M  allergic to Peanuts!") == sentence_key("i'm allergic to peanuts")


def test_split_sentences_joins_lines_and_keeps_stops() -> None:
    assert split_sentences("One.  Two!\nThree? 四。五") == ["One.", "Two!", "Three?", "四。五"]


def test_contains_words_needs_word_boundaries() -> None:
    assert contains_words("she has a cat, sadly", "has a cat")
    assert not contains_words("she has a category", "has a cat")
    assert not contains_words("", "x")


@given(st.text())
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)
