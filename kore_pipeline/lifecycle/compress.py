"""Compression: merge near-duplicate memories of one owner and subject.

Neighbours are searched inside each (owner, subject, type) group only (``similar_pairs``):
groups up to ``EXACT_MAX`` vectors are compared exactly, every pair, with numpy matrix
products; bigger groups by IVF blocking (sub-quadratic, approximate: each vector is compared
with the members of its nearest lists only). Only the columns needed for grouping and
embedding are read for every memory (their vectors by one scan of the embedding cache when
they are many); the full rows are read only for memories that have a candidate pair. Pairs
are merged greedily by descending cosine. One merge level per pass: a memory that absorbed
another in this pass is not itself archived in the same pass (its merged text has no vector
yet); the next pass, after the caller re-embeds the changed keepers, can merge it further.
The FAISS index is not touched here.

Incremental: a pass compares only the *pending* memories (``compress_pending``: added,
changed or restored since they were last compared, see :mod:`.pending`) with the members of
their groups; other groups are not read, nor are their vectors. After a complete run (passes
until nothing merges) no similar pair is left among the others, so the pairs found are those
a full pass would find, and the merges the same (``tests/lifecycle/test_compress_incremental``;
in groups above ``EXACT_MAX`` the new members are compared exactly, where a full pass blocks).
``full=True``, or a changed embedder, threshold or grouping, compares every pair again.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from kore_pipeline.embed.cache import Embedder, EmbeddingCache, embed_text, embed_with_cache
from kore_pipeline.ids import text_hash
from kore_pipeline.lifecycle import pending
from kore_pipeline.lifecycle.similar_pairs import (  # noqa: F401 (exact_pairs, find_similar_pairs: re-exported)
    exact_pairs,
    find_similar_pairs,
    pairs_of_groups,
)
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.store import lifecycle
from kore_pipeline.store.lifecycle import Status
from kore_pipeline.text.endings import is_ending
from kore_pipeline.text.fact_guard import fact_difference
from kore_pipeline.text.normalize import TERMINAL, contains_words, sentence_key, split_sentences
from kore_pipeline.text.slots import replaces, slot_of, supersedes
from kore_pipeline.timeutil import iso, parse_ts

GROUP_BY = ["owner", "subject", "type"]
"""Only memories of one owner, one subject and one type merge: a fact never absorbs the
episode it was extracted from (both stay findable; the fact keeps its short wording)."""

EXACT_MAX = 512
"""Groups up to this size are compared exactly (every pair); bigger ones by IVF blocking."""

@dataclass
class CompressReport:
    """Outcome of one compression pass."""

    groups: int
    candidates: int
    merged: int
    compared: int = 0  # memories compared with their groups (the new ones; all in a full pass)
    pairs: list[tuple[int, int, float]] = field(default_factory=list)  # (kept, archived, cos)
    superseded: int = 0
    """Pairs where the later statement gave a slot another value: the earlier is superseded."""
    kept_apart: int = 0
    """Similar pairs the fact guard kept apart (a different number, date, negation, name)."""
    superseded_pairs: list[tuple[int, int, float]] = field(default_factory=list)  # (new, old, cos)
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of each step


def merge_texts(keep: str, other: str) -> str:
    """``keep``, then each sentence of ``other`` not already in it, joined with a space.

    Comparison ignores case, apostrophe style, whitespace and terminal punctuation. A sentence
    of ``other`` that is already said inside ``keep`` is dropped; one that contains a whole
    sentence of ``keep`` replaces it (nothing is lost, nothing is said twice). A piece that
    is followed by an added sentence gets a full stop if it has no terminal punctuation.
    """
    pieces = split_sentences(keep)
    norms = [sentence_key(p) for p in pieces]
    for sentence in split_sentences(other):
        norm = sentence_key(sentence)
        if not norm or norm in norms or contains_words(" ".join(norms), norm):
            continue
        wider = [i for i, n in enumerate(norms) if n and contains_words(norm, n)]
        if wider:  # the other says the same and more: keep its fuller wording once
            pieces[wider[0]], norms[wider[0]] = sentence, norm
            for i in reversed(wider[1:]):
                del pieces[i], norms[i]
            continue
        pieces.append(sentence)
        norms.append(norm)
    out = [p if i == len(pieces) - 1 or p.endswith(tuple(TERMINAL)) else p + "."
           for i, p in enumerate(pieces)]
    return " ".join(out)


def _keeper_first(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether ``a`` keeps over ``b``: higher importance, then older created_at, then lower id."""
    ka = (-a["importance"], parse_ts(a["created_at"]), a["id"])
    kb = (-b["importance"], parse_ts(b["created_at"]), b["id"])
    return ka < kb


