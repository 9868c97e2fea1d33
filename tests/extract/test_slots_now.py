"""What is true now said by replacing a thing, giving it up without its verb,
becoming, a colloquial verb or going back; through the slots and the real store, on
wordings outside the update lists; and the statements that must leave the earlier fact."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.text.slots import replaces, slot_of
from tests.helpers import message

S = KoreSettings()


def _say(conn: sqlite3.Connection, text: str, mid: str, ts: str) -> object:
    recs = [normalise(message(text, message_id=mid, ts=ts), S, "t.jsonl", 1)]
    return upsert_memories(conn, extract_memories(recs, S), ts)


def _facts(conn: sqlite3.Connection) -> dict[str, str]:
    """Factual memories: content -> status."""
    return {r[0]: r[1] for r in conn.execute(
        "SELECT content, status FROM memories WHERE type = 'factual' ORDER BY id")}


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("Sono diventato papà a maggio.", "it", None),  # becoming a father is no job
    ("Sono diventato commercialista.", "it", ("job", "commercialista")),
    ("Me he hecho enfermera.", "es", ("job", "enfermera")),
    ("Je suis devenu plombier.", "fr", ("job", "plombier")),
    ("Ich bin letztes Jahr Lehrerin geworden.", "de", ("job", "lehrerin")),
    ("Tornei-me enfermeira.", "pt", ("job", "enfermeira")),
    ("I've become a paramedic.", "en", ("job", "paramedic")),
    ("Je suis devenue maman.", "fr", None),  # becoming a mother is no job
    ("Faccio il cuoco in un ristorante.", "it", ("job", "cuoco")),
    ("Trabajo de camarera en un bar.", "es", ("job", "camarera")),
    ("Je bosse chez Leroy Merlin.", "fr", ("employer", "leroy merlin")),
    ("Curro en Zara desde marzo.", "es", ("employer", "zara")),
    ("Ich bin inzwischen bei Bosch.", "de", ("employer", "bosch")),
    ("Ich bin jetzt bei Oma.", "de", None),  # at grandma's
    ("Ich arbeite bei der Post.", "de", ("employer", "post")),
    ("Tô trabalhando na Ambev.", "pt", ("employer", "ambev")),
    ("Inzwischen wohne ich in Kassel.", "de", ("residence", "kassel")),
    ("On s'est installés à Angers.", "fr", ("residence", "angers")),
    ("Estamos morando em Campinas.", "pt", ("residence", "campinas")),
    ("Adesso stiamo a Trieste.", "it", ("residence", "trieste")),
    ("Adesso sto a Roma per lavoro.", "it", None),  # a stay for work
    ("I've gone back to eating beef.", "en", ("diet", "omnivore")),
    ("I retired last spring.", "en", ("job", "not")),
    ("I retired the old laptop.", "en", None),
    ("Me jubilé en 2024.", "es", ("job", "not")),
    ("Tengo un Seat León.", "es", ("has:seat leon", "seat leon")),
    ("Ho preso una Vespa.", "it", ("has:vespa", "vespa")),
    ("J'ai arrêté le sucre.", "fr", ("ended:sucre", "not sucre")),
    ("I traded my Vespa for a Honda scooter.", "en", ("tool:vespa", "honda scooter")),
    ("Peppa è morta a febbraio.", "it", ("gone:peppa", "not peppa")),
    ("Luna ist im Winter gestorben.", "de", ("gone:luna", "not luna")),
    ("Perdemos o Bolinha em março.", "pt", ("gone:bolinha", "not bolinha")),
    ("Tenemos una perrita que se llama Nala.", "es", ("name:dog", "nala")),
    ("J'ai une chatte, elle s'appelle Pixel.", "fr", ("name:cat", "pixel")),
    ("Wir haben einen Kater namens Moritz.", "de", ("name:cat", "moritz")),
    ("Temos uma gata chamada Mia.", "pt", ("name:cat", "mia")),
    ("Abbiamo un cane di nome Birba.", "it", ("name:dog", "birba")),
    ("Hemos adoptado un gato, Chispa.", "es", ("name:cat", "chispa")),
    ("Abbiamo preso anche un gatto, Luna.", "it", None),  # a second pet: no slot of the first
    ("We lost 2-0 to Leeds.", "en", None),
    ("It died on me halfway.", "en", None),
])
def test_slots_of_what_is_true_now(text: str, lang: str, slot: tuple[str, str] | None) -> None:
    assert slot_of(text, lang) == slot


@pytest.mark.parametrize(("earlier", "later", "lang"), [
    ("Sono commessa in un negozio.", "Sono diventata ostetrica.", "it"),
    ("Soy dependienta.", "Me hice peluquera.", "es"),
    ("Je suis serveuse.", "Je suis devenue coiffeuse.", "fr"),
    ("Ich bin Verkäufer.", "Ich bin Polizist geworden.", "de"),
    ("Sou garçom.", "Virei eletricista.", "pt"),
    ("Je travaille chez Total.", "Maintenant je bosse chez Engie.", "fr"),
    ("Trabalho na Natura.", "Agora tô trabalhando na Ambev.", "pt"),
    ("Ich arbeite bei Aldi.", "Ich habe bei Aldi gekündigt und arbeite jetzt bei Rewe.", "de"),
    ("I drink a glass of wine with dinner.", "I've given up booze for good.", "en"),
    ("I drink a couple of ciders on Fridays.", "I've cut out alcohol.", "en"),
])
def test_a_later_value_said_so_replaces_the_earlier(earlier: str, later: str,
                                                    lang: str) -> None:
    assert replaces(slot_of(earlier, lang), slot_of(later, lang), later)


def test_giving_up_alcohol_leaves_coffee_and_tea() -> None:
    assert not replaces(slot_of("I drink coffee every morning", "en"),
                        slot_of("I've cut out alcohol", "en"), "I've cut out alcohol")


def test_a_thing_sold_and_one_got_in_one_clause_is_one_fact_holding_both() -> None:
    from kore_pipeline.extract.patterns import extract_facts

    facts = extract_facts("I sold my Clio and bought a Polo last week.", "en")
    assert [f.content for f in facts] == ["I sold my Clio and bought a Polo last week"]
    assert slot_of(facts[0].content, "en") == ("tool:clio", "polo")
    assert slot_of("Tenho um iPad.", "pt") == ("has:ipad", "ipad")


@pytest.mark.parametrize(("text", "lang"), [
    ("Non ho venduto la Panda.", "it"),
    ("Não estou trabalhando na Ambev.", "pt"),
    ("Non sono diventata insegnante.", "it"),
    ("Non mangio carne.", "it"),  # not a meat eater's diet
    ("No he dejado el pádel.", "es"),
])
def test_a_negated_change_is_no_fact_of_it_and_sets_no_slot(text: str, lang: str) -> None:
    from kore_pipeline.extract.patterns import extract_facts, slot_text

    assert slot_of(text, lang) is None
    assert all(slot_of(slot_text(f.content, lang), lang) is None
               for f in extract_facts(text, lang))


def test_a_thing_replaced_or_given_up_ends_what_named_it_through_the_store(
        tmp_path: Path) -> None:
    """The car said as had and the sport as played end when the thing is sold or given
    up; a second thing bought, another thing sold and a relative's ending leave them."""
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "Tengo un Citroën C3.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "Juego al baloncesto los jueves.", "m2", "2026-01-10T10:00:00Z")
    _say(conn, "Juego al ajedrez online.", "m3", "2026-01-10T11:00:00Z")
    _say(conn, "I work at Halfords.", "m4", "2026-01-10T12:00:00Z")
    _say(conn, "Mi hermano dejó el baloncesto.", "m5", "2026-03-01T09:00:00Z")
    _say(conn, "Vendí la bici vieja.", "m6", "2026-03-02T09:00:00Z")
    assert set(_facts(conn).values()) == {"active"}
    _say(conn, "Cambié el C3 por un Dacia Spring.", "m7", "2026-05-10T09:00:00Z")
    _say(conn, "He dejado el baloncesto, me duele la rodilla.", "m8", "2026-05-11T09:00:00Z")
    _say(conn, "I left Halfords in April.", "m9", "2026-05-12T09:00:00Z")
    facts = _facts(conn)
    assert facts["Tengo un Citroën C3"] == "superseded"
    assert facts["Cambié el C3 por un Dacia Spring"] == "active"
    assert facts["Juego al baloncesto los jueves"] == "superseded"
    assert facts["Juego al ajedrez online"] == "active"  # not what was given up
    assert facts["I work at Halfords"] == "superseded"


