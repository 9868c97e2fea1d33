"""Serving: hybrid search over one owner's memories (FTS5 bm25 + FAISS, fused by RRF).

Final score = RRF(fts, vector) x (0.95 + 0.05 x decay) x (1 + 0.01 x (importance - 3)), where
decay is computed at the query's ``now``. Relevance leads: in RRF (k=20) one rank step near
the top is worth ~4.5%, so importance (at most +-2%) only breaks near-ties and a fully decayed
memory loses at most 5%, never burying the hit that answers the question. Every returned
hit is logged in ``access_log`` (unless ``reinforce=False``) and the decay stage turns those
rows into reinforcement.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from kore_pipeline.embed.cache import Embedder, make_embedder
from kore_pipeline.index.vectors import INDEX_FILE, VectorIndex
from kore_pipeline.serve.allowed import AllowedIds
from kore_pipeline.serve.ranking import (
    named_query,
    neighbour_times,
    neighbours_to_add,
    only_asks,
    owner_subjects,
    spread_to_neighbours,
    top_places,
)
from kore_pipeline.serve.several import asks_for_several
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect_reader, get_meta, transaction
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.text.normalize import fold
from kore_pipeline.text.stopwords import is_stopword
from kore_pipeline.text.when import TimeWindow, question_window, without_phrase
from kore_pipeline.timeutil import iso, parse_ts, resolve_now

log = logging.getLogger(__name__)
_TOKEN = re.compile(r"\w+", re.UNICODE)
_OWNER_TOKEN = re.compile(r"[^\W_]", re.UNICODE)
MAX_QUERY_TOKENS = 64
NEIGHBOUR_SOURCES = 30
"""The best candidates that lend ``neighbour_share`` of their score to the turns around them
(a candidate further down lends too little to move anything into the top k)."""
NEIGHBOURS_ADDED_FROM = 10
"""The turns just before and after this many best candidates join the candidates."""
_HIT_COLUMNS = ("m.id, m.owner, m.subject, m.type, m.category, m.content, m.importance,"
                " m.created_at, m.last_accessed_at, m.access_count, m.source_message_ids,"
                " m.status, m.session_id,"
                " julianday(coalesce(m.last_accessed_at, m.created_at)) AS ref_jd")
ACCESS_LOG_WAIT_MS = 2000
"""How long a search of its own connection waits for the write lock to log its accesses."""


@dataclass
class SearchHit:
    """One result, as printed by ``kore search``."""

    memory_id: int
    owner: str
    subject: str
    type: str
    category: str
    content: str
    importance: int
    decay_score: float
    score: float
    source_message_ids: list[str]
    created_at: str
    status: str
    fts_rank: int | None = None
    vector_rank: int | None = None
    explain: dict[str, Any] = field(default_factory=dict)
    """The components of its rank (``serve.explain``): ``keyword_rank``, ``vector_rank``
    (None: not in that stream), their RRF parts and ``rrf``, ``decay`` (at the query's
    ``now``), ``importance``, ``relevance_weight``, ``tier`` (active / forgotten / archived /
    superseded) and ``tier_penalty``, and ``fused_score`` (the hit's score); a fact that took
    its own episode's place (:func:`drop_restatements`) adds ``in_place_of``: the episode's
    ``memory_id``, ``keyword_rank``, ``vector_rank`` and ``fused_score``. The ranking
    signals (``serve.ranking``) add ``subject_named`` (with ``asks_for_several`` when the
    question asks about several things, ``serve.several``), ``only_asks``,
    ``neighbour_bonus`` and ``added_as_neighbour`` where they apply."""
    valid_from: str | None = None
    """When it became true (when it was said)."""
    valid_until: str | None = None
    """When a later statement superseded it (None while current)."""
    superseded_by: int | None = None
    """The memory that superseded it, if it was."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def fts_query(text: str) -> str | None:
    """A safe FTS5 MATCH expression: each word quoted, OR-ed; None when no word remains.

    Quoting every token neutralises FTS5 syntax (NEAR, *, -, :, ^, parentheses, quotes);
    function words ("which", "did", "che") are dropped unless nothing else is left.
    """
    words = list(dict.fromkeys(t.lower() for t in _TOKEN.findall(text) if t.strip("_")))
    tokens = [t for t in words if not is_stopword(t)] or words  # all stopwords: keep them
    tokens = tokens[:MAX_QUERY_TOKENS]
    return " OR ".join(f'"{t}"' for t in tokens) if tokens else None


def fts_match(text: str, owner: str) -> str | None:
    """The whole MATCH expression: content must match, name adds, one owner (sql/search_fts)."""
    words = fts_query(text)
    if words is None:
        return None
    expr = f"content : ({words}) AND {{content subject}} : ({words})"
    phrase = owner.replace("\x00", "").replace('"', '""')  # NUL would end the SQL string
    # FTS5 unicode61 separates on "_" as on punctuation: an owner without a letter or digit
    # has no token to match and is left to the SQL filter.
    if _OWNER_TOKEN.search(phrase):
        expr += ' AND owner : "' + phrase + '"'
    return expr


def rrf(ranks: dict[str, dict[int, int]], weights: dict[str, float], k: int) -> dict[int, float]:
    """Reciprocal Rank Fusion: sum of weight / (k + rank) over streams (ranks start at 1)."""
    fused: dict[int, float] = {}
    for stream, ranking in ranks.items():
        w = weights.get(stream, 1.0)
        for mid, rank in ranking.items():
            fused[mid] = fused.get(mid, 0.0) + w / (k + rank)
    return fused


def relevance_weight(decay: float, importance: int, decay_weight: float = 0.05,
                     importance_weight: float = 0.01) -> float:
    """Multiplier applied to the fused relevance: decay and importance reorder near-ties."""
    return ((1.0 - decay_weight + decay_weight * decay)
            * (1.0 + importance_weight * (importance - 3)))


@dataclass
class SearchFilters:
    """Narrowing applied to both streams; the owner is always applied on top."""

    subject: str | None = None
    session_id: str | None = None
    type: str | None = None
    category: str | None = None
    since: datetime | str | None = None
    """Only memories created at or after this time."""
    until: datetime | str | None = None
    """Only memories created at or before this time."""
    include_archived: bool = False
    """Also forgotten, merged, compacted and superseded memories (never deleted ones)."""
    include_forgotten: bool = True
    """Also the forgotten tier (decayed memories), ranked with ``forgotten_penalty``: a
    question that matches a forgotten memory well still finds it. ``kore context`` (the
    working set) sets it False, so it follows decay."""
    include_superseded: bool = False
    """Also superseded memories (what was true before a later statement changed it)."""
    as_of: datetime | str | None = None
    """What was true then: memories said by this time and not superseded before it
    (active or superseded ones)."""

    def where(self, owner: str, now: datetime, retention_days: int | None) -> tuple[str, list]:
        """SQL condition on table alias ``m`` and its parameters."""
        sql, params = self.stable_where(owner)
        clauses = [sql]
        clauses.append("(m.expires_at IS NULL OR m.expires_at > ?)")
        params.append(iso(now))
        if retention_days is not None:
            clauses.append("m.created_at >= ?")
            params.append(iso(now - timedelta(days=retention_days)))
        return " AND ".join(clauses), params

    def stable_where(self, owner: str) -> tuple[str, list]:
        """The part of :meth:`where` that does not depend on ``now`` (no expiry, retention)."""
        clauses = ["m.owner = ?"]
        params: list[Any] = [owner]
        if self.include_archived:
            clauses.append("m.status != 'deleted'")
        else:
            statuses = ["active"]
            if self.include_forgotten:
                statuses.append("forgotten")
            if self.include_superseded or self.as_of is not None:
                statuses.append("superseded")
            clauses.append("m.status IN (" + ", ".join(f"'{x}'" for x in statuses) + ")")
        if self.as_of is not None:
            at = iso(resolve_now(self.as_of))
            clauses.append("coalesce(m.valid_from, m.created_at) <= ?"
                           " AND (m.valid_until IS NULL OR m.valid_until > ?)")
            params += [at, at]
        for column, value in (("subject", self.subject), ("session_id", self.session_id),
                              ("type", self.type), ("category", self.category)):
            if value is not None:
                clauses.append(f"m.{column} = ?")
                params.append(value)
        if self.since is not None:
            clauses.append("m.created_at >= ?")
            params.append(iso(resolve_now(self.since)))
        if self.until is not None:
            clauses.append("m.created_at <= ?")
            params.append(iso(resolve_now(self.until)))
        return " AND ".join(clauses), params


MODES = ("hybrid", "fts", "semantic")
_PAST_CUES = re.compile(
    r"\b(?:before|used\s+to|previous(?:ly)?|formerly|former|earlier|originally|at\s+first|"
    r"no\s+longer|any\s?more|(?<!\bhow\s)(?<!\byears\s)old|prior|until|was\s+(?:my|our|the)\b.*\bbefore|changed?|"
    r"prima|precedente|vecchi[oa]|antes|anterior(?:mente)?|avant|précédent|ancien(?:ne)?|"
    r"vorher|früher|davor|ehemalig\w*)\b", re.IGNORECASE | re.UNICODE)


def asks_about_past(query: str) -> bool:
    """Whether a question is about what was true before ("what was my budget before the
    change?", "where did I use to live?"): then superseded memories may answer it."""
    return _PAST_CUES.search(query) is not None


def _folded(text: str) -> str:
    return " ".join(fold(text).casefold().replace(".", " ").split())


def _whole_statement(fact: str, episode: str) -> bool:
    """Whether ``fact`` occurs in ``episode`` ending at a word and number boundary (not the
    "2" of "2,500"): only then can it stand for the episode."""
    at = episode.find(fact)
    if at < 0:
        return False
    after = episode[at + len(fact):]
    return not after or not (after[0].isalnum() or (after[0] in ",." and after[1:2].isdigit()))


def _placed_by(episode: SearchHit) -> dict[str, Any]:
    """Why a fact sits where ``episode`` ranked: the episode's id, ranks and score."""
    why = episode.explain
    return {"memory_id": episode.memory_id, "keyword_rank": why.get("keyword_rank"),
            "vector_rank": why.get("vector_rank"), "fused_score": episode.score}


def drop_restatements(hits: Iterable[SearchHit], limit: int | None = None) -> list[SearchHit]:
    """Drop a hit that only restates a better-ranked one from the same message.

    A fact and the episode it was extracted from often both match; the agent needs the
    wording once. Hits are kept in order; one is dropped when a kept hit of the same subject
    shares a source message and one text contains the other, except that a fact replaces
    its own better-ranked episode (at the episode's rank: the statement, not the chatter).
    With ``limit``, stops once that many are kept (the same first ``limit`` hits as without
    it; a fact ranked below them no longer replaces its episode).
    """
    kept: list[SearchHit] = []
    seen: list[tuple[str, set[str], str]] = []  # (subject, sources, folded text) of kept
    for hit in hits:
        text, sources = _folded(hit.content), set(hit.source_message_ids)
        same = next((i for i, (subject, ksources, ktext) in enumerate(seen)
                     if subject == hit.subject and sources & ksources
                     and (text in ktext or ktext in text)), None)
        if same is None:
            kept.append(hit)
            seen.append((hit.subject, sources, text))
            if limit is not None and len(kept) >= limit:
                break
        elif hit.type == "factual" and kept[same].type == "episodic" \
                and _whole_statement(text, seen[same][2]):
            # the fact said in that episode takes the episode's place: the agent gets the
            # statement itself ("favourite coffee: Ethiopian dark roast"), ranked as high;
            # its explain keeps its own ranks and names the episode whose place it took
            episode = kept[same]
            explain = {**hit.explain, "in_place_of": _placed_by(episode)} if hit.explain \
                else hit.explain
            kept[same] = replace(hit, source_message_ids=list(dict.fromkeys(
                hit.source_message_ids + episode.source_message_ids)), explain=explain)
            seen[same] = (hit.subject, sources | seen[same][1], seen[same][2])
    return kept


class Searcher:
    """Opens the store and index once; answers many queries (the model loads on first need).

    The index is reloaded when a pipeline run has rewritten it, so a long-running server
    (``kore mcp``) sees new memories without a restart.
    """

    def __init__(self, settings: KoreSettings, embedder: Embedder | None = None,
                 conn: sqlite3.Connection | None = None, read_only: bool = False) -> None:
        self.settings = settings
        db_path = settings.db_path()
        if conn is None and not read_only and not os.access(db_path.parent, os.W_OK):
            read_only = True  # a read-only home: searchable, accesses not logged
        self.read_only = read_only and conn is None
        # Without a connection of the caller's, the store is opened for reading only (no
        # schema work, no lock): a writer holding the lock for minutes never delays a
        # search. The access log waits at most ACCESS_LOG_WAIT_MS for the lock.
        self.conn = conn or connect_reader(db_path, ACCESS_LOG_WAIT_MS, read_only=read_only)
        self._embedder = embedder
        self._index: VectorIndex | None = None
        self._index_mtime: float | None = None
        self.repaired: list[str] = []
        """Why the index was rebuilt from the stored vectors while serving (for the CLI)."""
        self.allowed_ids = AllowedIds()
        """Ids each filter allows, cached between queries while the store is unchanged."""
        self._subjects: dict[str, tuple[Any, list[str]]] = {}
        """Each owner's subjects (the names a question may use), while the store is unchanged."""
        self._last_query: tuple[str, Any] | None = None
        """The last query text embedded and its vector."""

    @property
    def embedder(self) -> Embedder:
        """The query embedder, made on first use (a keyword search never needs it)."""
        if self._embedder is None:
            self._embedder = make_embedder(self.settings)
        return self._embedder

    @embedder.setter
    def embedder(self, value: Embedder) -> None:
        self._embedder, self._last_query = value, None

    @property
    def index(self) -> VectorIndex | None:
        """The saved FAISS index, reloaded if its file changed since the last query."""
        path = self.settings.index_dir() / INDEX_FILE
        mtime = path.stat().st_mtime if path.is_file() else None
        if mtime != self._index_mtime or self._index is None:
            from kore_pipeline.index.sync import INDEX_HASH_KEY, repair_index

            saved = VectorIndex.read_meta(self.settings.index_dir()) or {}
            committed = get_meta(self.conn, INDEX_HASH_KEY)
            if self._index is not None and committed and saved.get("sha256") != committed:
                return self._index  # a run wrote its index but has not committed: keep ours

            problem = None
            if not self.read_only:
                try:
                    problem = repair_index(self.conn, self.settings, self.embedder)
                except sqlite3.OperationalError as exc:  # a writer holds the lock: it rebuilds
                    log.warning("FAISS index not repaired now (%s)", exc)
            if problem is not None:
                self.repaired.append(problem)
                mtime = path.stat().st_mtime if path.is_file() else None
            try:
                self._index = VectorIndex.load(self.settings.index_dir())
            except (RuntimeError, ValueError, KeyError) as exc:  # unreadable: keywords answer
                log.warning("FAISS index unreadable (%s); keyword search only", exc)
                self._index = None
            self._index_mtime = mtime
            if self._index is not None:
                self._index.nprobe = self.settings.vector_index_nprobe
                self._index.filter_exact_max = self.settings.vector_filter_exact_max
                self._index.subset_cache_max = self.settings.vector_subset_cache
        return self._index

    def _index_matches_store(self, index: VectorIndex | None) -> bool:
        """Whether ``index`` is the one the store's current snapshot committed."""
        if index is None or index.sha256 is None:
            return True
        from kore_pipeline.index.sync import INDEX_HASH_KEY

        committed = get_meta(self.conn, INDEX_HASH_KEY)
        return not committed or committed == index.sha256

    def warm(self, owners: list[str] | None = None, now: datetime | str | None = None) -> int:
        """Fill the search caches for ``owners`` (default: every owner with an active memory)
        under the default filter: their allowed ids, and on an IVF index their vectors
        gathered contiguously (up to ``vector_subset_cache``). A serving process calls this
        once at start so that no owner's first query pays for it; returns the owners warmed.
        """
        index = self.index
        if owners is None:
            owners = [r[0] for r in self.conn.execute(
                "SELECT DISTINCT owner FROM memories WHERE status = 'active'")]
        filters = SearchFilters()
        clock = resolve_now(now)
        if self.conn.in_transaction:
            return 0
        for owner in owners:
            version = self.allowed_ids.version(self.conn)
            self.conn.execute("BEGIN")
            try:
                allowed = self.allowed_ids.ids(self.conn, filters, owner, clock,
                                               self.settings.retention_days, version)
            finally:
                self.conn.execute("COMMIT")
            if index is not None and len(allowed):
                index.prefetch(allowed)
        return len(owners)

    def subjects(self, owner: str, version: Any) -> list[str]:
        """``owner``'s subjects, cached per store version (``None``: read them now)."""
        cached = self._subjects.get(owner)
        if version is not None and cached is not None and cached[0] == version:
            return cached[1]
        names = owner_subjects(self.conn, owner)
        if version is not None:
            if len(self._subjects) > 256:
                self._subjects.clear()
            self._subjects[owner] = (version, names)
        return names

    def close(self) -> None:
        """Close the store connection."""
        self.conn.close()

    def _ranks(self, text: str, owner: str, where: str, params: list, n: int,
               index: VectorIndex | None, mode: str, allowed: Any) -> dict[str, dict[int, int]]:
        """Each stream's ranks of the memories ``where`` allows (a mode's other stream: {})."""
        return {"fts": self._fts(text, owner, where, params, n) if mode != "semantic" else {},
                "vector": self._vector(text, where, params, n, index, allowed)
                if mode != "fts" else {}}

    def _fuse(self, ranks: dict[str, dict[int, int]]) -> dict[int, float]:
        return rrf(ranks, {"fts": self.settings.fts_weight,
                           "vector": self.settings.vector_weight}, self.settings.rrf_k)

    @staticmethod
    def _in_window(filters: SearchFilters, window: TimeWindow) -> SearchFilters:
        """``filters`` narrowed to the memories said in ``window`` (and in their own range)."""
        since, until = window.start, window.end - timedelta(seconds=1)  # ``until`` inclusive
        if filters.since is not None:
            since = max(since, resolve_now(filters.since))
        if filters.until is not None:
            until = min(until, resolve_now(filters.until))
        return replace(filters, since=since, until=until)

    def _fts(self, query: str, owner: str, where: str, params: list,
             limit: int) -> dict[int, int]:
        match = fts_match(query, owner)
        if match is None:
            return {}
        sql = load_sql("search_fts").replace("{filters}", where)
        rows = self.conn.execute(sql, [match, *params, limit]).fetchall()
        return {int(r[0]): i for i, r in enumerate(rows, start=1)}

    def _vector(self, query: str, where: str, params: list, limit: int,
                index: VectorIndex | None, allowed: Any = None) -> dict[int, int]:
        """Vector ranks among the ids the filter allows (``allowed``: a callable giving them,
        else they are read with ``where``)."""
        if index is None or not query.strip():
            return {}
        if index.signature != self.embedder.signature:
            return {}  # built with another model (or dimension): FTS alone answers
        if allowed is not None:
            allowed = allowed()
        else:
            allowed = [r[0] for r in self.conn.execute(
                f"SELECT m.id FROM memories AS m WHERE {where}", params)]
        if not len(allowed):
            return {}
        vec = self._encode_query(query[:4000])
        hits = index.search(vec, limit, allowed_ids=allowed)
        floor = self.settings.min_vector_similarity
        return {mid: i for i, (mid, _s) in enumerate((h for h in hits if h[1] >= floor), start=1)}

    def _encode_query(self, text: str) -> Any:
        """The query's vector; a torch backend uses ``settings.query_encode_threads`` threads.
        The last one is kept: a query that says when is searched twice (text/when)."""
        last = self._last_query
        if last is not None and last[0] == text:
            return last[1]
        threads = self.settings.query_encode_threads
        if not threads or getattr(self.embedder, "backend", "") != "sentence-transformers":
            vec = self.embedder.encode_queries([text])[0]
        else:
            import torch

            before = torch.get_num_threads()
            torch.set_num_threads(threads)
            try:
                vec = self.embedder.encode_queries([text])[0]
            finally:
                torch.set_num_threads(before)
        self._last_query = (text, vec)
        return vec

    def search(self, query: str, owner: str, k: int = 10, now: datetime | str | None = None,
               reinforce: bool = True, include_archived: bool = False, mode: str = "hybrid",
               filters: SearchFilters | None = None, as_of: datetime | str | None = None,
               include_superseded: bool | None = None) -> list[SearchHit]:
        """Top-k memories of ``owner`` for ``query``; never returns another owner's memory.

        ``mode``: ``hybrid`` (FTS5 + vectors, fused by RRF), ``fts`` or ``semantic``.
        ``as_of``: what was true at that time (superseded memories that were current then).
        ``include_superseded``: also superseded memories, their score multiplied by
        ``settings.superseded_penalty``; None (default) = when the query asks about the past.
        """
        if mode not in MODES:
            raise ValueError(f"unknown search mode {mode!r} (expected one of {', '.join(MODES)})")
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number of at least 1, not {k!r}")
        clock = resolve_now(now)
        filters = filters or SearchFilters()
        if include_archived:
            filters = replace(filters, include_archived=True)
        if as_of is not None:
            filters = replace(filters, as_of=as_of)
        if include_superseded is None:
            include_superseded = filters.include_superseded or asks_about_past(query)
        if include_superseded and not filters.include_superseded:
            filters = replace(filters, include_superseded=True)
        where, params = filters.where(owner, clock, self.settings.retention_days)
        n = max(self.settings.search_candidates, k)
        # One read transaction: keyword ranks, allowed ids and scores all come from one
        # committed state of the store, never from both sides of a concurrent commit; and the
        # vector index is the one that state committed (a run may commit a new index between
        # our loading it, outside the snapshot, and the snapshot: then load it and read again).
        snapshot = not self.conn.in_transaction
        for attempt in range(3):
            index = self.index if mode != "fts" else None
            version = self.allowed_ids.version(self.conn) if snapshot else None  # before BEGIN
            if snapshot:
                self.conn.execute("BEGIN")
                if attempt < 2 and not self._index_matches_store(index):
                    self.conn.execute("COMMIT")
                    self._index_mtime = None  # reload on the next look
                    continue
            break

        def allowed() -> Any:
            if version is None:
                return None
            return self.allowed_ids.ids(self.conn, filters, owner, clock,
                                        self.settings.retention_days, version)

        try:
            asked = named_query(query, self.subjects(owner, version))
            window = question_window(asked.text, clock) if self.settings.time_boost > 0 else None
            text = without_phrase(asked.text, window) if window else asked.text
            ranks = self._ranks(text, owner, where, params, n, index, mode,
                                allowed if version is not None else None)
            fused = self._fuse(ranks)
            if window is not None:  # the same query among the memories said in the window
                inside = self._in_window(filters, window)
                w_where, w_params = inside.where(owner, clock, self.settings.retention_days)
                w_allowed = (lambda: self.allowed_ids.ids(
                    self.conn, inside, owner, clock, self.settings.retention_days,
                    version)) if version is not None else None
                for mid, value in self._fuse(self._ranks(
                        text, owner, w_where, w_params, n, index, mode, w_allowed)).items():
                    fused[mid] = max(fused.get(mid, 0.0), value)
            scored = self._score(fused, ranks, owner, clock, filters.include_archived,
                                 asked.subjects, (where, params) if mode == "hybrid" else None,
                                 window, query)
            if filters.include_superseded or filters.include_archived or \
                    filters.as_of is not None:
                scored = self._with_history(list(scored), filters.as_of is None)
            hits = drop_restatements(scored, limit=k) if fused else []
        finally:
            if snapshot:
                self.conn.execute("COMMIT")
        if not hits:
            return []
        if reinforce and hits and not self.read_only:
            self.log_access([h.memory_id for h in hits], owner, clock, query)
        return hits

    def log_access(self, memory_ids: list[int], owner: str, now: datetime, query: str) -> bool:
        """Record accesses; the decay stage turns them into reinforcement on its next run.

        A search never fails because a long run holds the write lock past the busy timeout:
        the accesses are then not recorded (a warning says how many) and False is returned.
        """
        before = self.conn.total_changes
        try:
            with transaction(self.conn):
                self.conn.executemany(
                    "INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                    " VALUES (?,?,?,?)", [(mid, owner, iso(now), query[:500])
                                          for mid in memory_ids])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            log.warning("store busy (%s): %d accesses of owner %r not recorded", exc,
                        len(memory_ids), owner)
            return False
        finally:  # our own writes never invalidate the allowed-id cache
            self.allowed_ids.own_changes += self.conn.total_changes - before
        return True

    def _with_history(self, hits: list[SearchHit], penalise: bool) -> list[SearchHit]:
        """Hits with their validity; superseded ones scored down by ``superseded_penalty``
        (not as of a date: then they were what was true)."""
        if not hits:
            return hits
        marks = ",".join("?" * len(hits))
        rows = {int(r[0]): r for r in self.conn.execute(
            f"SELECT id, coalesce(valid_from, created_at), valid_until, merged_into FROM"
            f" memories WHERE id IN ({marks})", [h.memory_id for h in hits])}
        out = []
        for h in hits:
            r = rows[h.memory_id]
            superseded = h.status == "superseded"
            score = round(h.score * self.settings.superseded_penalty, 6) \
                if superseded and penalise else h.score
            explain = h.explain if score == h.score else {
                **h.explain, "tier": "superseded",
                "tier_penalty": self.settings.superseded_penalty, "fused_score": score}
            out.append(replace(h, valid_from=r[1], valid_until=r[2], score=score,
                               superseded_by=r[3] if superseded else None, explain=explain))
        out.sort(key=lambda h: (-h.score, h.memory_id))
        return out

    def _explain(self, ranks: dict[str, dict[int, int]], row: Any, rrf_score: float,
                 decay: float, tier: float, score: float) -> dict[str, Any]:
        """The components of a hit's rank (the keys ``serve.explain`` documents, + tier)."""
        k, mid = self.settings.rrf_k, row["id"]
        kw, vec = ranks["fts"].get(mid), ranks["vector"].get(mid)
        status = row["status"]
        return {"keyword_rank": kw, "vector_rank": vec,
                "keyword_rrf": round(self.settings.fts_weight / (k + kw), 6) if kw else 0.0,
                "vector_rrf": round(self.settings.vector_weight / (k + vec), 6) if vec else 0.0,
                "rrf": round(rrf_score, 6), "decay": round(decay, 4),
                "importance": row["importance"],
                "relevance_weight": round(relevance_weight(
                    decay, row["importance"], self.settings.decay_weight,
                    self.settings.importance_weight), 6),
                "tier": status if status in ("active", "forgotten") else "archived",
                "tier_penalty": tier, "fused_score": score}

    def _score(self, fused: dict[int, float], ranks: dict[str, dict[int, int]], owner: str,
               now: datetime, include_archived: bool = False,
               named: frozenset[str] = frozenset(),
               neighbour_filter: tuple[str, list] | None = None,
               window: TimeWindow | None = None, query: str = "") -> Iterable[SearchHit]:
        """The candidates as hits, best first (built lazily).

        The fused relevance is first weighted by the ranking signals of ``serve.ranking``
        (a named subject, a memory that only asks, the neighbouring turns, which may add a
        turn (episode) the streams missed if ``neighbour_filter``, the search's condition on
        alias ``m``, allows it: hybrid search only); then by the tier
        and by decay, recomputed at ``now`` exactly as the decay pass does it (SQLite's
        ``julianday`` of the last access, else creation, and :func:`decay.decay_scores`).
        """
        from kore_pipeline.lifecycle.decay import decay_scores, julian_day

        ids = list(fused)
        marks = ",".join("?" * len(ids))
        rows = self.conn.execute(
            f"SELECT {_HIT_COLUMNS} FROM memories AS m"
            f" WHERE m.id IN ({marks}) AND +m.owner = ?",  # "+": by id, not an owner index
            [*ids, owner]).fetchall()
        if not rows:
            return []
        rows, signals = self._signals(fused, rows, owner, named, neighbour_filter, window,
                                      query)
        fused = {**{mid: 0.0 for mid in signals}, **fused}  # neighbours added: no stream score
        refs = np.array([julian_day(parse_ts(r["last_accessed_at"] or r["created_at"]))
                         if r["ref_jd"] is None else r["ref_jd"] for r in rows])
        decays = decay_scores(np.array([r["importance"] for r in rows], dtype=np.float64),
                              julian_day(now) - refs,
                              np.array([r["access_count"] for r in rows], dtype=np.float64),
                              self.settings)
        scored = []
        penalty = float(self.settings.forgotten_penalty)
        archived = include_archived  # the archive asked for: every tier ranks alike
        for r, decay in zip(rows, decays.tolist(), strict=True):
            tier = penalty if r["status"] == "forgotten" and not archived else 1.0
            if tier <= 0:
                continue
            relevance = signals[r["id"]][0]
            score = round(relevance * tier * relevance_weight(
                decay, r["importance"], self.settings.decay_weight,
                self.settings.importance_weight), 6)
            scored.append((-score, r["id"], decay, r, tier))
        scored.sort(key=lambda t: (t[0], t[1]))
        # Hits are built (source ids decoded) only as far as the caller reads.
        return (SearchHit(
            memory_id=r["id"], owner=r["owner"], subject=r["subject"], type=r["type"],
            category=r["category"], content=r["content"], importance=r["importance"],
            decay_score=round(decay, 4), score=-neg,
            source_message_ids=json.loads(r["source_message_ids"]),
            created_at=r["created_at"], status=r["status"],
            fts_rank=ranks["fts"].get(r["id"]), vector_rank=ranks["vector"].get(r["id"]),
            explain={**self._explain(ranks, r, fused[r["id"]], decay, tier, -neg),
                     **signals[r["id"]][1]})
            for neg, _id, decay, r, tier in scored)

    def _signals(self, fused: dict[int, float], rows: list[Any], owner: str,
                 named: frozenset[str], neighbour_filter: tuple[str, list] | None,
                 window: TimeWindow | None = None, query: str = ""
                 ) -> tuple[list[Any], dict[int, tuple[float, dict[str, Any]]]]:
        """Each candidate's relevance after the ranking signals, and their explain keys:
        ``subject_named`` (x 1 + subject_boost; with ``asks_for_several``: ``query`` asks
        about several things, x 1 + several_subject_boost), ``only_asks`` (x 1 -
        question_penalty),
        ``in_time_window`` (said in the query's window: x 1 + time_boost),
        ``neighbour_bonus`` (added: neighbour_share x the best neighbouring turn) and
        ``added_as_neighbour`` (in neither stream: said just before or after a top hit).
        Returns the rows to score (``rows`` and the neighbours added) with those values."""
        ask_penalty = self.settings.question_penalty
        several = bool(named) and asks_for_several(query)
        boost = self.settings.several_subject_boost if several else self.settings.subject_boost
        share = self.settings.neighbour_share
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
            if ask_penalty > 0 and only_asks(r["content"]):
                factor *= 1.0 - ask_penalty
                notes["only_asks"] = True
            if span is not None and span[0] <= r["created_at"] < span[1]:
                factor *= 1.0 + self.settings.time_boost
                notes["in_time_window"] = phrase
            weighted[mid], why[mid] = relevance * factor, notes

        for r in rows:
            weigh(r, fused[r["id"]])
        places = {r["id"]: (r["session_id"], r["created_at"]) for r in rows
                  if r["session_id"] is not None}
        sources = top_places(weighted, places, NEIGHBOUR_SOURCES) if share > 0 else []
        times = neighbour_times(self.conn, owner, sources)
        missing = neighbours_to_add(sources[:NEIGHBOURS_ADDED_FROM], set(places.values()),
                                    times) if neighbour_filter is not None else set()
        if missing:
            where, params = neighbour_filter  # type: ignore[misc]
            sql = load_sql("neighbour_rows").replace("{columns}", _HIT_COLUMNS)
            added = self.conn.execute(sql.replace("{filters}", where),
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
