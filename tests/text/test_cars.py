"""Cars by make or model, one slot whatever words name them."""

from __future__ import annotations

import pytest

from kore_pipeline.text.cars import car_name
from kore_pipeline.text.slots import as_car


@pytest.mark.parametrize(("words", "car"), [
    ("old golf", "golf"), ("Tesla Model 3!", "tesla model 3"), ("seat ibiza", "seat ibiza"),
    ("fiat 500", "fiat 500"), ("vw id 3", "vw id 3"), ("Mac", None), ("model", None),
])
def test_car_name_keeps_the_make_and_model(words: str, car: str | None) -> None:
    assert car_name(words) == car


def test_a_thing_one_has_that_is_a_car_is_the_car() -> None:
    assert as_car(("has:panda", "panda")) == ("car", "panda")
    assert as_car(("tool:golf", "model 3")) == ("car", "model 3")
    assert as_car(("has:guitar", "guitar")) == ("has:guitar", "guitar")
    assert as_car(None) is None
