"""Statements that end a fact: "I stopped drinking coffee", "I quit my job at Amazon", "I gave
up smoking", "I no longer live in Leeds", "I don't run anymore".

Such a statement fills the slot of the statement it ends ("I drink coffee", "my job at
Amazon", "I live in Leeds") with the value ``not <value>`` (:func:`ended_value`), and ends
only what it names (:func:`ends`): "I'm not vegan anymore" ends "I'm vegan", not "I'm
vegetarian"; "I don't run anymore" ends every "I run …".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_F = re.IGNORECASE | re.UNICODE

_STOPPED = re.compile(
    r"\b(?P<who>I|we)(?:'ve|’ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+|completely\s+|"
    r"totally\s+|actually\s+|also\s+)?(?:stopped|quit|gave\s+up|given\s+up)\s+"
    r"(?!(?:by|at|in|for|to|off|there|here|on|and|but|it|that|this|now|me|him|her|them)\b)"
    r"(?P<rest>\w.*)", _F)
"""A stop: "I stopped drinking coffee", "we gave up the car", "I quit my job at Amazon"."""
_NO_LONGER = re.compile(r"\bno\s+longer\b|\bany\s?more\b", _F)
"""A statement of no longer: "I'm no longer vegan", "I don't live in Leeds anymore"."""
_NO_LONGER_WORDS = re.compile(r"\s*\b(?:no\s+longer|any\s?more|not|don't|don’t|do\s+not)\b",
                              _F)
"""The words that make it one, dropped to find the slot it changes."""
_GERUND = re.compile(r"^(?P<stem>[a-z]+?)(?P<double>([bdgmnprt])\3)?ing\b", _F)

NO_OBJECT = "yes"
"""The value of a habit said without an object ("I run"): "I don't run anymore" ends it."""


def _base_forms(rest: str) -> Iterator[str]:
    """``rest`` with a leading gerund made a base verb: "drinking coffee" -> "drink coffee",
    "smoking" -> "smok" then "smoke", "running" -> "run"; other text as it is."""
    m = _GERUND.match(rest)
    if m is None:
        yield rest
        return
    stem = m.group("stem") + (m.group(3) or "")
    tail = rest[m.end():]
    yield stem + tail
    yield stem + "e" + tail


def ended_statements(text: str, folded: str | None = None) -> list[str]:
    """The statements ``text`` ends, as said positively (best first), or [] when it ends none.

    "I stopped drinking coffee" -> ["I drink coffee", "I drinke coffee"]; "I'm no longer
    vegan" -> ["I'm vegan"]. ``folded``: ``text`` lower-cased, when the caller has it.
    """
    folded = text.casefold() if folded is None else folded
    if ("longer" in folded or "more" in folded) and _NO_LONGER.search(text):
        return [_NO_LONGER_WORDS.sub("", text)]
    if "stopped" not in folded and "quit" not in folded and "gave" not in folded \
            and "given" not in folded:
        return []
    m = _STOPPED.search(text)
    if m is None:
        return []
    return [f"{m.group('who')} {form}" for form in _base_forms(m.group("rest"))]


def ended_value(value: str) -> str:
    """The value of an ending of ``value``: "coffee" -> "not coffee"; a habit without object
    -> "not" (it ends any)."""
    return "not" if value == NO_OBJECT else f"not {value}"


def is_ending(value: str) -> bool:
    """Whether a slot value says the slot no longer holds (``not …``)."""
    return value == "not" or value.startswith("not ")


def ends(old: str, new: str) -> bool:
    """Whether the ending value ``new`` ends the value ``old``: "not" ends any value, "not
    coffee" ends "coffee" and "coffee every morning" (and "not coffee" nothing else)."""
    if new == "not":
        return not is_ending(old)
    said = new[4:]
    return old == said or old.startswith(said + " ") or said.startswith(old + " ")
