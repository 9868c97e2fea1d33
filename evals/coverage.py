"""Extraction coverage: the share of explicit first-person statements that yield a fact.

Two hand-written lists, run through ``extract.patterns.extract_facts`` (no model, no store):

* :mod:`.coverage_cases` (``POSITIVE``/``NEGATIVE``): the statements the extractor was
  written against (issue 13 item 4);
* :mod:`.coverage_extra` (``EXTRA_POSITIVE``/``EXTRA_NEGATIVE``): statements of classes that
  list did not hold, written afterwards and never used to tune the extractor (its held-out
  check);
* :mod:`.coverage_heldout` (``HELDOUT_POSITIVE``/``HELDOUT_NEGATIVE``): other wordings of the
  classes closed after the extra list's misses, written before those rows (their check);
* :mod:`.coverage_blind` (``BLIND_POSITIVE``/``BLIND_NEGATIVE``): chat-register statements
  written before reading the patterns or the lists above, reported apart (``blind``) and
  not in ``all``, so the tuned lists' figure stays comparable across rounds (the third
  round was then tuned on it); ``FINAL_POSITIVE``/``FINAL_NEGATIVE`` of the same module,
  written after that round and never used to tune, are ``blind_final``;
* :mod:`.coverage_chat` (``CHAT_POSITIVE``/``CHAT_NEGATIVE``): English as typed in chats (no
  apostrophes, "gonna", dropped subjects, run-ons), written before reading how the extractor
  handles chat spelling, reported apart (``chat``) and not in ``all``;
  ``CHAT_FINAL_POSITIVE``/``CHAT_FINAL_NEGATIVE``, written after its rules by their author
  and never used to tune them, are ``chat_final``;
* :mod:`.coverage_plans` (``PLANS_POSITIVE``/``PLANS_NEGATIVE``): plans and intentions ("I'm
  going to …", "I plan to …", "voy a …"), written before the extractor read them, reported
  apart (``plans``); ``PLANS_FINAL_*``, written after their rules, are ``plans_final``;
* :mod:`.coverage_prefs` (``PREFS_POSITIVE``/``PREFS_NEGATIVE``): idioms of taste ("I'm more of
  a tea person", "nothing beats X", "X isn't my thing", "je suis fan de"), written before the
  rules that read them, reported apart (``prefs``); ``PREFS_FINAL_*`` are ``prefs_final``;
* :mod:`.coverage_typed` (``TYPED_POSITIVE``/``TYPED_NEGATIVE``): statements as people type
  them (chat spelling, slang, emoji, five other languages) and other people's facts as
  negatives, written before reading the rows of issue 20c, reported apart (``typed``).

A positive is *covered* when it yields a fact of the expected category whose clause holds
the expected phrase (case-insensitive); *any fact* relaxes that to a fact of any category
holding the phrase. A negative (small talk, questions, stock phrases) must yield no fact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from evals.coverage_blind import (
    BLIND_NEGATIVE,
    BLIND_POSITIVE,
    FINAL_NEGATIVE,
    FINAL_POSITIVE,
)
from evals.coverage_cases import NEGATIVE, POSITIVE
from evals.coverage_chat import (
    CHAT_FINAL_NEGATIVE,
    CHAT_FINAL_POSITIVE,
    CHAT_NEGATIVE,
    CHAT_POSITIVE,
)
from evals.coverage_extra import EXTRA_NEGATIVE, EXTRA_POSITIVE
from evals.coverage_heldout import HELDOUT_NEGATIVE, HELDOUT_POSITIVE
from evals.coverage_plans import (
    PLANS_FINAL_NEGATIVE,
    PLANS_FINAL_POSITIVE,
    PLANS_NEGATIVE,
    PLANS_POSITIVE,
)
from evals.coverage_prefs import (
    PREFS_FINAL_NEGATIVE,
    PREFS_FINAL_POSITIVE,
    PREFS_NEGATIVE,
    PREFS_POSITIVE,
)
from evals.coverage_typed import TYPED_NEGATIVE, TYPED_POSITIVE

Extract = Callable[[str, str], Sequence[Any]]
Positive = tuple[str, str, str, str]


def covers(extract: Extract, text: str, lang: str, category: str, phrase: str) -> bool:
    """Does ``text`` yield a fact of ``category`` whose clause holds ``phrase``?"""
    return any(f.category == category and phrase.lower() in f.content.lower()
               for f in extract(text, lang))


def coverage(extract: Extract, positive: Sequence[Positive] = POSITIVE,
             negative: Sequence[tuple[str, str]] = NEGATIVE
             ) -> tuple[float, list[str], list[str]]:
    """Share of ``positive`` covered, the positives missed, the negatives that gave a fact."""
    missed = [t for t, lang, cat, phrase in positive if not covers(extract, t, lang, cat, phrase)]
    false = [t for t, lang in negative if extract(t, lang)]
    return 1 - len(missed) / len(positive) if positive else 0.0, missed, false


def case_list_figures(extract: Extract, positive: Sequence[Sequence[str]],
                      negative: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Covered / any-fact counts, the misses (with what was extracted) and false facts.

    ``positive`` rows are (text, lang, category, phrase[, class]); the optional fifth field
    groups the figures by statement class.
    """
    covered = any_fact = 0
    missed: list[dict[str, Any]] = []
    by_class: dict[str, dict[str, int]] = {}
    for row in positive:
        text, lang, category, phrase = row[:4]
        facts = list(extract(text, lang))
        ok = any(f.category == category and phrase.lower() in f.content.lower() for f in facts)
        loose = any(phrase.lower() in f.content.lower() for f in facts)
        covered += ok
        any_fact += loose
        counts = by_class.setdefault(row[4] if len(row) > 4 else "", {"n": 0, "covered": 0})
        counts["n"] += 1
        counts["covered"] += ok
        if not ok:
            missed.append({"text": text, "lang": lang, "expected": category, "phrase": phrase,
                           "class": row[4] if len(row) > 4 else "",
                           "got": [f"{f.category}: {f.content}" for f in facts]})
    false = [{"text": t, "lang": lang, "got": [f"{f.category}: {f.content}"
                                                for f in extract(t, lang)]}
             for t, lang in negative if extract(t, lang)]
    n = len(positive)
    return {"statements": n, "covered": covered, "coverage": covered / n if n else 0.0,
            "any_fact": any_fact, "any_fact_coverage": any_fact / n if n else 0.0,
            "negatives": len(negative), "false_facts": len(false),
            "by_class": {k: v for k, v in by_class.items() if k}, "missed": missed,
            "false": false}