def _absorb(keeper: dict[str, Any], other: dict[str, Any], now: datetime) -> None:
    """Fold ``other`` into ``keeper`` (in memory)."""
    keeper["content"] = merge_texts(keeper["content"], other["content"])
    keeper["content_hash"] = text_hash(keeper["content"])
    keeper["importance"] = max(keeper["importance"], other["importance"])
    keeper["sources"] = list(dict.fromkeys(keeper["sources"] + other["sources"]))
    if parse_ts(other["created_at"]) < parse_ts(keeper["created_at"]):
        keeper["created_at"] = other["created_at"]
    last = [t for t in (keeper["last_accessed_at"], other["last_accessed_at"]) if t]
    keeper["last_accessed_at"] = max(last, key=parse_ts) if last else None
    keeper["access_count"] += other["access_count"]
    keeper["updated_at"] = iso(now)


def _decay_scores(conn: sqlite3.Connection, keepers: list[dict[str, Any]], now: datetime,
                  settings: KoreSettings) -> list[float]:
    """Decay scores of merged keepers at ``now``, from their merged times and access counts.

    Computed exactly as the decay pass does (SQLite's ``julianday`` of the last access, else
    creation, :func:`decay.decay_scores`, a durable fact's half-life from its stored slot),
    so the score a keeper carries is the one the decay stage would give it: a decay run right
    after compression changes nothing.
    """
    from kore_pipeline.lifecycle.decay import decay_scores, julian_day
    from kore_pipeline.lifecycle.durable import is_durable

    texts = [r["last_accessed_at"] or r["created_at"] for r in keepers]
    days = [row[0] for row in conn.execute(  # one query, in order (json_each keeps it)
        "SELECT julianday(value) FROM json_each(?) ORDER BY key", (json.dumps(texts),))]
    refs = [julian_day(parse_ts(text)) if jd is None else float(jd)
            for text, jd in zip(texts, days, strict=True)]
    scores = decay_scores(np.array([float(r["importance"]) for r in keepers]),
                          julian_day(now) - np.array(refs, dtype=np.float64),
                          np.array([float(r["access_count"]) for r in keepers]), settings,
                          np.array([is_durable(r, settings) for r in keepers], dtype=bool))
    return [float(v) for v in scores]


def run_compress(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
                 cache: EmbeddingCache, now: datetime, run_id: str | None = None,
                 owner: str | None = None, full: bool = False) -> CompressReport:
    """Merge near-duplicate active memories within each (owner, subject, type); one transaction.

    The write lock is taken before the memories are read (``BEGIN IMMEDIATE``), so a memory
    deleted or changed by another writer is never merged from a stale read; embedding normally
    hits the cache, so the lock is short. Summaries (type or category 'summary') are never
    merged. Keepers get the merged text, max importance, the union of sources, the earliest
    created_at and the summed access count; the absorbed memory is archived as 'merged' with
    its original text. With ``settings.fact_guard``, a pair stating different facts (another
    number, date, negation or name) is kept apart, and one where the later statement gives
    the earlier's slot another value supersedes it instead (archived as 'superseded').
    Only new or changed memories are compared with their groups (see the module doc);
    ``full=True`` compares every pair again.
    """
    with store.transaction(conn):
        return _compress_locked(conn, settings, embedder, cache, now, run_id, owner, full)


_RECORD_COLUMNS = ("id", "content", "content_hash", "importance", "source_message_ids",
                   "created_at", "last_accessed_at", "access_count", "language",
                   "coalesce(valid_from, created_at) AS valid_from", "type", "slot",
                   "valid_until", "status")


