"""Statements that end a fact: what they end, and that they end only that."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.text.endings import NO_OBJECT, ended_statements, ended_value, ends, is_ending


@pytest.mark.parametrize(("text", "first"), [
    ("I stopped eating sugar in March.", "I eat sugar in March."),
    ("We gave up the allotment.", "We the allotment."),
    ("I've given up jogging.", "I jog."),
    ("I quit swimming after the injury.", "I swim after the injury."),
    ("I'm no longer a member of the choir.", "I'm a member of the choir."),
    ("I don't commute by train anymore.", "I commute by train."),
])
def test_the_statement_ended_is_said_positively(text: str, first: str) -> None:
    assert ended_statements(text)[0] == first


@pytest.mark.parametrize("text", [
    "I stopped by the bakery.", "I stopped to think about it.", "I quit!",
    "My dad gave up smoking.", "I gave up on him.", "I drink coffee every morning.",
])
def test_a_stop_of_someone_else_or_of_no_habit_ends_nothing(text: str) -> None:
    assert ended_statements(text) == []


def test_an_ending_ends_only_what_it_names() -> None:
    assert ends("coffee", "not coffee")
    assert ends("coffee every morning", "not coffee")
    assert not ends("tea", "not coffee")
    assert not ends("vegetarian", "not vegan")
    assert ends("marathons", ended_value(NO_OBJECT))  # "I don't run anymore": any running
    assert not ends("not coffee", "not")  # an ending is not ended again


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)


@given(st.lists(_WORD, min_size=1, max_size=3).map(" ".join))
def test_every_value_is_ended_by_its_own_ending(value: str) -> None:
    said = ended_value(value)
    assert is_ending(said) and ends(value, said)


@given(st.lists(_WORD, min_size=1, max_size=6).map(" ".join))
def test_text_without_a_stop_word_ends_nothing(text: str) -> None:
    if not any(w in text for w in ("stop", "quit", "gave", "given", "longer", "more")):
        assert ended_statements(text) == []


@pytest.mark.parametrize(("text", "lang", "first"), [
    ("Non bevo più alcolici da quando è nato Marco.", "it",
     "bevo alcolici da quando è nato Marco."),
    ("Ho smesso di correre dopo l'operazione.", "it", "corro dopo l'operazione."),
    ("Ya no juego al pádel los domingos.", "es", "juego al pádel los domingos."),
    ("He dejado de beber refrescos.", "es", "bebo refrescos."),
    ("Je ne joue plus au tennis le samedi.", "fr", "je joue au tennis le samedi."),
    ("Je n'habite plus à Toulouse.", "fr", "j'habite à Toulouse."),
    ("J'ai arrêté de fumer l'été dernier.", "fr", "je fume l'été dernier."),
    ("Ich trinke seit dem Urlaub keinen Kaffee mehr.", "de",
     "ich trinke seit dem Urlaub Kaffee."),
    ("Ich habe vor einem Jahr aufgehört zu rauchen.", "de", "ich rauche."),
    ("Ich bin keine Veganerin mehr.", "de", "ich bin Veganerin."),
    ("Não jogo mais ténis, dói-me o ombro.", "pt", "jogo ténis, dói-me o ombro."),
    ("Parei de ser vegetariano em agosto.", "pt", "sou vegetariano em agosto."),
])
def test_an_ending_in_another_language_is_said_positively(text: str, lang: str,
                                                          first: str) -> None:
    assert ended_statements(text, language=lang) == [first]


@pytest.mark.parametrize(("text", "lang"), [
    ("Mia sorella ha smesso di fumare.", "it"),  # someone else
    ("Non ne posso più di questo caldo.", "it"),  # "I can't stand it", not an ending
    ("Non mangio più di due uova a settimana.", "it"),  # "no more than"
    ("No bebo más que agua.", "es"),  # "only water"
    ("¿Ya no vives en Madrid?", "es"),  # a question, to the other person
    ("Tu ne fumes plus ?", "fr"),
    ("Je ne bois plus que du thé.", "fr"),  # "only tea"
    ("Er raucht nicht mehr.", "de"),
    ("A minha mãe deixou de fumar.", "pt"),
])
def test_someone_else_s_stop_or_a_limit_ends_nothing_of_the_user(text: str, lang: str) -> None:
    from kore_pipeline.text.slots import slot_of

    ended = ended_statements(text, language=lang)
    assert not ended or slot_of(text, lang) is None


_ENDING_WORDS = ("più", "smess", "ya no", "más", "dej", "plus", "arrêt", "cess", "mehr",
                 "aufgehört", "mais", "não", "deixei", "parei", "larguei")


@given(st.lists(_WORD, min_size=1, max_size=6).map(" ".join),
       st.sampled_from(["it", "es", "fr", "de", "pt"]))
def test_other_languages_text_without_an_ending_word_ends_nothing(text: str, lang: str) -> None:
    if not any(w in text for w in _ENDING_WORDS + ("stop", "quit", "gave", "given", "longer",
                                                   "more")):
        assert ended_statements(text, language=lang) == []
