"""Time phrases of queries resolved against an explicit ``now`` (text/when)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.text.when import asks, query_window, question_window, without_phrase

NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)  # a Tuesday


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.mark.parametrize(("query", "phrase", "start", "end"), [
    ("What did I say about the dentist yesterday?", "yesterday", "2026-11-30", "2026-12-01"),
    ("what did we decide last week", "last week", "2026-11-23", "2026-11-30"),
    ("anything from last month?", "last month", "2026-11-01", "2026-12-01"),
    ("what did I tell you 3 days ago", "3 days ago", "2026-11-28", "2026-11-29"),
    ("what did I do last weekend", "last weekend", "2026-11-28", "2026-11-30"),
    ("what did I say on Monday", "on Monday", "2026-11-30", "2026-12-01"),
    ("on Tuesday I told you what?", "on Tuesday", "2026-11-24", "2026-11-25"),
    ("Where did Joanna travel to in July 2022?", "in July 2022", "2022-07-01", "2022-08-01"),
    ("What did Mel paint in July?", "in July", "2026-07-01", "2026-08-01"),
    ("plans made in January", "in January", "2026-01-01", "2026-02-01"),
    ("plans made in December", "in December", "2026-12-01", "2027-01-01"),
    ("What happened on 3 June, 2023?", "on 3 June, 2023", "2023-06-03", "2023-06-04"),
    ("the March 5, 2023 meeting", "March 5, 2023", "2023-03-05", "2023-03-06"),
    ("How many trips in 2023?", "in 2023", "2023-01-01", "2024-01-01"),
    ("the day before yesterday", "the day before yesterday", "2026-11-29", "2026-11-30"),
    ("cosa ho detto la settimana scorsa?", "la settimana scorsa", "2026-11-23", "2026-11-30"),
    ("che cosa ho comprato ieri", "ieri", "2026-11-30", "2026-12-01"),
    ("qué dije el mes pasado", "el mes pasado", "2026-11-01", "2026-12-01"),
    ("¿qué pasó hace tres días?", "hace tres días", "2026-11-28", "2026-11-29"),
    ("qu'est-ce que j'ai dit hier", "hier", "2026-11-30", "2026-12-01"),
    ("was habe ich letzten Monat gesagt", "letzten Monat", "2026-11-01", "2026-12-01"),
    ("am 3. Mai 2023", "am 3. Mai 2023", "2023-05-03", "2023-05-04"),
    ("o que eu disse em julho de 2022", "em julho de 2022", "2022-07-01", "2022-08-01"),
    ("el 5 de mayo de 2023", "el 5 de mayo de 2023", "2023-05-05", "2023-05-06"),
    ("on December 1,2023", "on December 1,2023", "2023-12-01", "2023-12-02"),
    # a day without its year: the latest one begun by now
    ("On May 2nd, I was upset. What caused it?", "On May 2nd", "2026-05-02", "2026-05-03"),
    ("What did we talk about on April 27th?", "on April 27th", "2026-04-27", "2026-04-28"),
    ("what did I do on 2 May?", "on 2 May", "2026-05-02", "2026-05-03"),
    ("what did I say on the 3rd of May", "on the 3rd of May", "2026-05-03", "2026-05-04"),
    ("the party on December 25th?", "on December 25th", "2025-12-25", "2025-12-26"),
    ("what happened on December 1st?", "on December 1st", "2026-12-01", "2026-12-02"),
    ("cosa ho fatto il 2 maggio?", "2 maggio", "2026-05-02", "2026-05-03"),
    ("was habe ich am 2. Mai gemacht", "am 2. Mai", "2026-05-02", "2026-05-03"),
    ("qu'ai-je fait le 2 mai ?", "le 2 mai", "2026-05-02", "2026-05-03"),
    # a vague count: a range, from twice it to one unit ago
    ("a few days ago I mentioned a park, what did I see?", "few days ago", "2026-11-25",
     "2026-12-01"),
])
def test_phrase_and_window(query: str, phrase: str, start: str, end: str) -> None:
    window = query_window(query, NOW)
    assert window is not None
    assert (window.phrase, window.start, window.end) == (phrase, day(start), day(end))
    assert query[window.span[0]:window.span[1]] == phrase


def test_windows_relative_to_the_clock() -> None:
    today = query_window("what did I say today", NOW)
    assert today is not None and (today.start, today.end) == (day("2026-12-01"), NOW)
    weeks = query_window("two weeks ago", NOW)
    assert weeks is not None and weeks.start < NOW - timedelta(days=14) < weeks.end
    couple = query_window("what did I say a couple of weeks ago?", NOW)  # 4 weeks to half a week
    assert couple is not None and (couple.start, couple.end) == (NOW - timedelta(days=28),
                                                                 NOW - timedelta(days=3.5))
    past = query_window("over the past 10 days", NOW)
    assert past is not None and (past.start, past.end) == (NOW - timedelta(days=10), NOW)


@pytest.mark.parametrize("query", [
    "Why did John join a march?",          # "march" the walk
    "What may I eat?",                     # "may" the verb
    "What's my Monday routine?",           # a habit, not a day
    "What do I like on Mondays?",
    "il mese prossimo cosa faccio?",       # the future: nothing was said then
    "what have I done recently?",          # vague: no window
    "I have 2023 photos",                  # a number, not "in 2023"
    "the 10 days trip",
    "What may 2 people do?",               # the verb and a number: no "on", no "2nd"
    "What time is the meeting, May 10:30?",
    "What happened on 31 February?",       # no such day
])
def test_no_window(query: str) -> None:
    assert query_window(query, NOW) is None


def test_an_absolute_date_wins_over_a_relative_phrase() -> None:
    window = query_window("Tim's issue last week, as mentioned on November 6, 2023?", NOW)
    assert window is not None and window.phrase == "on November 6, 2023"


def test_without_phrase_keeps_the_question() -> None:
    window = query_window("What did I say about the dentist yesterday?", NOW)
    assert window is not None
    assert without_phrase("What did I say about the dentist yesterday?", window) == \
        "What did I say about the dentist ?"
    alone = query_window("yesterday", NOW)
    assert alone is not None and without_phrase("yesterday", alone) == "yesterday"


@given(st.text(max_size=80), st.datetimes(min_value=datetime(1990, 1, 1),
                                          max_value=datetime(2090, 1, 1)))
def test_any_text_any_clock_gives_a_window_or_none(text: str, clock: datetime) -> None:
    now = clock.replace(tzinfo=UTC)
    window = query_window(text, now)
    if window is not None:
        assert window.start < window.end
        assert text[window.span[0]:window.span[1]] == window.phrase


@given(st.sampled_from(["in July 2022", "on 3 June, 2023", "in 2023", "am 3. Mai 2023"]),
       st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2090, 1, 1)))
def test_absolute_phrases_do_not_depend_on_the_clock(phrase: str, clock: datetime) -> None:
    a = query_window(f"what happened {phrase}?", clock.replace(tzinfo=UTC))
    b = query_window(f"what happened {phrase}?", NOW)
    assert a is not None and b is not None and (a.start, a.end) == (b.start, b.end)


@pytest.mark.parametrize(("query", "asked"), [
    ("What did I say about the dentist yesterday?", True),
    ("show me what we decided last week", True),
    ("cosa ho detto ieri", True),
    ("¿qué dije ayer", True),
    ("wann war ich letzten Monat beim Arzt", True),
    ("I went to the park yesterday and felt a bit sad.", False),   # a statement
    ("Yesterday I told my sister about the move.", False),
    (" ".join(["what"] + ["word"] * 45) + "?", False),              # a conversation, not a question
])
def test_only_a_question_or_request_names_when_it_was_said(query: str, asked: bool) -> None:
    assert asks(query) is asked
    assert (question_window(query, NOW) is not None) is asked