def test_a_pet_that_died_ends_its_name_and_a_second_pet_leaves_it(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "We have a dog called Rufus.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I have a tortoise called Shelly.", "m2", "2026-01-10T10:00:00Z")
    _say(conn, "We've got a parrot called Kiwi now.", "m3", "2026-03-10T10:00:00Z")
    _say(conn, "Our neighbours lost 3-1 on Sunday.", "m4", "2026-03-11T10:00:00Z")
    assert set(_facts(conn).values()) == {"active"}  # a second pet is no update
    _say(conn, "Rufus passed away in April, he was fourteen.", "m5", "2026-05-10T09:00:00Z")
    facts = _facts(conn)
    assert facts["We have a dog called Rufus"] == "superseded"
    assert facts["I have a tortoise called Shelly"] == "active"
    assert facts["Rufus passed away"] == "active"


def test_giving_up_alcohol_ends_the_drink_said_without_its_name(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "Ich trinke jeden Abend ein Glas Wein.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "Ich trinke morgens Kaffee.", "m2", "2026-01-10T10:00:00Z")
    _say(conn, "Mit dem Alkohol habe ich aufgehört.", "m3", "2026-05-10T09:00:00Z")
    facts = _facts(conn)
    assert facts["Ich trinke morgens Kaffee"] == "active"
    assert facts["Mit dem Alkohol habe ich aufgehört"] == "active"
    assert facts["Ich trinke jeden Abend ein Glas Wein"] == "superseded"
