"""Extraction coverage: the share of explicit first-person statements that yield a fact.

Every statement list of ``evals/cases/`` (:func:`evals.cases.coverage_files`: each
``coverage-*.jsonl`` and ``unseen-statements.jsonl``) is run through
``extract.patterns.extract_facts`` (no model, no store) and reported under its file stem;
``evals/cases/README.md`` says who wrote each list when and whether rules were tuned on it.
``all`` sums the lists of :data:`ALL` (the statements the extractor was written against and
its first two held-out lists), so the tuned lists' figure stays comparable across rounds.

A positive is *covered* when it yields a fact of the expected category (``kind``) whose
clause holds the expected phrase (case-insensitive); *any fact* relaxes that to a fact of
any category holding the phrase. A negative (small talk, questions, stock phrases, other
people's facts) must yield no fact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from evals.cases import CASES_DIR, Statement, negatives, positives, statement_lists

Extract = Callable[[str, str], Sequence[Any]]
ALL = ("coverage-tuned", "coverage-extra", "coverage-heldout")
"""The lists summed as ``all``, reported first."""
TUNED = CASES_DIR / "coverage-tuned.jsonl"
"""The statements the extractor was written against."""


def covers(extract: Extract, statement: Statement) -> bool:
    """Does the statement yield a fact of its ``kind`` whose clause holds its phrase?"""
    phrase = statement.phrase.lower()
    return any(f.category == statement.kind and phrase in f.content.lower()
               for f in extract(statement.text, statement.lang))


def coverage(extract: Extract, statements: Sequence[Statement]
             ) -> tuple[float, list[str], list[str]]:
    """Share of the positives covered, the positives missed, the negatives that gave a fact."""
    pos = positives(list(statements))
    missed = [s.text for s in pos if not covers(extract, s)]
    false = [s.text for s in negatives(list(statements)) if extract(s.text, s.lang)]
    return 1 - len(missed) / len(pos) if pos else 0.0, missed, false


def case_list_figures(extract: Extract, statements: Sequence[Statement]) -> dict[str, Any]:
    """Covered / any-fact counts, the misses (with what was extracted) and false facts,
    and the figures by statement class (of the positives that have one)."""
    covered = any_fact = 0
    missed: list[dict[str, Any]] = []
    by_class: dict[str, dict[str, int]] = {}
    pos, neg = positives(list(statements)), negatives(list(statements))
    for s in pos:
        facts = list(extract(s.text, s.lang))
        phrase = s.phrase.lower()
        ok = any(f.category == s.kind and phrase in f.content.lower() for f in facts)
        loose = any(phrase in f.content.lower() for f in facts)
        covered += ok
        any_fact += loose
        counts = by_class.setdefault(s.statement_class, {"n": 0, "covered": 0})
        counts["n"] += 1
        counts["covered"] += ok
        if not ok:
            missed.append({"text": s.text, "lang": s.lang, "expected": s.kind,
                           "phrase": s.phrase, "class": s.statement_class,
                           "got": [f"{f.category}: {f.content}" for f in facts]})
    false = [{"text": s.text, "lang": s.lang, "got": [f"{f.category}: {f.content}"
                                                      for f in extract(s.text, s.lang)]}
             for s in neg if extract(s.text, s.lang)]
    n = len(pos)
    return {"statements": n, "covered": covered, "coverage": covered / n if n else 0.0,
            "any_fact": any_fact, "any_fact_coverage": any_fact / n if n else 0.0,
            "negatives": len(neg), "false_facts": len(false),
            "by_class": {k: v for k, v in by_class.items() if k}, "missed": missed,
            "false": false}


def evaluate_coverage(extract: Extract | None = None,
                      folder: Path = CASES_DIR) -> dict[str, Any]:
    """Figures of every statement list of ``folder`` by file stem, and of ``all``
    (``extract_facts`` by default): the lists of :data:`ALL` first, then ``all``, then the
    others in :func:`evals.cases.coverage_files` order."""
    if extract is None:
        from kore_pipeline.extract.patterns import extract_facts

        extract = extract_facts
    lists = statement_lists(folder)
    first = [name for name in ALL if name in lists]
    out = {name: case_list_figures(extract, lists[name]) for name in first}
    if first:
        out["all"] = case_list_figures(extract, [s for name in first for s in lists[name]])
        del out["all"]["missed"], out["all"]["false"], out["all"]["by_class"]
    out.update({name: case_list_figures(extract, cases) for name, cases in lists.items()
                if name not in out})
    return out
