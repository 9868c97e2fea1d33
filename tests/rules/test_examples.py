"""Every rule proves itself: its examples yield its fact, its counter-examples do not."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.rules import GRAMMARS, LANGUAGES, Kind, Rule

OWNED_SLOTS = ("car", "phone")
"""The slots a rule of slot ``owned`` sets (a car or a phone, by the name said)."""

RULES = [r for g in GRAMMARS.values() for r in g.rules]


def _facts_by(rule: Rule, text: str) -> list[str]:
    return [f.fact for f in extract_facts(text, rule.language) if f.trigger == rule.name]


def test_every_language_is_registered_once() -> None:
    assert list(GRAMMARS) == list(LANGUAGES)
    assert all(g.code == code for code, g in GRAMMARS.items())


def test_rule_names_are_unique_and_well_formed() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    for code, grammar in GRAMMARS.items():
        for rule in grammar.rules:
            rule.check()
            assert rule.language == code, rule.name
            assert rule.kind in set(Kind), rule.name


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_rule_has_an_example(rule: Rule) -> None:
    assert rule.examples, f"{rule.name} has no example"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_rule_examples_yield_their_fact(rule: Rule) -> None:
    for text, fact in rule.examples.items():
        got = _facts_by(rule, text)
        assert fact.casefold() in [g.casefold() for g in got], (text, fact, got, [
            (f.trigger, f.fact) for f in extract_facts(text, rule.language)])


@pytest.mark.parametrize("rule", [r for r in RULES if r.counter], ids=lambda r: r.name)
def test_rule_counter_examples_yield_nothing_by_it(rule: Rule) -> None:
    for text in rule.counter:
        assert not _facts_by(rule, text), (text, _facts_by(rule, text))


@pytest.mark.parametrize("rule", [r for r in RULES if r.slot and "(?P<value>" in r.pattern],
                         ids=lambda r: r.name)
def test_a_rule_reading_its_slot_sets_it_on_its_examples(rule: Rule) -> None:
    for text in rule.examples:
        slots = [f.slot for f in extract_facts(text, rule.language) if f.trigger == rule.name]
        names = OWNED_SLOTS if rule.slot in ("owned", "owned_here") else (rule.slot,)
        assert slots and all(s is not None and s[0].split(":")[0] in names
                             for s in slots), (text, slots)
