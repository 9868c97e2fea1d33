"""Text normal forms shared by extraction, compression, compaction and search.

One place decides which apostrophes are the same ("don’t" = "don't"), where a sentence ends,
and when two sentences say the same thing, so that merging, summarising and de-duplicating
search hits agree with each other.
"""

from __future__ import annotations

import re
import unicodedata

APOSTROPHES = "\u2019\u02bc\u2018\uff07\u2032\u00b4`"
"""Characters written for an apostrophe: curly, modifier letter, full-width, prime, accent."""

TERMINAL = ".!?…。！？"
"""Sentence-ending punctuation, Latin and CJK."""

_FOLD = str.maketrans({c: "'" for c in APOSTROPHES})
_SENTENCE_END = re.compile(r"(?<=[.!?…。！？])\s+")


def fold(text: str) -> str:
    """NFC-normalise and turn every apostrophe variant into ``'``."""
    if text.isascii():  # NFC leaves ASCII as it is; its one apostrophe variant is "`"
        return text.replace("`", "'") if "`" in text else text
    return unicodedata.normalize("NFC", text).translate(_FOLD)


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text`` (split after . ! ? … and CJK stops), stripped, lines joined."""
    flat = " ".join(text.split())
    return [s for s in (p.strip() for p in _SENTENCE_END.split(flat)) if s]


def sentence_key(sentence: str) -> str:
    """Comparison form: folded, case-folded, whitespace collapsed, terminal punctuation dropped."""
    return " ".join(fold(sentence).casefold().split()).rstrip(TERMINAL + " ")


def contains_words(text: str, part: str) -> bool:
    """Whether ``part`` occurs in ``text`` on word boundaries (no letter or digit around it)."""
    start = text.find(part)
    while start != -1:
        end = start + len(part)
        if (start == 0 or not text[start - 1].isalnum()) and \
                (end == len(text) or not text[end].isalnum()):
            return True
        start = text.find(part, start + 1)
    return False
