"""What a later statement ends or replaces in the six languages we read, and the
transitions stated without an ending word, through the real extraction and store."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.text.slots import slot_of, supersedes
from tests.helpers import message

S = KoreSettings()


def _say(conn, text: str, mid: str, ts: str) -> object:  # type: ignore[no-untyped-def]
    recs = [normalise(message(text, message_id=mid, ts=ts), S, "t.jsonl", 1)]
    return upsert_memories(conn, extract_memories(recs, S), ts)


def _facts(conn) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Factual memories: content -> status."""
    return {r[0]: r[1] for r in conn.execute(
        "SELECT content, status FROM memories WHERE type = 'factual' ORDER BY id")}


@pytest.mark.parametrize(("earlier", "later", "lang"), [
    ("Bevo due caffè al giorno.", "Non bevo più caffè, mi agitava troppo.", "it"),
    ("Nuoto in piscina il martedì.", "Ho smesso di nuotare, non ho più tempo.", "it"),
    ("Juego al baloncesto con mis amigos.", "Ya no juego al baloncesto.", "es"),
    ("Bebo mucha cerveza los fines de semana.", "He dejado de beber cerveza.", "es"),
    ("Je joue du piano depuis l'enfance.", "Je ne joue plus du piano.", "fr"),
    ("Je fume la pipe le soir.", "J'ai arrêté de fumer en octobre.", "fr"),
    ("Ich laufe jeden Morgen fünf Kilometer.", "Ich laufe nicht mehr, mein Knie macht das"
     " nicht mit.", "de"),
    ("Ich trinke viel Cola.", "Ich habe aufgehört, Cola zu trinken.", "de"),
    ("Eu corro todos os sábados.", "Já não corro, por causa das costas.", "pt"),
    ("Sou vegetariana há dez anos.", "Não sou mais vegetariana.", "pt"),
])
def test_an_ending_in_another_language_ends_the_habit_it_names(earlier: str, later: str,
                                                               lang: str) -> None:
    assert supersedes(slot_of(earlier, lang), slot_of(later, lang)), (
        slot_of(earlier, lang), slot_of(later, lang))


@pytest.mark.parametrize(("earlier", "later", "lang"), [
    ("Gioco a scacchi.", "Non gioco più a tennis.", "it"),  # another game
    ("Vivo a Bari.", "Non vivo più a Lecce.", "it"),  # another place
    ("Bebo té verde.", "Mi padre dejó de beber.", "es"),  # someone else
    ("Je bois du thé.", "Tu ne bois plus de café ?", "fr"),  # a question to the other
    ("Ich spiele Schach.", "Meine Frau spielt kein Schach mehr.", "de"),
    ("Eu fumo charuto.", "O meu pai parou de fumar.", "pt"),
])
def test_an_ending_of_something_else_or_of_someone_else_leaves_the_fact(
        earlier: str, later: str, lang: str) -> None:
    assert not supersedes(slot_of(earlier, lang), slot_of(later, lang))


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("Ich bin Veganerin.", "de", ("diet", "vegan")),
    ("Je suis végétalienne.", "fr", ("diet", "vegan")),
    ("Sono vegetariano da anni.", "it", ("diet", "vegetarian")),
    ("Ich esse wieder Fleisch.", "de", ("diet", "omnivore")),
    ("Estoy casada desde 2019.", "es", ("relationship", "married")),
    ("Nous nous sommes séparés l'an dernier.", "fr", ("relationship", "separated")),
    ("Ci siamo sposati a settembre.", "it", ("relationship", "married")),
    ("Wir haben im Mai geheiratet.", "de", ("relationship", "married")),
    ("Ich bin gerade 45 geworden.", "de", ("age", "45")),
    ("Cumplí 60 el domingo.", "es", ("age", "60")),
    ("Je conduis une Renault Clio.", "fr", ("car", "renault clio")),
    ("Me and Sam split up in March.", "en", ("relationship", "single")),
    ("I'm out of work since the factory closed.", "en", ("employer", "not")),
    ("We live near Harrogate.", "en", ("residence", "harrogate")),
    ("I've started doing yoga instead of pilates.", "en", ("tool:pilates", "yoga")),
    ("I quit smoking two weeks ago.", "en", ("habit:smoke", "not")),
    ("We split up the bill.", "en", None),
    ("I'm single-handedly running the stall.", "en", None),
    ("I'm seeing someone about my back tomorrow.", "en", None),
])
def test_slots_of_the_five_languages_and_of_transitions(text: str, lang: str,
                                                        slot: tuple[str, str] | None) -> None:
    assert slot_of(text, lang) == slot


def test_a_stop_in_another_language_supersedes_through_the_store(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "Fumo una decina di sigarette al giorno.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "Gioco a padel il sabato.", "m2", "2026-01-11T09:00:00Z")
    _say(conn, "Ho smesso di fumare dopo Natale.", "m3", "2026-05-10T09:00:00Z")
    facts = _facts(conn)
    assert facts["Fumo una decina di sigarette al giorno"] == "superseded"
    assert facts["Ho smesso di fumare dopo Natale"] == "active"
    assert facts["Gioco a padel il sabato"] == "active"  # not what it ended


def test_a_status_ends_the_partner_it_rules_out_and_a_switch_ends_the_habit(
        tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "My girlfriend is called Maya.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "My dog is called Rolo.", "m2", "2026-01-10T10:00:00Z")
    _say(conn, "I play squash every Thursday.", "m3", "2026-01-11T09:00:00Z")
    _say(conn, "Maya and I split up in the spring.", "m4", "2026-06-10T09:00:00Z")
    _say(conn, "I've taken up badminton instead of squash.", "m5", "2026-06-11T09:00:00Z")
    facts = _facts(conn)
    assert facts["My girlfriend is called Maya"] == "superseded"
    assert facts["My dog is called Rolo"] == "active"
    assert facts["I play squash every Thursday"] == "superseded"
    assert facts["I've taken up badminton instead of squash"] == "active"


def test_an_ending_and_the_new_value_said_together_both_stay(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "Soy vegana.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "Ya no soy vegana, he vuelto a comer carne.", "m2", "2026-05-10T09:00:00Z")
    facts = _facts(conn)
    assert facts["Soy vegana"] == "superseded"
    assert [s for c, s in facts.items() if c != "Soy vegana"] == ["active", "active"], facts
