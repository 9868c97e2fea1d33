"""Building blocks every trigger table shares: the categories, the row type and the regex
pieces (``patterns_lang`` and the tables appended to it: ``patterns_more``,
``patterns_third``, ``patterns_plans``, ``patterns_taste``, ``patterns_changes``)."""

from __future__ import annotations

PREF, DEC, HAB, PROF = "preference", "decision", "habit", "profile"
Row = tuple[str, str, str]
"""``(category, polarity, regex)``: polarity "+" or "-" (a negative preference, a "never")."""

I_AM = r"\bI(?:'m|\s+am)"
CAP = r"(?-i:[A-ZÀ-ÖØ-Þ])"
"""An upper-case letter, whatever the flags."""
CHAT_LEAD = (r"^(?:(?:honestly|tbh|ngl|well|so|and|but|oh|yeah|also|ok|okay|anyway|btw|lol),?"
             r"\s+)*")
"""Interjections a chat sentence may open with before the thing it is about."""


def any_of(words: str) -> str:
    """``"a b\\s+c"`` -> ``"(?:a|b\\s+c)"``: alternatives written as space-separated words."""
    return "(?:" + "|".join(words.split()) + ")"
