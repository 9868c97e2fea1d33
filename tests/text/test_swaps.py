"""A thing given up without its verb, a thing replaced by another (text/swaps.py),
on wordings outside the update lists; and what must not read as either."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.text.swaps import ended_thing, replacement


def _ended(text: str, lang: str | None) -> str | None:
    return ended_thing(text, text.casefold(), lang)


def _swap(text: str, lang: str | None) -> tuple[str, str] | None:
    return replacement(text, text.casefold(), lang)


@pytest.mark.parametrize(("text", "lang", "thing"), [
    ("Ho smesso con il tè, adesso bevo solo acqua.", "it", "te"),
    ("Ho lasciato perdere la chitarra.", "it", "chitarra"),
    ("He dejado el tabaco por fin.", "es", "tabaco"),
    ("Dejé el gimnasio en verano.", "es", "gimnasio"),
    ("J'ai arrêté la cigarette il y a un an.", "fr", "cigarette"),
    ("J'ai lâché le tennis, trop de blessures.", "fr", "tennis"),
    ("Ich habe mit dem Rudern aufgehört.", "de", "rudern"),
    ("Mit dem Fußball habe ich vor Jahren aufgehört.", "de", "fussball"),
    ("Larguei o ténis no ano passado.", "pt", "tenis"),
    ("I've jacked in the night shifts.", "en", "night"),
    ("I handed in my notice at Ocado last week.", "en", "ocado"),
    ("I left Deutsche Bank in May.", "en", "deutsche bank"),
    ("Ich habe bei Bosch gekündigt.", "de", "bosch"),
    ("Saí da Vodafone em março.", "pt", "vodafone"),
])
def test_a_thing_given_up_or_left_is_named(text: str, lang: str, thing: str) -> None:
    assert _ended(text, lang) == thing


@pytest.mark.parametrize(("text", "lang"), [
    ("Dejé el coche en el taller.", "es"),  # left somewhere, not given up
    ("I left the keys at home.", "en"),  # lower case: not an employer or a brand
    ("I quit my job.", "en"),  # the job: the slots' own ending
    ("Dejé de fumar.", "es"),  # an infinitive: endings.py reads it
    ("Ho lasciato il lavoro.", "it"),  # a common noun after "lasciato": no name
    ("I gave up on it.", "en"),
    ("Mein Bruder hat mit dem Rauchen aufgehört.", "de"),  # someone else
])
def test_what_is_no_thing_given_up_is_not(text: str, lang: str) -> None:
    assert _ended(text, lang) is None


@pytest.mark.parametrize(("text", "lang", "pair"), [
    ("I traded my Vespa for a Honda scooter.", "en", ("vespa", "honda scooter")),
    ("We sold the Qashqai and bought a Skoda.", "en", ("qashqai", "skoda")),
    ("I swapped my Kindle for a Kobo.", "en", ("kindle", "kobo")),
    ("Ho cambiato la Punto con una Yaris.", "it", ("punto", "yaris")),
    ("He cambiado el Ibiza por un León.", "es", ("ibiza", "leon")),
    ("J'ai échangé ma Twingo contre une Zoé.", "fr", ("twingo", "zoe")),
    ("Den Polo habe ich gegen einen Corsa getauscht.", "de", ("polo", "corsa")),
    ("Vendi a Biz e comprei uma Yamaha.", "pt", ("biz", "yamaha")),
])
def test_a_thing_replaced_names_both(text: str, lang: str, pair: tuple[str, str]) -> None:
    assert _swap(text, lang) == pair


@pytest.mark.parametrize(("text", "lang"), [
    ("I swapped shifts with Tom.", "en"),  # "with": no replacement
    ("I sold my bike.", "en"),  # nothing in its place: an ending
    ("We traded stories all night.", "en"),
    ("Ho cambiato idea.", "it"),
])
def test_what_replaces_nothing_is_no_swap(text: str, lang: str) -> None:
    assert _swap(text, lang) is None


@given(st.text(max_size=80), st.sampled_from(["en", "it", "es", "fr", "de", "pt", None]))
def test_any_text_gives_a_thing_or_none(text: str, lang: str | None) -> None:
    thing = _ended(text, lang)
    swap = _swap(text, lang)
    assert thing is None or (thing and thing == thing.strip() and thing.casefold() == thing)
    assert swap is None or (swap[0] != swap[1] and all(swap))
