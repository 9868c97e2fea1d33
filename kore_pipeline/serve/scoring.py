"""The candidates of both streams, scored: the ranking signals of :mod:`.ranking` (names,
questions that only ask, the time window, neighbouring turns), the forgotten tier, decay and
importance, as :class:`~kore_pipeline.serve.hits.SearchHit` best first; and the validity of
hits when superseded memories may answer (:func:`with_history`).

Final score = fused relevance x signals x tier x (1 - decay_weight + decay_weight x decay)
x (1 + importance_weight x (importance - 3)), decay recomputed at the query's ``now``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

import numpy as np

from kore_pipeline.ids import ASSISTANT_SUBJECT
from kore_pipeline.serve.addressed import asks_what_assistant_said
from kore_pipeline.serve.fusion import relevance_weight
from kore_pipeline.serve.hits import HIT_COLUMNS, SearchHit
from kore_pipeline.serve.ranking import (
    neighbour_times,
    neighbours_to_add,
    only_asks,
    spread_to_neighbours,
    top_places,
)
from kore_pipeline.serve.several import asks_for_several
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.text.when import TimeWindow
from kore_pipeline.timeutil import iso, parse_ts

NEIGHBOUR_SOURCES = 30
"""The best candidates that lend ``neighbour_share`` of their score to the turns around them
(a candidate further down lends too little to move anything into the top k)."""
NEIGHBOURS_ADDED_FROM = 10
"""The turns just before and after this many best candidates join the candidates."""


def with_history(conn: sqlite3.Connection, settings: KoreSettings, hits: list[SearchHit],
                 penalise: bool) -> list[SearchHit]:
    """Hits with their validity; superseded ones scored down by ``superseded_penalty``
    (not as of a date: then they were what was true)."""
    if not hits:
        return hits
    marks = ",".join("?" * len(hits))
    rows = {int(r[0]): r for r in conn.execute(
        f"SELECT id, coalesce(valid_from, created_at), valid_until, merged_into FROM"
        f" memories WHERE id IN ({marks})", [h.memory_id for h in hits])}
    out = []
    for h in hits:
        r = rows[h.memory_id]
        superseded = h.status == "superseded"
        score = round(h.score * settings.superseded_penalty, 6) \
            if superseded and penalise else h.score
        explain = h.explain if score == h.score else {
            **h.explain, "tier": "superseded",
            "tier_penalty": settings.superseded_penalty, "fused_score": score}
        out.append(replace(h, valid_from=r[1], valid_until=r[2], score=score,
                           superseded_by=r[3] if superseded else None, explain=explain))
    out.sort(key=lambda h: (-h.score, h.memory_id))
    return out


def outdated_episodes(conn: sqlite3.Connection, settings: KoreSettings, hits: list[SearchHit],
                      owner: str) -> list[SearchHit]:
    """Hits with the messages whose fact a later statement superseded scored down by
    ``outdated_episode_penalty``: "i work at amazon …" no longer answers "where do i work?"
    before "first week at shopify" does (forgetting is not losing: it is still found)."""
    penalty = settings.outdated_episode_penalty
    sources = {s for h in hits if h.type == "episodic" for s in h.source_message_ids}
    if penalty >= 1 or not sources:
        return hits
    marks = ",".join("?" * len(sources))
    outdated = {str(r[0]) for r in conn.execute(
        "SELECT DISTINCT j.value FROM memories m, json_each(m.source_message_ids) j"
        " WHERE m.owner = ? AND m.type = 'factual' AND m.status = 'superseded'"
        f" AND m.slot IS NOT NULL AND j.value IN ({marks})", [owner, *sources])}
    if not outdated:
        return hits
    out = []
    for h in hits:
        if h.type == "episodic" and outdated.intersection(h.source_message_ids):
            score = round(h.score * penalty, 6)
            h = replace(h, score=score, explain={**h.explain, "tier": "outdated",
                                                 "tier_penalty": penalty, "fused_score": score})
        out.append(h)
    out.sort(key=lambda h: (-h.score, h.memory_id))
    return out


def _explain(settings: KoreSettings, ranks: dict[str, dict[int, int]], row: Any,
             rrf_score: float, decay: float, tier: float, score: float,
             half_life: float, durable: bool,
             window_ranks: dict[str, dict[int, int]] | None = None) -> dict[str, Any]:
    """The components of a hit's rank (the keys ``serve.explain`` documents, + tier).

    ``keyword_rrf`` + ``vector_rrf`` = ``rrf``: the parts of the pass that gave it (the
    search among the question's time window, ``window_ranks``, when that one scored higher).
    """
    k, mid = settings.rrf_k, row["id"]
    kw, vec = ranks["fts"].get(mid), ranks["vector"].get(mid)
    out: dict[str, Any] = {"keyword_rank": kw, "vector_rank": vec}

    def parts(kw: int | None, vec: int | None) -> tuple[float, float]:
        return (settings.fts_weight / (k + kw) if kw else 0.0,
                settings.vector_weight / (k + vec) if vec else 0.0)

    kw_rrf, vec_rrf = parts(kw, vec)
    if window_ranks is not None:
        w_kw, w_vec = window_ranks["fts"].get(mid), window_ranks["vector"].get(mid)
        w_parts = parts(w_kw, w_vec)
        if sum(w_parts) > kw_rrf + vec_rrf:
            kw_rrf, vec_rrf = w_parts
            out["window_ranks"] = {"keyword_rank": w_kw, "vector_rank": w_vec}
    status = row["status"]
    return {**out,
            "keyword_rrf": round(kw_rrf, 6), "vector_rrf": round(vec_rrf, 6),
            "rrf": round(rrf_score, 6), "decay": round(decay, 4),
            "half_life_days": round(half_life, 1), "durable": durable,
            "importance": row["importance"],
            "relevance_weight": round(relevance_weight(
                decay, row["importance"], settings.decay_weight,
                settings.importance_weight), 6),
            "tier": status if status in ("active", "forgotten") else "archived",
            "tier_penalty": tier, "fused_score": score, "rule": row["rule"]}


def score_candidates(conn: sqlite3.Connection, settings: KoreSettings,
                     fused: dict[int, float], ranks: dict[str, dict[int, int]], owner: str,
                     now: datetime, include_archived: bool = False,
                     named: frozenset[str] = frozenset(),
                     neighbour_filter: tuple[str, list] | None = None,
                     window: TimeWindow | None = None,
                     query: str = "",
                     window_ranks: dict[str, dict[int, int]] | None = None,
                     rare: dict[int, str] | None = None,
                     lifted: set[int] | None = None) -> Iterable[SearchHit]:
    """The candidates as hits, best first (built lazily).

    The fused relevance is first weighted by the ranking signals of ``serve.ranking``
    (a named subject, a memory that only asks, the neighbouring turns, which may add a
    turn (episode) the streams missed if ``neighbour_filter``, the search's condition on
    alias ``m``, allows it: hybrid search only); then by the tier
    and by decay, recomputed at ``now`` exactly as the decay pass does it (SQLite's
    ``julianday`` of the last access, else creation, and :func:`decay.decay_scores`, a
    current fact of a durable slot with its longer half-life, :mod:`lifecycle.durable`).
    """
    from kore_pipeline.lifecycle.decay import decay_scores, half_lives, julian_day
    from kore_pipeline.lifecycle.durable import is_durable

    ids = list(fused)
    marks = ",".join("?" * len(ids))
    rows = conn.execute(
        f"SELECT {HIT_COLUMNS} FROM memories AS m"
        f" WHERE m.id IN ({marks}) AND +m.owner = ?",  # "+": by id, not an owner index
        [*ids, owner]).fetchall()
    if not rows:
        return []
    rows, signals = _signals(conn, settings, fused, rows, owner, named, neighbour_filter, window,
                             query, rare or {}, lifted or set())
    fused = {**{mid: 0.0 for mid in signals}, **fused}  # neighbours added: no stream score
    refs = np.array([julian_day(parse_ts(r["last_accessed_at"] or r["created_at"]))
                     if r["ref_jd"] is None else r["ref_jd"] for r in rows])
    importance = np.array([r["importance"] for r in rows], dtype=np.float64)
    counts = np.array([r["access_count"] for r in rows], dtype=np.float64)
    durable = np.array([is_durable(r, settings) for r in rows], dtype=bool)
    decays = decay_scores(importance, julian_day(now) - refs, counts, settings, durable)
    halves = half_lives(importance, counts, settings, durable)
    scored = []
    penalty = float(settings.forgotten_penalty)
    archived = include_archived  # the archive asked for: every tier ranks alike
    for r, decay, half, lasts in zip(rows, decays.tolist(), halves.tolist(), durable.tolist(),
                                     strict=True):
        tier = penalty if r["status"] == "forgotten" and not archived else 1.0
        if tier <= 0:
            continue
        relevance = signals[r["id"]][0]
        score = round(relevance * tier * relevance_weight(
            decay, r["importance"], settings.decay_weight,
            settings.importance_weight), 6)
        scored.append((-score, r["id"], decay, r, tier, half, lasts))
    scored.sort(key=lambda t: (t[0], t[1]))
    # Hits are built (source ids decoded) only as far as the caller reads.
    return (SearchHit(
        memory_id=r["id"], owner=r["owner"], subject=r["subject"], type=r["type"],
        category=r["category"], content=r["content"], importance=r["importance"],
        decay_score=round(decay, 4), score=-neg,
        source_message_ids=json.loads(r["source_message_ids"]),
        created_at=r["created_at"], status=r["status"], rule=r["rule"],
        fts_rank=ranks["fts"].get(r["id"]), vector_rank=ranks["vector"].get(r["id"]),
        explain={**_explain(settings, ranks, r, fused[r["id"]], decay, tier, -neg, half,
                            lasts, window_ranks),
                 **signals[r["id"]][1]})
        for neg, _id, decay, r, tier, half, lasts in scored)


def _signals(conn: sqlite3.Connection, settings: KoreSettings, fused: dict[int, float],
             rows: list[Any], owner: str,
             named: frozenset[str], neighbour_filter: tuple[str, list] | None,
             window: TimeWindow | None = None, query: str = "",
             rare: dict[int, str] | None = None, lifted: set[int] | None = None
             ) -> tuple[list[Any], dict[int, tuple[float, dict[str, Any]]]]:
    """Each candidate's relevance after the ranking signals, and their explain keys:
    ``subject_named`` (x 1 + subject_boost; with ``asks_for_several``: ``query`` asks
    about several things, x 1 + several_subject_boost), ``only_asks`` (x 1 -
    question_penalty),
    ``in_time_window`` (said in the query's window: x 1 + time_boost),
    ``rare_term`` (holds a word of the query few memories hold, ``rare``: x 1 +
    rare_term_boost),
    ``neighbour_bonus`` (added: neighbour_share x the best neighbouring turn) and
    ``added_as_neighbour`` (in neither stream: said just before or after a top hit),
    ``preference_pass`` (its relevance is the request's preference pass's, serve/requests).
    ``signal_factor`` is the product of the factors: relevance = rrf x signal_factor +
    neighbour_bonus.
    Returns the rows to score (``rows`` and the neighbours added) with those values."""
    ask_penalty = settings.question_penalty
    to_assistant = asks_what_assistant_said(query)  # else the question is about the user
    several = bool(named) and asks_for_several(query)
    boost = settings.several_subject_boost if several else settings.subject_boost
    share = settings.neighbour_share
    weighted: dict[int, float] = {}
    why: dict[int, dict[str, Any]] = {}
    span = (iso(window.start), iso(window.end)) if window is not None else None
    phrase = window.phrase if window is not None else ""

    def weigh(r: Any, relevance: float) -> None:
        mid, factor = r["id"], 1.0
        notes: dict[str, Any] = {}
        if named and r["subject"] in named:
            factor *= 1.0 + boost
            notes["subject_named"] = True
            if several:
                notes["asks_for_several"] = True
        if settings.assistant_penalty > 0 and (r["subject"] == ASSISTANT_SUBJECT) != to_assistant:
            factor *= 1.0 - settings.assistant_penalty  # said by the side not asked about
            notes["other_side"] = True
        if ask_penalty > 0 and only_asks(r["content"]):
            factor *= 1.0 - ask_penalty
            notes["only_asks"] = True
        if span is not None and span[0] <= r["created_at"] < span[1]:
            factor *= 1.0 + settings.time_boost
            notes["in_time_window"] = phrase
        if rare and r["id"] in rare:
            factor *= 1.0 + settings.rare_term_boost
            notes["rare_term"] = rare[r["id"]]
        if lifted and r["id"] in lifted:
            notes["preference_pass"] = True
        notes["signal_factor"] = round(factor, 6)
        weighted[mid], why[mid] = relevance * factor, notes

    for r in rows:
        weigh(r, fused[r["id"]])
    places = {r["id"]: (r["session_id"], r["created_at"]) for r in rows
              if r["session_id"] is not None}
    sources = top_places(weighted, places, NEIGHBOUR_SOURCES) if share > 0 else []
    times = neighbour_times(conn, owner, sources)
    missing = neighbours_to_add(sources[:NEIGHBOURS_ADDED_FROM], set(places.values()),
                                times) if neighbour_filter is not None else set()
    if missing:
        where, params = neighbour_filter  # type: ignore[misc]
        sql = load_sql("neighbour_rows").replace("{columns}", HIT_COLUMNS)
        added = conn.execute(sql.replace("{filters}", where),
                                  [json.dumps(sorted(missing)), owner, *params]).fetchall()
        rows = list(rows)
        for r in added:
            if r["id"] not in weighted:
                rows.append(r)
                weigh(r, 0.0)
                why[r["id"]]["added_as_neighbour"] = True
                places[r["id"]] = (r["session_id"], r["created_at"])
    bonus = spread_to_neighbours(weighted, places, sources, times, share)
    out = {}
    for mid, value in weighted.items():
        extra = bonus.get(mid, 0.0)
        if extra:
            why[mid]["neighbour_bonus"] = round(extra, 6)
        elif why[mid].get("added_as_neighbour"):
            continue  # its neighbour scored nothing after all
        out[mid] = (value + extra, why[mid])
    return [r for r in rows if r["id"] in out], out
