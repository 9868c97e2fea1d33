"""Result sets that cover a question: spread over sessions and people.

A question that asks about several things ("which cities has Jon visited?", "how many
times…", "what all…", "in what countries…") or names several people ("What do Jon and
Gina both like?") is answered by statements said on different occasions, often by
different people. Ranked by relevance alone, one session that talks about the topic at
length fills the top k with its turns and the other occasions fall below the cut. For
such a question the hits are taken greedily (:func:`spread`): each candidate's score is
``x (1 - cover_diversity) ^ n``, where ``n`` counts the hits already taken from its
session, plus, with several people named, those already taken of its speaker. The order
depends on the candidates only, never on k: the top k stays the start of a longer top k,
and scores still fall along the list. The spread is off by default (``cover_diversity``
0): on LoCoMo it lowered recall in every category. What such a question does change by
default: the rare-word boost is not applied to it (serve/rare_terms).
"""

from __future__ import annotations

import heapq
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import replace

from kore_pipeline.serve.hits import SearchHit
from kore_pipeline.serve.several import asks_for_several

_WHAT_ALL = re.compile(r"\b(?:what|which|who)\s+all\b|\ball\s+the\s+\w+s\b", re.IGNORECASE)


def asks_to_cover(query: str, named: frozenset[str]) -> bool:
    """Whether a question wants a set of answers: it asks about several things
    (serve/several: "which books…", "how many…", "in what countries…"), says "what all",
    or names two or more of the owner's subjects."""
    return len(named) >= 2 or asks_for_several(query) or _WHAT_ALL.search(query) is not None


def sessions_of(conn: sqlite3.Connection, ids: list[int]) -> dict[int, str | None]:
    """Each memory's session id."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return {int(r[0]): r[1] for r in conn.execute(
        f"SELECT id, session_id FROM memories WHERE id IN ({marks})", ids)}


def spread(hits: Iterable[SearchHit], sessions: dict[int, str | None], share: float,
           named: frozenset[str] = frozenset()) -> list[SearchHit]:
    """``hits`` (best first) re-taken greedily with ``x (1 - share) ^ n`` for every hit
    already taken of the same session (``sessions``: memory id -> session id; None never
    repeats) and, with two or more ``named`` subjects, of the same named subject. Each hit's
    score is its factor-weighted score; a hit moved gets ``explain["cover_factor"]``."""
    pool = list(hits)
    if share <= 0 or len(pool) < 2:
        return pool
    keep = 1.0 - share
    by_session: dict[str, int] = {}
    by_subject: dict[str, int] = dict.fromkeys(named, 0) if len(named) >= 2 else {}

    def repeats(hit: SearchHit) -> int:
        n = by_session.get(sessions.get(hit.memory_id) or "", 0)
        if hit.subject in by_subject:
            n += by_subject[hit.subject]
        return n

    # lazy greedy: a factor only falls as hits are taken, so a stale heap entry is
    # re-pushed with its current value until the top entry is current
    heap = [(-h.score, i, 0) for i, h in enumerate(pool)]
    heapq.heapify(heap)
    out: list[SearchHit] = []
    while heap:
        neg, i, seen = heapq.heappop(heap)
        hit = pool[i]
        n = repeats(hit)
        if n != seen:
            heapq.heappush(heap, (-hit.score * keep ** n, i, n))
            continue
        session = sessions.get(hit.memory_id)
        if session:
            by_session[session] = by_session.get(session, 0) + 1
        if hit.subject in by_subject:
            by_subject[hit.subject] += 1
        if n:
            factor = keep ** n
            hit = replace(hit, score=round(-neg, 6),
                          explain={**hit.explain, "cover_factor": round(factor, 6)})
        out.append(hit)
    return out
