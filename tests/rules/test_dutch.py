"""Dutch, the language added from one grammar file: a Dutch chat message is detected as
Dutch and gives the facts a Dutch speaker said of themself, and German or English messages
keep theirs."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.facts import memories_from_message
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.rules import GRAMMARS, LANGUAGES
from kore_pipeline.settings import KoreSettings
from kore_pipeline.text.language import PATTERN_LANGUAGES, detect_language


def _facts(text: str) -> list[tuple[str, str, str]]:
    msg = {"owner": "o", "conversation_id": "c", "session_id": "s", "message_id": "m1",
           "ts": "2026-01-01T00:00:00+00:00", "role": "user", "text": text}
    return [(m.category or "", m.content, m.language or "")
            for m in memories_from_message(msg, KoreSettings()) if m.type == "factual"]


def test_dutch_is_registered_and_detected() -> None:
    assert "nl" in LANGUAGES and "nl" in PATTERN_LANGUAGES
    assert len(GRAMMARS["nl"].rules) >= 40
    assert detect_language("ik woon sinds vorig jaar in Leiden en werk bij de gemeente") == "nl"


def test_a_dutch_chat_message_gives_its_facts() -> None:
    facts = _facts("Hoi! Sinds maart woon ik in Haarlem. Ik werk als verpleegkundige en "
                   "ik ben vegetariër. Mijn hond heet Bobbie.")
    assert {lang for _, _, lang in facts} == {"nl"}
    contents = " | ".join(c.casefold() for _, c, _ in facts)
    for said in ("haarlem", "verpleegkundige", "vegetariër", "bobbie"):
        assert said in contents, (said, facts)
    assert {cat for cat, _, _ in facts} == {"profile"}


@pytest.mark.parametrize(("text", "category", "said"), [
    ("ik hou echt van lange fietstochten", "preference", "fietstochten"),
    ("Ik heb een hekel aan vroeg opstaan.", "preference", "vroeg opstaan"),
    ("We hebben gekozen voor een warmtepomp.", "decision", "warmtepomp"),
    ("Elke zondag bak ik brood.", "habit", "brood"),
    ("werk sinds 2020 bij de Rabobank", "profile", "rabobank"),
])
def test_dutch_statements_of_each_kind(text: str, category: str, said: str) -> None:
    facts = _facts(text)
    assert any(cat == category and said in c.casefold() for cat, c, _ in facts), facts


@pytest.mark.parametrize("text", [
    "Woon jij ook in Utrecht?",
    "Ik vind het leuk dat je er bent.",
])
def test_dutch_questions_and_pronouns_give_no_fact(text: str) -> None:
    assert not _facts(text)


def test_a_dutch_dislike_is_a_dislike_not_a_like() -> None:
    found = [(f.trigger, f.polarity) for f in extract_facts("Ik hou niet van jazz.", "nl")]
    assert found == [("nl.preference.dislike.hou_niet_van", "-")]


@pytest.mark.parametrize(("text", "lang"), [
    ("Ich wohne in Köln und arbeite bei der Post.", "de"),
    ("I live in Leeds and I work at the hospital.", "en"),
])
def test_dutch_does_not_take_german_or_english(text: str, lang: str) -> None:
    facts = _facts(text)
    assert facts and {fact_lang for _, _, fact_lang in facts} == {lang}