def _records(conn: sqlite3.Connection, ids: list[int]) -> dict[int, dict[str, Any]]:
    """The merge-relevant columns of the given memories, by id (read in chunks)."""
    out: dict[int, dict[str, Any]] = {}
    cols = ", ".join(_RECORD_COLUMNS)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for r in conn.execute(f"SELECT {cols} FROM memories WHERE id IN ({marks})", chunk):
            rec = dict(zip(_RECORD_KEYS, r, strict=True))
            rec["id"] = int(rec["id"])
            rec["sources"] = store.decode_ids(rec.pop("source_message_ids"))
            out[rec["id"]] = rec
    return out


_RECORD_KEYS = tuple(c.rsplit(" AS ", 1)[-1] for c in _RECORD_COLUMNS)


def _decide(a: dict[str, Any], b: dict[str, Any], guard: bool) -> str:
    """What a similar pair becomes: 'merge', 'supersede' (the later gives the earlier's slot
    another value) or 'apart' (they state different facts: both stay)."""
    if not guard:
        return "merge"
    earlier, later = (b, a) if _later(a, b) else (a, b)
    old = slot_of(earlier["content"], earlier["language"])
    new = slot_of(later["content"], later["language"])
    if supersedes(old, new):
        if replaces(old, new, later["content"]):
            return "supersede"
        return "apart"  # several values of a slot one may hold at once ("fan", "learning")
    if old is not None and new is not None and old[0] == new[0] and old[1] != new[1] and (
            is_ending(old[1]) or is_ending(new[1])):
        return "apart"  # "not vegan" / "vegetarian": an ending of another value
    return "apart" if fact_difference(a["content"], b["content"]) is not None else "merge"