def evaluate_coverage(extract: Extract | None = None) -> dict[str, Any]:
    """Coverage figures of each list and of all together (``extract_facts`` by default)."""
    if extract is None:
        from kore_pipeline.extract.patterns import extract_facts

        extract = extract_facts
    lists: dict[str, tuple[Sequence[Sequence[str]], Sequence[tuple[str, str]]]] = {
        "original": (POSITIVE, NEGATIVE), "extra": (EXTRA_POSITIVE, EXTRA_NEGATIVE),
        "heldout": (HELDOUT_POSITIVE, HELDOUT_NEGATIVE),
        "all": ([*POSITIVE, *EXTRA_POSITIVE, *HELDOUT_POSITIVE],
                [*NEGATIVE, *EXTRA_NEGATIVE, *HELDOUT_NEGATIVE]),
        "blind": (BLIND_POSITIVE, BLIND_NEGATIVE),
        "blind_final": (FINAL_POSITIVE, FINAL_NEGATIVE),
        "chat": (CHAT_POSITIVE, CHAT_NEGATIVE),
        "chat_final": (CHAT_FINAL_POSITIVE, CHAT_FINAL_NEGATIVE),
        "plans": (PLANS_POSITIVE, PLANS_NEGATIVE),
        "plans_final": (PLANS_FINAL_POSITIVE, PLANS_FINAL_NEGATIVE),
        "prefs": (PREFS_POSITIVE, PREFS_NEGATIVE),
        "prefs_final": (PREFS_FINAL_POSITIVE, PREFS_FINAL_NEGATIVE),
        "typed": (TYPED_POSITIVE, TYPED_NEGATIVE)}
    out = {name: case_list_figures(extract, pos, neg) for name, (pos, neg) in lists.items()}
    del out["all"]["missed"], out["all"]["false"], out["all"]["by_class"]
    return out
