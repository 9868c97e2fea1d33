"""The grammars of facts, one module per language (:mod:`.shape` is their one shape).

To add a language: write ``rules/<code>.py`` with its ``GRAMMAR`` and add its code to
:data:`LANGUAGES`; language detection, extraction and the rule tests read it from here.
"""

from __future__ import annotations

from importlib import import_module

from kore_pipeline.rules.shape import Grammar, Kind, Rule

__all__ = ["GRAMMARS", "LANGUAGES", "Grammar", "Kind", "Rule", "rule_named", "words_of_every"]

LANGUAGES: tuple[str, ...] = ("en", "it", "es", "fr", "de", "pt", "nl")
"""The languages with a grammar of facts (English first: the fallback)."""

GRAMMARS: dict[str, Grammar] = {
    code: import_module(f"kore_pipeline.rules.{code}").GRAMMAR for code in LANGUAGES}
"""Each language's grammar, by code."""

_BY_NAME: dict[str, Rule] = {r.name: r for g in GRAMMARS.values() for r in g.rules}


def rule_named(name: str) -> Rule | None:
    """The rule of that stable name, or None."""
    return _BY_NAME.get(name)


def words_of_every(field: str) -> tuple[str, ...]:
    """One word list of every grammar (the :class:`Grammar` field ``field``), each word once,
    in the order of :data:`LANGUAGES`: the engine trims every language's fillers."""
    return tuple(dict.fromkeys(w for g in GRAMMARS.values() for w in getattr(g, field)))
