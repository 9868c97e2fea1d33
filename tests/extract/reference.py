"""Old-vs-new extractor output on the same messages: what each produces and how they differ.

A message's output is its detected language and, per candidate memory, (type, category, key,
content, language, importance); the old side runs the frozen copy in ``tests/extract/legacy``.
Differences are sorted into named kinds by :func:`classify`; a kind not in
:data:`EXPLAINED` is a regression.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from kore_pipeline.extract import facts as new_facts
from kore_pipeline.settings import KoreSettings
from kore_pipeline.text import language as new_language
from tests.extract.legacy import facts as old_facts
from tests.extract.legacy import language as old_language

Row = tuple[str, str, str, str, str | None, int]

EXPLAINED: dict[str, str] = {
    "language:plainly-english": (
        "ASCII text of common English words only (new_language._plainly_english) is 'en' "
        "without asking py3langid, which takes e.g. 'I love pepperoni pizza.' for Italian; "
        "the text's facts then also carry 'en'"),
}
"""Kind of difference -> why the new output is right."""


def message(text: str, i: int = 0) -> dict[str, Any]:
    """A user message as ``memories_from_message`` gets it from ingest, language not set."""
    return {"owner": "o", "conversation_id": "c", "session_id": "s", "message_id": f"m{i}",
            "ts": "2024-01-01T00:00:00+00:00", "role": "user", "speaker": None, "text": text}


def _rows(cands: Iterable[Any]) -> list[Row]:
    return [(c.type, c.category, c.key, c.content, c.language, c.importance) for c in cands]


def run_old(text: str, settings: KoreSettings, i: int = 0) -> tuple[str | None, list[Row]]:
    msg = message(text, i)
    lang = old_language.detect_language(text)
    return lang, _rows(old_facts.memories_from_message({**msg, "language": lang}, settings))


def run_new(text: str, settings: KoreSettings, i: int = 0) -> tuple[str | None, list[Row]]:
    msg = message(text, i)
    lang = new_language.detect_language(text)
    return lang, _rows(new_facts.memories_from_message({**msg, "language": lang}, settings))


Classifier = Callable[[str, tuple[str | None, list[Row]], tuple[str | None, list[Row]]], str]


def classify(text: str, old: tuple[str | None, list[Row]],
             new: tuple[str | None, list[Row]]) -> str:
    """The kind of one message's difference ("" when there is none)."""
    if old == new:
        return ""
    if old[0] != new[0]:
        if new[0] == "en" and text.isascii() and new_language._plainly_english(text):
            return "language:plainly-english"
        return "language"
    return "facts"


def compare(texts: list[str], settings: KoreSettings) -> tuple[Counter[str], dict[str, list]]:
    """Count of each kind of difference, and up to 5 examples per kind."""
    kinds: Counter[str] = Counter()
    examples: dict[str, list] = {}
    for i, text in enumerate(texts):
        old, new = run_old(text, settings, i), run_new(text, settings, i)
        kind = classify(text, old, new)
        if kind:
            kinds[kind] += 1
            if len(examples.setdefault(kind, [])) < 5:
                examples[kind].append((text, old, new))
    return kinds, examples
