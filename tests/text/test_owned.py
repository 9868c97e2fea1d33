"""Cars and phones by make or model, one slot each whatever words name them."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.text.owned import car_name, owned_slot, phone_name
from kore_pipeline.text.slots import as_owned


@pytest.mark.parametrize(("words", "car"), [
    ("old golf", "golf"), ("Tesla Model 3!", "tesla model 3"), ("seat ibiza", "seat ibiza"),
    ("fiat 500", "fiat 500"), ("vw id 3", "vw id 3"), ("Mac", None), ("model", None),
])
def test_car_name_keeps_the_make_and_model(words: str, car: str | None) -> None:
    assert car_name(words) == car


@pytest.mark.parametrize(("words", "phone"), [
    ("iPhone 15 Pro Max!", "iphone 15 pro max"), ("pixel 8a today", "pixel 8a"),
    ("samsung galaxy s24 ultra", "samsung galaxy s24 ultra"), ("new laptop", None),
])
def test_phone_name_keeps_the_make_line_and_model(words: str, phone: str | None) -> None:
    assert phone_name(words) == phone


def test_a_thing_one_has_that_is_a_car_or_a_phone_fills_its_slot() -> None:
    assert as_owned(("has:panda", "panda")) == ("car", "panda")
    assert as_owned(("tool:golf", "model 3")) == ("car", "model 3")
    assert as_owned(("has:iphone 12", "iphone 12")) == ("phone", "iphone 12")
    assert as_owned(("has:guitar", "guitar")) == ("has:guitar", "guitar")
    assert as_owned(None) is None
    assert owned_slot("a kia niro") == ("car", "kia niro")


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("the brakes on my yaris squeal every morning", "en", ("car", "yaris")),
    ("mein alter golf springt nicht an, batterie?", "de", ("car", "golf")),
    ("mi viejo focus pierde aceite", "es", ("car", "focus")),
    ("ik rij een kia picanto en de banden zijn kaal", "nl", ("car", "kia picanto")),
])
def test_a_car_named_in_passing_fills_the_car_slot(text: str, lang: str,
                                                   slot: tuple[str, str]) -> None:
    assert slot in [f.slot for f in extract_facts(text, lang)]


@pytest.mark.parametrize(("text", "lang"), [
    ("my golf swing is a disaster", "en"),       # a name that is mostly another word ...
    ("mi fiesta de cumpleaños es el sábado", "es"),
    ("my focus is gone today", "en"),
    ("I also like to drive my mini van", "en"),  # ... even beside a car word, alone
])
def test_a_word_that_is_mostly_no_car_is_no_car_in_passing(text: str, lang: str) -> None:
    assert not [f.slot for f in extract_facts(text, lang) if f.slot and f.slot[0] == "car"]