def _later(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether ``a`` was said after ``b`` (valid_from, then id)."""
    return (parse_ts(a["valid_from"]), a["id"]) > (parse_ts(b["valid_from"]), b["id"])


class _Clock:
    """Wall time of consecutive steps (for the report and the benchmark)."""

    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self._t = time.perf_counter()

    def lap(self, name: str) -> None:
        t = time.perf_counter()
        self.laps[name] = self.laps.get(name, 0.0) + t - self._t
        self._t = t


Group = tuple[np.ndarray, list[str], np.ndarray]
"""One group to compare: member ids (sorted), their embedded texts, which are new."""


def _all_groups(conn: sqlite3.Connection, where: str,
                params: tuple[Any, ...]) -> tuple[list[Group], int]:
    """Every group of the comparable memories (full pass), every member new; and the count
    of groups, singles included."""
    cur = conn.cursor()
    cur.row_factory = None
    grouped: dict[tuple[str, str, str], tuple[list[int], list[str]]] = {}
    for mid, owner, subject, mtype, content in cur.execute(
            f"SELECT id, owner, subject, type, content FROM memories WHERE {where}"
            " ORDER BY id", params):
        ids, texts = grouped.setdefault((owner, subject, mtype), ([], []))
        ids.append(mid)
        texts.append(embed_text(subject, content))
    out = [(np.asarray(i, dtype=np.int64), t, np.ones(len(i), dtype=bool))
           for i, t in grouped.values() if len(i) > 1]
    return out, len(grouped)


def _pending_groups(conn: sqlite3.Connection, new: dict[int, tuple[str, str, str]]
                    ) -> list[Group]:
    """The groups of the ``new`` memories (id -> group), read by index; new members marked."""
    out = []
    for owner, subject, mtype in sorted(set(new.values())):
        members = pending.group_members(conn, owner, subject, mtype)
        if len(members) < 2:
            continue
        ids = np.fromiter((m[0] for m in members), dtype=np.int64, count=len(members))
        out.append((ids, [embed_text(subject, m[1]) for m in members],
                    np.fromiter((m[0] in new for m in members), dtype=bool,
                                count=len(members))))
    return out


def _compress_locked(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
                     cache: EmbeddingCache, now: datetime, run_id: str | None,
                     owner: str | None, full: bool = False) -> CompressReport:
    """The body of :func:`run_compress`, inside its transaction."""
    clock = _Clock()
    key = pending.state_key(embedder.cache_id, settings.similarity_threshold, GROUP_BY,
                            EXACT_MAX, settings.fact_guard)
    incremental = pending.use_state(conn, key) and not full
    handled: list[int] = []
    if incremental:  # the pending memories, then their groups only
        rows = pending.pending_rows(conn, owner)
        handled = [int(r[0]) for r in rows]
        fresh = {int(r[0]): (r[1], r[2], r[3]) for r in rows if r[4]}
        groups = _pending_groups(conn, fresh)
        n_groups, compared = len(set(fresh.values())), len(fresh)
    else:
        where = "status = 'active' AND type != 'summary' AND category != 'summary'"
        params: tuple[Any, ...] = ()
        if owner is not None:
            where += " AND owner = ?"
            params = (owner,)
        groups, n_groups = _all_groups(conn, where, params)
        compared = int(conn.execute(f"SELECT count(*) FROM memories WHERE {where}",
                                    params).fetchone()[0])
    clock.lap("read")
    texts = [t for _ids, group_texts, _new in groups for t in group_texts]
    vectors = embed_with_cache(texts, embedder, cache)[0] if texts else np.zeros((0, 0))
    del texts
    clock.lap("vectors")
    bounds = np.cumsum([0] + [len(g[0]) for g in groups])
    found = pairs_of_groups([(g[0], vectors[bounds[k] : bounds[k + 1]], g[2])
                             for k, g in enumerate(groups)],
                            settings.similarity_threshold, exact_max=EXACT_MAX,
                            workers=settings.compress_workers)
    del groups
    del vectors
    clock.lap("pairs")
    candidates = sum(len(p) for p in found)
    records = _records(conn, sorted({i for pairs in found for a, b, _ in pairs
                                     for i in (a, b)}))
    clock.lap("records")
    archived: dict[int, int] = {}  # archived id -> keeper id
    absorbed: set[int] = set()     # keepers changed in this pass
    merged_pairs: list[tuple[int, int, float]] = []
    replaced: dict[int, int] = {}  # superseded id -> the later memory
    superseded_pairs: list[tuple[int, int, float]] = []
    superseders: set[int] = set()
    kept_apart = 0
    for pairs in found:
        for a, b, cos in pairs:
            if a in archived or b in archived or a in replaced or b in replaced:
                continue
            decision = _decide(records[a], records[b], settings.fact_guard)
            if decision == "apart":
                kept_apart += 1
                continue
            if decision == "supersede":
                new, old = (a, b) if _later(records[a], records[b]) else (b, a)
                if old in absorbed:  # its merged text has no vector yet: next pass
                    continue
                replaced[old] = new
                superseders.add(new)
                superseded_pairs.append((new, old, cos))
                continue
            keeper, other = (a, b) if _keeper_first(records[a], records[b]) else (b, a)
            if other in absorbed or other in superseders:  # one merge level per pass
                continue
            _absorb(records[keeper], records[other], now)
            archived[other] = keeper
            absorbed.add(keeper)
            merged_pairs.append((keeper, other, cos))
    clock.lap("merge")
    if merged_pairs:
        at = iso(now)
        keepers = [records[k] for k in sorted(absorbed)]
        scores = _decay_scores(conn, keepers, now, settings)
        conn.executemany(
            "UPDATE memories SET content = ?, content_hash = ?, importance = ?,"
            " source_message_ids = ?, created_at = ?, updated_at = ?, last_accessed_at = ?,"
            " access_count = ? WHERE id = ? AND status = 'active'",
            [(r["content"], r["content_hash"], r["importance"],
              json.dumps(r["sources"], ensure_ascii=False), r["created_at"], at,
              r["last_accessed_at"], r["access_count"], r["id"]) for r in keepers],
        )
        store.set_decay_scores(conn, [(r["id"], score)
                                      for r, score in zip(keepers, scores, strict=True)])
        others = sorted(archived)  # id order: the rows are visited in page order
        lifecycle.archive(conn, others, Status.MERGED, at, run_id,
                          merged_into=[archived[o] for o in others], only_active=True)
    if replaced:
        from kore_pipeline.store.validity import supersede

        supersede(conn, sorted(replaced.items()), iso(now), run_id)
    # the pending memories are compared now; keepers (new text) and superseders (whose
    # merges wait for the next pass) stay pending
    pending.done(conn, handled, sorted(absorbed | superseders), everything=not incremental,
                 owner=owner)
    clock.lap("write")
    return CompressReport(groups=n_groups, candidates=candidates, merged=len(merged_pairs),
                          pairs=merged_pairs, seconds=clock.laps, compared=compared,
                          superseded=len(replaced), kept_apart=kept_apart,
                          superseded_pairs=superseded_pairs)
