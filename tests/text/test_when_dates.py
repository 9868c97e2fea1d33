"""Dates as people type them in questions (numeric, ordinal, day and month names in seven
languages) and weekdays relative to the question's clock, each read as that day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kore_pipeline.text.when import question_window

NOW = datetime(2024, 1, 30, 12, 0, tzinfo=UTC)  # a Tuesday


def _day(query: str) -> str | None:
    window = question_window(query, NOW)
    if window is None:
        return None
    assert (window.end - window.start).days == 1, window
    return window.start.date().isoformat()


@pytest.mark.parametrize("query", [
    "Where is Paola planning to go on 16.01.2024?",
    "What did she explore on 01/16/2024?",
    "What happened on 2024-01-16?",
    "Where was Paola on 16/1?",
    "What did Paola do on the 16th?",
    "What did we talk about on 16 January?",
    "Cosa abbiamo fatto il 16 gennaio?",
    "¿Qué hicimos el 16 de enero?",
    "Qu'avons-nous fait le 16 janvier ?",
    "Was haben wir am 16. Januar gemacht?",
    "O que fizemos em 16 de janeiro?",
    "Wat deden we op 16 januari?",
    "Cosa ho fatto il 16/01/2024?",
    "Was war am 16.1.2024 los?",
    "What did Paola say on 16/01/24?",
])
def test_a_day_in_every_form(query: str) -> None:
    assert _day(query) == "2024-01-16"


@pytest.mark.parametrize(("query", "day"), [
    ("What did I do on 02/01/2024?", "2024-02-01"),          # English: month first
    ("Cosa ho fatto il 02/01/2024?", "2024-01-02"),          # Italian: day first
    ("¿Qué pasó el 02/01/2024?", "2024-01-02"),
    ("Qu'est-ce qui s'est passé le 02/01/2024 ?", "2024-01-02"),
    ("What did I do on 13/01/2024?", "2024-01-13"),          # only one reading is a date
    ("What did we plan on 02.01.2024?", "2024-01-02"),       # dots: day first everywhere
])
def test_day_or_month_first_by_validity_then_language(query: str, day: str) -> None:
    assert _day(query) == day


@pytest.mark.parametrize("query", [
    "What did I say last Tuesday?", "Cosa ho detto martedì scorso?",
    "¿Qué dije el martes pasado?", "Qu'est-ce que j'ai dit mardi dernier ?",
    "Was habe ich letzten Dienstag gesagt?", "O que eu disse na terça passada?",
    "Wat zei ik vorige dinsdag?", "What did I say on Tuesday?",
])
def test_a_weekday_is_the_last_one_before_the_clocks_day(query: str) -> None:
    assert _day(query) == "2024-01-23"


@pytest.mark.parametrize("query", [
    "Is the shop open 24/7?", "How do I make 1/2 cup of sugar?", "What is 3.5 plus 2?",
    "What changed in version 2.0.1?", "Did I pay 16/20 of the rent?",
    "What did I score, 7/10?", "Which phone has 12/256 GB?",
    "What did we read about the 20th century?", "Where was the 25th anniversary party?",
])
def test_numbers_that_are_no_dates(query: str) -> None:
    assert _day(query) is None


def test_a_future_day_of_this_month_is_last_months() -> None:
    assert _day("What did I do on the 31st?") == "2023-12-31"
    assert _day("What did I do on the 30th?") == "2024-01-30"
