"""Is an extracted fact a clean phrase of its source sentence?

A fact's clause (``Fact.content``) is either a contiguous span of the normalised source, or
a list item recombined with its trigger: ``prefix + " " + item`` where the prefix is the span
from the trigger on and the item a later span. The item never opens with a word that only
qualifies what came before ("aged", "mostly", "named", a preposition), and the clause never
ends on a dangling word (article, preposition, conjunction, possessive, participle).
"""

from __future__ import annotations

import re
from typing import Protocol

from kore_pipeline.extract.patterns import LIST_DEPENDENT, normalize_text

_DANGLING_TEXT = ("a an the and or but of in on at with from to for by aged named called "
                  "including my your his her their our")
DANGLING_END = frozenset(_DANGLING_TEXT.split())
_WORD = re.compile(r"[\w'-]+")


class Clause(Protocol):
    """A fact of the new or the old extractor: its clause and language."""

    @property
    def content(self) -> str: ...

    @property
    def language(self) -> str: ...


def _cut_mid_phrase(text: str, end: int) -> bool:
    """Does the sentence go on after ``end`` (so a dangling last word was cut from its
    object)? A clause ending where its sentence ends says what the speaker said."""
    rest = text[end:]
    stop = min((i for i in (rest.find(c) for c in ".!?;\n") if i != -1), default=len(rest))
    return bool(rest[:stop].strip(" \"'”’»)]…,"))


def unclean_reason(fact: Clause, source: str) -> str:
    """Why ``fact`` is not a clean phrase of ``source`` ("" when it is)."""
    text = normalize_text(source)
    content = fact.content
    words = _WORD.findall(content.lower())
    if not words:
        return "empty clause"
    dangling = fact.language == "en" and words[-1] in DANGLING_END
    at = text.find(content)
    if at != -1:
        return f"ends on {words[-1]!r}" if dangling and _cut_mid_phrase(
            text, at + len(content)) else ""
    for cut in (m.start() for m in re.finditer(" ", content)):
        prefix, item = content[:cut], content[cut + 1:]
        at = text.find(prefix)
        item_at = text.find(item, at + len(prefix)) if at != -1 else -1
        if item_at == -1:
            continue
        first = _WORD.findall(item.lower())[:1]
        if first and first[0] in LIST_DEPENDENT:
            return f"list item opens with {first[0]!r}"
        if dangling and _cut_mid_phrase(text, item_at + len(item)):
            return f"ends on {words[-1]!r}"
        return ""
    return "not a span nor trigger + span of the source"
