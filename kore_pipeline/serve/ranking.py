"""Ranking signals beyond the two streams: who a question is about, a hit's neighbouring
turns, and memories that only ask.

- **Names** (:class:`NamedQuery`). In a store whose memories belong to several people (a
  team, a two-person chat, an export with ``--speaker``), "What are Joanna's hobbies?" is a
  question *about* Joanna: her name is not a word to match in the text (every line she said
  would match it, and the embedding of a short line is dominated by the name), it says whose
  memories to prefer. The names of the owner's subjects are taken out of the query text for
  both streams, and memories of a named subject get ``x (1 + subject_boost)``.
- **Neighbours** (:func:`spread_to_neighbours`). A turn is often understood only with the
  one before or after it ("They were awestruck" answers "how did your kids react?"): each
  candidate gains ``neighbour_share`` of the best fused score of the turns said just
  before and after it in its session.
- **Questions** (:func:`only_asks`). A memory that only asks ("What made you name her
  Tilly?") rarely holds the answer to a question: its score is ``x (1 - question_penalty)``.

Each factor is recorded in the hit's ``explain``. The figures behind the defaults are in
docs/evaluation.md (LoCoMo, MADial-Bench).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field

from kore_pipeline.store.sqlfiles import load_sql

GENERIC_SUBJECTS = frozenset({"", "user", "assistant", "system", "tool", "me", "i"})
"""Subjects that are roles, not people: never treated as a name in a question."""
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*", re.UNICODE)
_PHOTO = re.compile(r"\[shares? (?:a )?photo of[^\]]*\]", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def _name_pattern(name: str) -> re.Pattern[str]:
    # the name as a whole word, with an English possessive ("Joanna's", "James'")
    return re.compile(rf"(?<!\w){re.escape(name)}(?:'s|’s|'|’)?(?!\w)", re.IGNORECASE)


@dataclass
class NamedQuery:
    """A query with the owner's subjects it names taken out of its text."""

    text: str
    """What the streams match: the query without the names (the query itself if nothing
    else would be left)."""
    subjects: frozenset[str] = field(default_factory=frozenset)
    """The subjects it names (as stored)."""


def name_forms(subject: str) -> list[str]:
    """How a question may name ``subject``: the whole name and, for "Anna Rossi", "Anna"."""
    forms = [subject]
    first = subject.split()[0] if " " in subject.strip() else ""
    if len(first) >= 3:
        forms.append(first)
    return forms


def named_query(query: str, subjects: Iterable[str]) -> NamedQuery:
    """Take the names of ``subjects`` out of ``query``.

    A name counts when it stands as a word in the query and is capitalised there, or the
    query has no capital letter at all ("what does anna like"): "Will" is not named by
    "what will I do". Role subjects (``user``, ``assistant``) are never names.
    """
    lowercase_query = query == query.lower()
    text, named = query, set()
    for subject in sorted(subjects, key=len, reverse=True):  # "Anna Rossi" before "Anna"
        if subject.strip().lower() in GENERIC_SUBJECTS:
            continue
        for form in name_forms(subject):
            pattern = _name_pattern(form)
            hits = [m for m in pattern.finditer(text)
                    if lowercase_query or m.group(0)[:1].isupper()]
            if not hits:
                continue
            named.add(subject)
            for m in reversed(hits):
                text = text[:m.start()] + " " + text[m.end():]
    text = _SPACES.sub(" ", text).strip()
    if not any(ch.isalnum() for ch in text):
        text = query  # nothing but names: match them as words
    return NamedQuery(text, frozenset(named))


def owner_subjects(conn: sqlite3.Connection, owner: str) -> list[str]:
    """The distinct subjects of ``owner``'s memories (``sql/owner_subjects.sql``)."""
    return [r[0] for r in conn.execute(load_sql("owner_subjects"), (owner,))]


def only_asks(content: str) -> bool:
    """Whether a memory only asks: it has a question and no statement of four words or
    more ("Wow! What made you name her Tilly?" asks; "I named her Tilly. Cute?" does not)."""
    sentences = [s.strip() for s in _SENTENCE.findall(_PHOTO.sub(" ", content))]
    asks = any(s.endswith("?") for s in sentences)
    return asks and not any(len(s.split()) >= 4 and not s.endswith("?") for s in sentences)


Place = tuple[str, str]
"""Where a memory was said: (session id, time)."""


def neighbour_times(conn: sqlite3.Connection, owner: str,
                    places: Iterable[Place]) -> dict[Place, tuple[str | None, str | None]]:
    """When the turns just before and after each place were said in its session
    (``sql/neighbour_times.sql``: two seeks in ``memories_session_time`` each, one statement)."""
    wanted = sorted(set(places))
    if not wanted:
        return {}
    return {(r[0], r[1]): (r[2], r[3]) for r in conn.execute(
        load_sql("neighbour_times"), (json.dumps(wanted), owner))}


def neighbours_to_add(weighted: dict[int, float], places: dict[int, Place],
                      times: dict[Place, tuple[str | None, str | None]],
                      top: int) -> set[Place]:
    """The places just before and after the ``top`` best candidates that hold no candidate:
    a reply that shares no word with the question ("They were awestruck") is found through
    the turn it answers."""
    held = set(places.values())
    best = sorted(places, key=lambda mid: -weighted.get(mid, 0.0))[:top]
    out: set[Place] = set()
    for mid in best:
        session = places[mid][0]
        for at in times.get(places[mid], (None, None)):
            if at is not None and (session, at) not in held:
                out.add((session, at))
    return out


def spread_to_neighbours(weighted: dict[int, float], places: dict[int, Place],
                         times: dict[Place, tuple[str | None, str | None]],
                         share: float) -> dict[int, float]:
    """Each memory's bonus: ``share`` x the best score among the memories said in the same
    session just before or just after it (``places``: id -> (session, time); ``times``: the
    neighbouring times of each place, :func:`neighbour_times`)."""
    if share <= 0 or not places:
        return {}
    best: dict[Place, float] = {}
    for mid, place in places.items():
        best[place] = max(best.get(place, 0.0), weighted.get(mid, 0.0))
    bonus: dict[int, float] = {}
    for mid, (session, at) in places.items():
        before, after = times.get((session, at), (None, None))
        near = max(best.get((session, before), 0.0) if before else 0.0,
                   best.get((session, after), 0.0) if after else 0.0)
        if near > 0:
            bonus[mid] = share * near
    return bonus
