"""Regression guards on the dev case lists of evals/cases: the lists rules were tuned on stay
covered, and the figures of the others do not fall below what they were when this guard was
written (``kore eval --sets coverage`` gives every figure). The extractor's own tests
(tests/extract) use small fixtures of their own."""

from __future__ import annotations

import pytest

from evals.cases import (
    CASES_DIR,
    Statement,
    UpdatePair,
    negatives,
    positives,
    read_statements,
    read_updates,
)
from evals.coverage import case_list_figures, covers
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.text.slots import slot_of, supersedes


def _read(*stems: str) -> list[Statement]:
    return [s for stem in stems for s in read_statements(CASES_DIR / f"{stem}.jsonl")]


TUNED = _read("coverage-tuned", "coverage-extra", "coverage-heldout")
"""The statements the first two coverage rounds were written against or closed."""
BLIND = _read("coverage-blind")


@pytest.mark.parametrize("case", positives(TUNED), ids=[s.text for s in positives(TUNED)])
def test_every_tuned_statement_yields_its_fact(case: Statement) -> None:
    assert covers(extract_facts, case), extract_facts(case.text, case.lang)


@pytest.mark.parametrize("case", negatives([*TUNED, *_read("coverage-blind",
                                                           "coverage-blind-final")]),
                         ids=lambda s: s.text)
def test_every_negative_of_the_tuned_and_blind_lists_yields_nothing(case: Statement) -> None:
    assert extract_facts(case.text, case.lang) == []


@pytest.mark.parametrize("case", positives(BLIND), ids=[s.text for s in positives(BLIND)])
def test_every_blind_statement_yields_a_fact_holding_its_phrase(case: Statement) -> None:
    """The third round was tuned on the blind list: each statement gives a fact holding its
    phrase (of the expected category for at least 94% of them, below)."""
    facts = extract_facts(case.text, case.lang)
    assert any(case.phrase.lower() in f.content.lower() for f in facts), facts


@pytest.mark.parametrize(("stem", "covered", "false"), [
    ("coverage-tuned", 97, 0),
    ("coverage-blind", 106, 0),
    ("coverage-chat", 54, 1),  # the one false fact: another's ("my sister loves …")
    ("coverage-chat-final", 25, 1),
    ("coverage-plans", 35, 1),  # an older row's "My brother is going to study law"
    ("coverage-plans-final", 11, 1),
    ("coverage-prefs", 38, 1),  # older rows': "My sister is …" as a profile, "… on Mondays"
    ("coverage-prefs-final", 14, 2),
    ("coverage-typed", 46, 2),  # "my best friend lives in rome", "mio padre fa il medico"
])
def test_a_lists_figure_holds(stem: str, covered: int, false: int) -> None:
    figures = case_list_figures(extract_facts, _read(stem))
    assert figures["covered"] >= covered and figures["false_facts"] <= false, figures["missed"]


_SLOTTED = [p for p in read_updates(CASES_DIR / "updates-tuned.jsonl")
            if p.thing not in ("team", "language learning")][:26]


@pytest.mark.parametrize("pair", _SLOTTED, ids=[p.earlier for p in _SLOTTED])
def test_a_tuned_update_pairs_later_slot_supersedes_the_earlier(pair: UpdatePair) -> None:
    """The later statement of a pair the pipeline handles gives the earlier's slot another
    value (the whole pipeline: tests/evals/test_updates.py, ``kore eval --sets updates``)."""
    old = [slot_of(f.content, pair.lang) for f in extract_facts(pair.earlier, pair.lang)]
    new = [slot_of(f.content, pair.lang) for f in extract_facts(pair.later, pair.lang)]
    if not any(new) or not any(old):
        pytest.skip("no slot on one side: an implicit wording the slots do not read")
    assert any(supersedes(o, n) for o in old for n in new), (old, new)
