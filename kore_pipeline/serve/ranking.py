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
from functools import lru_cache

from kore_pipeline.store.sqlfiles import load_sql

GENERIC_SUBJECTS = frozenset({"", "user", "assistant", "system", "tool", "me", "i"})
"""Subjects that are roles, not people: never treated as a name in a question."""
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*", re.UNICODE)
_PHOTO = re.compile(r"\[shares? (?:a )?photo of[^\]]*\]", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=4096)
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
    if "?" not in content:
        return False  # most memories: no question at all
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


def top_places(weighted: dict[int, float], places: dict[int, Place], top: int) -> list[Place]:
    """The places of the ``top`` best candidates, best first (each place once)."""
    best = sorted(places, key=lambda mid: (-weighted.get(mid, 0.0), mid))
    return list(dict.fromkeys(places[mid] for mid in best))[:top]


def neighbours_to_add(sources: list[Place], held: set[Place],
                      times: dict[Place, tuple[str | None, str | None]]) -> set[Place]:
    """The places just before and after ``sources`` that hold no candidate (``held``): a reply
    that shares no word with the question ("They were awestruck") is found through the turn
    it answers."""
    out: set[Place] = set()
    for session, at in sources:
        for near in times.get((session, at), (None, None)):
            if near is not None and (session, near) not in held:
                out.add((session, near))
    return out


def spread_to_neighbours(weighted: dict[int, float], places: dict[int, Place],
                         sources: list[Place],
                         times: dict[Place, tuple[str | None, str | None]],
                         share: float) -> dict[int, float]:
    """Each memory's bonus: ``share`` x the best score among the ``sources`` (the best
    candidates' places) said just before or just after it in its session (``places``:
    id -> (session, time); ``times``: the neighbouring times of each source,
    :func:`neighbour_times`). Turns are neighbours both ways, so looking up the sources'
    neighbours alone finds every memory a source lends to."""
    if share <= 0 or not places:
        return {}
    score_at: dict[Place, float] = {}
    for mid, place in places.items():
        score_at[place] = max(score_at.get(place, 0.0), weighted.get(mid, 0.0))
    lent: dict[Place, float] = {}
    for session, at in sources:
        value = score_at.get((session, at), 0.0)
        for near in times.get((session, at), (None, None)):
            if near is not None and value > lent.get((session, near), 0.0):
                lent[(session, near)] = value
    return {mid: share * lent[place] for mid, place in places.items()
            if lent.get(place, 0.0) > 0}
