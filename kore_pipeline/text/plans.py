"""A plan's slot: what it will set once done, so the statement that it happened closes it.

"I'm going to quit smoking" is read as "I quit smoking" (the slot ``habit:smoke`` ended),
"we're going to move to Porto next year" as "we moved to Porto" (``residence`` Porto), "I
plan to get a job at Tesco" as "I got a job at Tesco". The plan keeps that slot under
``plan:`` (:func:`plan_slot`): it never supersedes the fact it names ("I live in Leeds" stays
until the move is said), another plan of that slot replaces it (the plan changed), and a fact
giving the very value marks it done (``extract.supersede`` supersedes it by that fact). English
only: the other languages' plans set no slot.
"""

from __future__ import annotations

import re

from kore_pipeline.text.slots import Slot, slot_of

PLAN_PREFIX = "plan:"

_IRREGULAR = {
    "go": "went", "get": "got", "quit": "quit", "buy": "bought", "sell": "sold",
    "take": "took", "begin": "began", "become": "became", "leave": "left", "find": "found",
    "give": "gave", "make": "made", "run": "ran", "have": "had", "do": "did", "stop": "stopped",
    "drop": "dropped", "plan": "planned", "ship": "shipped", "swap": "swapped", "pay": "paid",
    "build": "built", "write": "wrote", "meet": "met", "put": "put", "set": "set",
}
_VERB = re.compile(r"^(?P<verb>[a-z]+)\b", re.IGNORECASE)
_TIME_TAIL = re.compile(
    r"\s+(?:(?:next|this|in|by|before|after|around|at\s+the\s+end\s+of)\s+(?:the\s+)?"
    r"[\w-]+(?:\s+(?:[\w-]+|\d{4}))?|soon|tomorrow|one\s+day|someday|eventually)\s*$",
    re.IGNORECASE)


def _past(verb: str) -> str:
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low.endswith("e"):
        return low + "d"
    if low.endswith("y") and len(low) > 2 and low[-2] not in "aeiou":
        return low[:-1] + "ied"
    return low + "ed"


def done_form(fact: str, subject: str = "I") -> str | None:
    """The plan's object said as done: "quit smoking" -> "I quit smoking", "move to Porto next
    year" -> "I moved to Porto"; None when it does not open with a verb."""
    m = _VERB.match(fact.strip())
    if m is None:
        return None
    rest = fact.strip()[m.end():]
    while (cut := _TIME_TAIL.sub("", rest)) != rest:
        rest = cut
    return f"{subject} {_past(m.group('verb'))}{rest}"


_PLAN_HEAD = re.compile(
    r"^\W*(?:(?:honestly|so|and|but|ok|okay|well|also|next\s+year|this\s+\w+),?\s+)*"
    r"(?:(?:I|we)(?:'m|'re|m|\s+am|\s+are)?(?:\s+\w+ly|\s+just|\s+still)?\s+(?:going\s+to|gonna|"
    r"planning\s+(?:to|on)|hoping\s+to|aiming\s+to|plan\s+(?:to|on)|intend\s+to|want\s+to|"
    r"wanna|need\s+to|have\s+to|'ve\s+got\s+to|gotta)|my\s+(?:\w+\s+)?(?:goal|plan)\b)",
    re.IGNORECASE)
"""How an English plan opens: "I'm going to", "we plan to", "I want to", "my goal is to"."""


def plan_slot(fact: str, content: str, lang: str) -> Slot | None:
    """The ``plan:`` slot of a decision that is a plan (its object ``fact``, its clause
    ``content``): the slot its done form sets, or None (not a plan, another language, or no
    slot)."""
    if lang != "en" or _PLAN_HEAD.match(content) is None:
        return None
    subject = "We" if re.match(r"\s*we\b", content, re.IGNORECASE) else "I"
    done = done_form(fact, subject)
    said = slot_of(done, "en") if done else None
    return None if said is None else (PLAN_PREFIX + said[0], said[1])
