"""The slot a fact fills by what its rule is about: names of relatives and pets, employers."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.patterns import extract_facts, topic_slot


def _slots(text: str, lang: str) -> list[tuple[str, str] | None]:
    return [f.slot or topic_slot(f) for f in extract_facts(text, lang)]


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("mijn zus heet sanne en woont in delft", "nl", ("name:sister", "sanne")),
    ("ma femme julie et moi on adore le ski", "fr", ("name:wife", "julie")),
    ("meu cachorro se chama Thor", "pt", ("name:dog", "thor")),
    ("onze kat heet Mientje", "nl", ("name:cat", "mientje")),
    ("I have a horse named Charlie.", "en", ("name:horse", "charlie")),
])
def test_a_family_fact_names_the_relative_or_pet(text: str, lang: str,
                                                  slot: tuple[str, str]) -> None:
    assert slot in _slots(text, lang)


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("I work at PetSmart.", "en", ("employer", "petsmart")),
    ("lavoro in ospedale da due anni", "it", ("employer", "ospedale")),
    ("je travaille chez michelin depuis 2020", "fr", ("employer", "michelin")),
])
def test_a_work_fact_after_the_word_for_where_one_works_names_the_employer(
        text: str, lang: str, slot: tuple[str, str]) -> None:
    assert slot in _slots(text, lang)


@pytest.mark.parametrize(("text", "lang"), [
    ("I work with computers", "en"),
    ("trabajo en casa", "es"),
    ("mi hermano vive en Quito", "es"),
])
def test_no_employer_or_name_where_none_is_said(text: str, lang: str) -> None:
    assert not [s for s in _slots(text, lang) if s and s[0].startswith(("employer", "name:"))]


@pytest.mark.parametrize(("text", "lang", "place"), [
    ("since moving to denver i barely cook", "en", "denver"),
    ("wir sind letztes jahr nach münchen umgezogen", "de", "münchen"),
    ("por fin terminamos la mudanza a nuestro piso nuevo en valencia", "es", "valencia"),
])
def test_a_lower_case_place_is_read_as_far_as_it_names_one(text: str, lang: str,
                                                           place: str) -> None:
    facts = [f for f in extract_facts(text, lang) if f.slot and f.slot[0] == "residence"]
    assert [f.fact for f in facts] == [place]


@pytest.mark.parametrize("text", ["i'm living in the moment", "my new place in the woods",
                                  "since moving to the new desk i can't focus"])
def test_a_lower_case_word_that_names_no_place_sets_no_residence(text: str) -> None:
    assert not [s for s in _slots(text, "en") if s and s[0] == "residence"]


@pytest.mark.parametrize(("text", "lang", "car"), [
    ("my new tesla finally arrived!!", "en", "tesla"),
    ("ma Tesla est arrivée hier, fini la vieille Clio", "fr", "tesla"),
    ("mein neuer Golf ist endlich da", "de", "golf"),
    ("picked up our new car, a kia niro", "en", "kia niro"),
])
def test_a_new_car_is_read_by_make_or_model(text: str, lang: str, car: str) -> None:
    assert ("car", car) in _slots(text, lang)


@pytest.mark.parametrize("text", ["my new phone arrived", "my new mac is here"])
def test_a_new_thing_that_is_no_car_sets_no_car(text: str) -> None:
    assert not [s for s in _slots(text, "en") if s and s[0] == "car"]
