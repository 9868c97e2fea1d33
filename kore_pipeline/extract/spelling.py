"""Spellings people type that the grammars do not write: accents left out.

``accent_optional`` rewrites a trigger regex so that every accented letter written outside a
character class or a negative lookaround also matches its bare letter ("déménagé" also reads
"demenage", "não" "nao", "München" "Munchen"), as chats and phone keyboards often drop them.
The text is not rewritten: a fact's span and content stay positions of the text as said.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=512)
def _bare(ch: str) -> str | None:
    """The unaccented ASCII letter of an accented letter ("é" -> "e"), else None."""
    if ch.isascii() or not ch.isalpha():
        return None
    base = unicodedata.normalize("NFD", ch)[0]
    return base if base.isascii() and base.isalpha() and base != ch else None


def accent_optional(source: str) -> str:
    """``source`` (a regex) with each accented letter outside a class made ``[ée]``-like (the
    letter or its bare letter). Escapes, classes and negative lookarounds are kept as they
    are: a guard ("not the future tense ``\\w+rà``") must not grow to bare words ("lavora")."""
    if source.isascii():
        return source
    out: list[str] = []
    groups: list[bool] = []  # per open group: is it a negative lookaround?
    i, n, in_class = 0, len(source), False
    while i < n:
        ch = source[i]
        if ch == "\\" and i + 1 < n:
            out.append(source[i: i + 2])
            i += 2
            continue
        if in_class:
            in_class = ch != "]" or source[i - 1] == "["
        elif ch == "[":
            in_class = True
        elif ch == "(":
            groups.append(source.startswith(("(?!", "(?<!"), i))
        elif ch == ")" and groups:
            groups.pop()
        elif not any(groups) and (bare := _bare(ch)) is not None:
            out.append(f"[{ch}{bare}]")
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)
