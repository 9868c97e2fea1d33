"""Second-pass ranking signals: spread over sessions, and feedback from the best hits.

- **Spread** (:func:`spread_sessions`). A question about several things ("What activities
  does Melanie do?", "Which books has she read?", "How many times …") is answered by turns
  said on different occasions; the first pass often fills the top k with one session's
  turns about one of them. Each hit after the first of its session is scored
  ``x (1 - session_spread) ** n`` (``n``: the hits of that session already placed above it),
  a greedy re-ranking in the manner of maximal marginal relevance with the session as the
  unit of redundancy. :func:`asks_for_several` says which questions ask so.
- **Feedback** (:func:`feedback_vector`). Pseudo-relevance feedback in Rocchio's form: the
  query vector moved towards the mean of the best few hits' vectors, searched again as a
  third stream of the fusion (weight ``feedback_weight``): memories worded like the answers
  found first, but sharing no word with the question, can join.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from typing import Any

import numpy as np

_SEVERAL = re.compile(
    r"\bhow\s+(?:many|often)\b|\b(?:what|which)\s+(?:kinds|types|sorts)\s+of\b"
    r"|\b(?:has|have)\s+\w+(?:'s)?(?:\s+\w+)?\s+\w+ed\b|\bboth\b|\bever\b",
    re.IGNORECASE)
_ASKS_WHICH = re.compile(r"\b(?:what|which)((?:\s+[\w'’]+){1,3})", re.IGNORECASE)
_NOT_PLURAL = frozenset({"was", "is", "has", "does", "this", "his", "hers", "its", "us",
                         "yours", "ours", "theirs", "always", "perhaps", "sometimes", "as",
                         "plus", "yes", "thus", "less", "unless", "news", "series"})


def _plural(word: str) -> bool:
    w = word.lower()
    return (len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "'s", "’s", "us", "is"))
            and w not in _NOT_PLURAL)


def asks_for_several(query: str) -> bool:
    """Whether a question asks about several things (English): "how many", "what
    kinds of", "what/which" + a plural within three words ("which books", "what outdoor
    activities"), the present perfect ("what has she painted?"), "both", "ever"."""
    if _SEVERAL.search(query):
        return True
    for m in _ASKS_WHICH.finditer(query):
        for word in m.group(1).split():
            if word.lower() in _NOT_PLURAL:
                break  # the verb: "what does", "which is"
            if _plural(word):
                return True
    return False


def sessions_of(conn: sqlite3.Connection, ids: Sequence[int]) -> dict[int, str]:
    """The session of each memory that has one."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return {int(r[0]): str(r[1]) for r in conn.execute(
        f"SELECT id, session_id FROM memories WHERE id IN ({marks})"
        " AND session_id IS NOT NULL", list(ids))}


def spread_sessions(hits: Sequence[Any], sessions: dict[int, str], penalty: float,
                    places: int) -> list[tuple[Any, int]]:
    """``hits`` (best first, each with ``memory_id`` and ``score``) re-chosen greedily for
    the first ``places``: a hit is worth ``score x (1 - penalty) ** n``, ``n`` the hits of
    its session chosen before it (a hit with no session: never penalised); the rest follow
    by that worth at the end. Returns (hit, n) pairs: the worths never increase along it."""
    keep = 1.0 - penalty
    left = list(hits)
    taken: dict[str, int] = {}
    out: list[tuple[Any, int]] = []

    def seen(h: Any) -> int:
        session = sessions.get(h.memory_id)
        return taken.get(session, 0) if session is not None else 0

    while left and len(out) < places:
        best_i, best = 0, -1.0
        for i, h in enumerate(left):
            if h.score <= best:
                break  # best first: no later hit is worth more, penalised or not
            value = h.score * keep ** seen(h)
            if value > best:
                best_i, best = i, value
        h = left.pop(best_i)
        out.append((h, seen(h)))
        session = sessions.get(h.memory_id)
        if session is not None:
            taken[session] = taken.get(session, 0) + 1
    rest = [(h, seen(h)) for h in left]
    rest.sort(key=lambda pair: -pair[0].score * keep ** pair[1])  # stable: ties keep order
    return out + rest


def feedback_vector(query_vector: np.ndarray, top_vectors: np.ndarray,
                    weight: float = 1.0) -> np.ndarray:
    """Rocchio: ``query + weight x mean(top_vectors)``, unit length."""
    vec = np.asarray(query_vector, dtype=np.float32).reshape(-1)
    if len(top_vectors):
        vec = vec + weight * np.asarray(top_vectors, dtype=np.float32).mean(axis=0)
    norm = float(np.linalg.norm(vec))
    return vec / norm if norm > 0 else vec


def spread_similar(hits: Sequence[Any], vectors: dict[int, np.ndarray], penalty: float,
                   places: int) -> list[tuple[Any, float]]:
    """Maximal marginal relevance over ``hits`` (best first): a hit is worth
    ``score x (1 - penalty x s)``, ``s`` its highest cosine with a hit chosen before it
    (a hit without a vector: never penalised). Returns (hit, multiplier) pairs."""
    left = list(hits)
    chosen: list[np.ndarray] = []
    out: list[tuple[Any, float]] = []

    def factor(h: Any) -> float:
        vec = vectors.get(h.memory_id)
        if vec is None or not chosen:
            return 1.0
        sim = float(np.max(np.stack(chosen) @ vec))
        return 1.0 - penalty * max(sim, 0.0)

    while left and len(out) < places:
        best_i, best, best_f = 0, -1.0, 1.0
        for i, h in enumerate(left):
            if h.score <= best:
                break
            f = factor(h)
            if h.score * f > best:
                best_i, best, best_f = i, h.score * f, f
        h = left.pop(best_i)
        out.append((h, best_f))
        vec = vectors.get(h.memory_id)
        if vec is not None:
            chosen.append(vec)
    rest = [(h, factor(h)) for h in left]
    rest.sort(key=lambda pair: -pair[0].score * pair[1])
    return out + rest
