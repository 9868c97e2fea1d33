"""A statement before a chat question in one sentence is still a statement."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.patterns import extract_facts


@pytest.mark.parametrize(("text", "lang", "fact"), [
    ("just moved to porto last month, any tips for finding a good dentist?", "en",
     "porto"),
    ("I'm vegetarian, any recipe ideas?", "en", "vegetarian"),
    ("I work in labor and delivery, what about you?", "en", "labor and delivery"),
    ("I prefer tea, what about you?", "en", "tea"),
    ("vivo en Madrid, ¿me recomiendas un gimnasio?", "es", "Madrid"),
])
def test_the_statement_before_a_question_gives_its_fact(text: str, lang: str, fact: str) -> None:
    assert fact in [f.fact for f in extract_facts(text, lang)]


@pytest.mark.parametrize("text", [
    "can you help me, I live in Leeds?",
    "what do you think, should I move to Leeds?",
    "Do you like sushi?",
    "would you say I love my job, honestly?",
])
def test_a_question_gives_no_fact(text: str) -> None:
    assert extract_facts(text, "en") == []


@pytest.mark.parametrize(("text", "lang", "phrase"), [
    ("been living in cardiff for ages and i still cant find a decent barber??", "en", "cardiff"),
    ("honestly i work at ikea and we never get weekends off, is that legal?", "en", "ikea"),
    ("sono vegano da anni ma mia madre non lo accetta, come glielo spiego?", "it", "vegano"),
    ("vivo en granada y quiero aprender a surfear, ¿dónde voy?", "es", "granada"),
])
def test_a_statement_clause_before_a_question_clause_gives_its_fact(text: str, lang: str,
                                                                   phrase: str) -> None:
    assert any(phrase in f.fact for f in extract_facts(text, lang))


@pytest.mark.parametrize(("text", "lang", "phrase"), [
    ("trabalho na petrobras há 3 anos kkkk alguém sabe de plano de saúde bom?", "pt", "petrobras"),
    ("ik woon in utrecht haha wat zijn leuke cafés?", "nl", "utrecht"),
    ("vivo a torino ahahah mi consigli un ristorante piemontese?", "it", "torino"),
])
def test_a_laugh_ends_the_statement_before_a_question(text: str, lang: str, phrase: str) -> None:
    assert any(phrase in f.fact for f in extract_facts(text, lang))


def test_a_question_after_and_is_still_no_fact() -> None:
    assert extract_facts("what should i cook if i'm hosting and my kids hate fish?", "en") == []


@pytest.mark.parametrize(("text", "lang"), [
    ("come si dice 'vivo a genova e lavoro in porto' in tedesco?", "it"),
    ("cómo se dice 'trabajo en una farmacia y vivo en cádiz' en francés?", "es"),
])
def test_a_quote_in_a_question_is_not_cut_into_a_statement(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []
