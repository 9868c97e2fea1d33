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
