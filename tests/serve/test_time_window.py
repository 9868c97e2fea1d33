"""A query that says when ("yesterday", "in July 2022") prefers what was said then."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher, SearchFilters
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl

NOW = "2026-12-01T18:00:00Z"


@pytest.fixture
def dentist_home(tmp_path: Path, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    """Months of talk about the dentist; yesterday's visit is said in a few plain words."""
    settings = KoreSettings(home=tmp_path / "home")
    write_jsonl(tmp_path / "logs" / "a.jsonl", [
        message("The dentist said my teeth are fine and I should floss more often.",
                message_id="m1", ts="2026-06-10T09:00:00Z", session="s1"),
        message("Booked the dentist for a cleaning, the dentist is always so kind to me.",
                message_id="m2", ts="2026-09-02T09:00:00Z", session="s2"),
        message("Went back to the clinic, they want to put a crown on my molar next month.",
                message_id="m3", ts="2026-11-30T10:00:00Z", session="s3"),
        message("We had a lovely walk by the lake with the dog this afternoon.",
                message_id="m4", ts="2026-11-30T16:00:00Z", session="s3"),
        message("The dentist in Leeds told me the crown was a mistake.", owner="other",
                message_id="x1", ts="2026-11-30T11:00:00Z", session="x"),
    ])
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    return settings


def _sources(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [s for h in hits for s in h.source_message_ids]


@pytest.mark.slow
def test_yesterday_finds_what_was_said_yesterday(dentist_home: KoreSettings,
                                                 embedder) -> None:  # type: ignore[no-untyped-def]
    searcher = Searcher(dentist_home, embedder=embedder)
    try:
        plain = searcher.search("what did the dentist say?", "team-alpha", now=NOW,
                                reinforce=False)
        assert _sources(plain)[0] in ("m1", "m2")      # without a time: the best match
        hits = searcher.search("what did the dentist say yesterday?", "team-alpha", now=NOW,
                               reinforce=False)
        assert _sources(hits)[0] == "m3"               # said yesterday, without "dentist"
        assert hits[0].explain["in_time_window"] == "yesterday"
        assert "x1" not in _sources(hits)              # the window never crosses owners
        told = searcher.search("I was at the dentist yesterday and my tooth still hurts.",
                               "team-alpha", now=NOW, reinforce=False)
        assert all("in_time_window" not in h.explain for h in told)   # a statement: its time
        older = searcher.search("what did the dentist say in June?", "team-alpha", now=NOW,
                                reinforce=False)
        assert _sources(older)[0] == "m1"
        # the window narrows within the caller's own filters, never beyond them
        narrowed = searcher.search("what did the dentist say yesterday?", "team-alpha",
                                   now=NOW, reinforce=False,
                                   filters=SearchFilters(until="2026-10-01T00:00:00Z"))
        assert "m3" not in _sources(narrowed) and _sources(narrowed)
    finally:
        searcher.close()


@pytest.mark.slow
def test_time_boost_zero_reads_time_words_as_words(dentist_home: KoreSettings,
                                                   embedder) -> None:  # type: ignore[no-untyped-def]
    plain = dentist_home.model_copy(update={"time_boost": 0.0})
    searcher = Searcher(plain, embedder=embedder)
    try:
        hits = searcher.search("what did the dentist say yesterday?", "team-alpha", now=NOW,
                               reinforce=False)
        assert _sources(hits)[0] != "m3"
        assert all("in_time_window" not in h.explain for h in hits)
    finally:
        searcher.close()


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "what did the dentist say on 30.11.2026?", "what did the dentist say on 11/30/2026?",
    "what did the dentist say on 2026-11-30?", "what did the dentist say on 30/11?",
    "what did the dentist say on the 30th?", "what did the dentist say on 30 November?",
    "cosa ha detto il dentista il 30 novembre?", "¿qué dijo el dentista el 30 de noviembre?",
    "what did the dentist say last Monday?"])
def test_a_day_as_people_write_it_ranks_that_days_turns_first(
        dentist_home: KoreSettings, embedder, question: str) -> None:  # type: ignore[no-untyped-def]
    searcher = Searcher(dentist_home, embedder=embedder)
    try:
        hits = searcher.search(question, "team-alpha", now=NOW, reinforce=False)
    finally:
        searcher.close()
    assert _sources(hits)[0] in ("m3", "m4")       # the two turns said on 30 November
    assert "in_time_window" in hits[0].explain
