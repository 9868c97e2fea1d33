"""Serving: hybrid search over one owner's memories (FTS5 bm25 + FAISS, fused by RRF).

Final score = RRF(fts, vector) x (0.95 + 0.05 x decay) x (1 + 0.01 x (importance - 3)), where
decay is computed at the query's ``now``. Relevance leads: in RRF (k=20) one rank step near
the top is worth ~4.5%, so importance (at most +-2%) only breaks near-ties and a fully decayed
memory loses at most 5%, never burying the hit that answers the question. Every returned
hit is logged in ``access_log`` (unless ``reinforce=False``) and the decay stage turns those
rows into reinforcement.

The parts: :mod:`.filters` (what may be returned), :mod:`.fusion` (the streams' query and
RRF), :mod:`.scoring` (the ranking signals, tiers and decay), :mod:`.hits` (the result and
its restatements); :class:`Searcher` holds the store, index and caches and runs a query
through them in one read snapshot.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from kore_pipeline.embed.cache import Embedder, make_embedder
from kore_pipeline.index.vectors import INDEX_FILE, VectorIndex
from kore_pipeline.serve.allowed import AllowedIds
from kore_pipeline.serve.covering import asks_to_cover, sessions_of, spread
from kore_pipeline.serve.filters import MODES, SearchFilters, asks_about_past
from kore_pipeline.serve.fusion import fts_match, fts_query, relevance_weight, rrf
from kore_pipeline.serve.hits import SearchHit, drop_restatements
from kore_pipeline.serve.pending import PendingVectors, merged
from kore_pipeline.serve.ranking import named_query, owner_subjects
from kore_pipeline.serve.rare_terms import rare_term_holders
from kore_pipeline.serve.requests import PREFERENCE_KINDS, asks_for_choice, topic_terms
from kore_pipeline.serve.rerank import Reranker, make_reranker, rerank_hits
from kore_pipeline.serve.scoring import outdated_episodes, score_candidates, with_history
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect_reader, get_meta, transaction
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.text.when import TimeWindow, question_window, without_phrase
from kore_pipeline.timeutil import iso, resolve_now

__all__ = ["MODES", "SearchFilters", "SearchHit", "Searcher", "asks_about_past",
           "drop_restatements", "fts_match", "fts_query", "relevance_weight", "rrf"]
"""The search API; its parts are importable from here as before the split."""

log = logging.getLogger(__name__)
ACCESS_LOG_WAIT_MS = 2000
"""How long a search of its own connection waits for the write lock to log its accesses."""


class Searcher:
    """Opens the store and index once; answers many queries (the model loads on first need).

    The index is reloaded when a pipeline run has rewritten it, so a long-running server
    (``kore mcp``) sees new memories without a restart.
    """

    def __init__(self, settings: KoreSettings, embedder: Embedder | None = None,
                 conn: sqlite3.Connection | None = None, read_only: bool = False) -> None:
        self.settings = settings
        db_path = settings.db_path()
        if conn is None and not read_only and not (
                os.access(db_path.parent, os.W_OK) and os.access(db_path, os.W_OK)):
            read_only = True  # a read-only home: searchable, accesses not logged
        self.read_only = read_only and conn is None
        # Without a connection of the caller's, the store is opened for reading only (no
        # schema work, no lock): a writer holding the lock for minutes never delays a
        # search. The access log waits at most ACCESS_LOG_WAIT_MS for the lock.
        self.conn = conn or connect_reader(db_path, ACCESS_LOG_WAIT_MS, read_only=read_only)
        self._embedder = embedder
        self._model_ready = embedder is not None
        """A model was handed over or has encoded a query (no index: no load just for saves)."""
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
        self.pending = PendingVectors()
        """Vectors of memories saved or changed since the index stage (serve/pending)."""
        self._topic_vectors: dict[str, Any] = {}
        """The vector of each request topic's words (serve/requests), encoded once."""
        self.reranker: Reranker | None = make_reranker(settings)
        """The reranking stage (serve/rerank; None: ``settings.reranker`` is off)."""

    @property
    def embedder(self) -> Embedder:
        """The query embedder, made on first use (a keyword search never needs it)."""
        if self._embedder is None:
            self._embedder = make_embedder(self.settings)
        return self._embedder

    @embedder.setter
    def embedder(self, value: Embedder) -> None:
        self._embedder, self._last_query, self._model_ready = value, None, True
        self._topic_vectors = {}

    @property
    def model_loaded(self) -> bool:
        """Whether the query model is in memory (handed over, or loaded by a search)."""
        return self._model_ready

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
                self._follow(self._index.signature)
                self._index.nprobe = self.settings.vector_index_nprobe
                self._index.filter_exact_max = self.settings.vector_filter_exact_max
                self._index.subset_cache_max = self.settings.vector_subset_cache
        return self._index

    def _follow(self, signature: str) -> None:
        """Embed queries with the embedder of the index's signature when the configured one
        differs (a home moved to another embedder by ``kore reindex``); else keep it."""
        prefix = getattr(self.embedder, "signature_prefix", None)
        if prefix is None or signature.startswith(prefix):
            return  # the index's embedder, or a caller's own stand-in (kept as given)
        from kore_pipeline.embed.factory import embedder_for_signature

        other = embedder_for_signature(self.settings, signature)
        if other is not None:
            log.info("the index holds %s vectors: queries are embedded with %s", signature,
                     other.backend)
            self._embedder, self._last_query = other, None

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
                index: VectorIndex | None, allowed: Any = None,
                vec: Any = None) -> dict[int, int]:
        """Vector ranks among the ids the filter allows (``allowed``: a callable giving them,
        else they are read with ``where``); ``vec``: search with this vector, not the
        query's."""
        if not query.strip():
            return {}
        if index is None:  # nothing indexed yet: the pending memories, if a model is at hand
            if not self._model_ready:
                return {}
        elif index.signature != self.embedder.signature:
            return {}  # built with another model (or dimension): FTS alone answers
        pending = self.pending.rows(self.conn, where, params,
                                    self.settings.search_embed_pending)
        hits: list[tuple[int, float]] = []
        if index is not None:
            if allowed is not None:
                allowed = allowed()
            else:
                allowed = [r[0] for r in self.conn.execute(
                    f"SELECT m.id FROM memories AS m WHERE {where}", params)]
            if len(allowed):
                vec = self._encode_query(query[:4000]) if vec is None else vec
                hits = index.search(vec, limit, allowed_ids=allowed)
        if pending:  # saved or changed since the index stage: embedded here (serve/pending)
            vec = self._encode_query(query[:4000]) if vec is None else vec
            hits = merged(hits, self.pending.similarities(pending, vec, self.embedder), limit)
        floor = self.settings.min_vector_similarity
        return {mid: i for i, (mid, _s) in enumerate((h for h in hits if h[1] >= floor), start=1)}

    def _preference_pass(self, query: str, text: str, owner: str, where: str, params: list,
                         n: int, index: VectorIndex | None, mode: str,
                         fused: dict[int, float], filters: SearchFilters, clock: datetime,
                         version: Any) -> set[int]:
        """For a request that implies preferences (serve/requests), rank the owner's
        preference, profile and habit facts by meaning again, the request's vector moved
        towards its topic's words (their vector is encoded once per process); the fact at
        place p there scores ``request_preference_weight`` x the fused score of place p in
        both streams, when higher than its own (``fused`` is updated). The keyword stream
        is not run again: the request's words were matched in every memory already.
        Returns the ids it lifted."""
        weight = self.settings.request_preference_weight
        if weight <= 0 or mode != "hybrid" or filters.category is not None \
                or filters.type is not None or not asks_for_choice(query):
            return set()  # (a search narrowed to a kind keeps to it)
        if (index is None and not self._model_ready) or (
                index is not None and index.signature != self.embedder.signature):
            return set()
        kinds = ", ".join(f"'{c}'" for c in PREFERENCE_KINDS)
        p_where = f"{where} AND m.category IN ({kinds}) AND m.type = 'factual'"
        terms = topic_terms(query) if self.settings.request_topic_expansion else []
        vec = self._encode_query(text[:4000])
        if terms:
            topic = " ".join(terms)
            if topic not in self._topic_vectors:
                self._topic_vectors[topic] = self.embedder.encode_queries([topic])[0]
            vec = vec + self._topic_vectors[topic]
            vec = vec / max(float(np.linalg.norm(vec)), 1e-12)

        def allowed() -> Any:  # the kinds' ids, cached per store version like the filter's
            ids = np.unique(np.concatenate([self.allowed_ids.ids(
                self.conn, replace(filters, category=c, type="factual"), owner, clock,
                self.settings.retention_days, version) for c in PREFERENCE_KINDS]))
            if index is not None and len(ids):
                index.prefetch(ids)  # gathered once: later requests score them in ~1 ms
            return ids

        found = self._vector(text, p_where, params, n, index,
                             allowed if version is not None else None, vec=vec)
        both = self.settings.fts_weight + self.settings.vector_weight
        lifted = set()
        for mid, place in found.items():
            value = weight * both / (self.settings.rrf_k + place)  # as if ranked there in both
            if value > fused.get(mid, 0.0):
                fused[mid] = value
                lifted.add(mid)
        return lifted

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
        self._last_query, self._model_ready = (text, vec), True
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
            window_ranks = None
            if window is not None:  # the same query among the memories said in the window
                inside = self._in_window(filters, window)
                w_where, w_params = inside.where(owner, clock, self.settings.retention_days)
                w_allowed = (lambda: self.allowed_ids.ids(
                    self.conn, inside, owner, clock, self.settings.retention_days,
                    version)) if version is not None else None
                window_ranks = self._ranks(text, owner, w_where, w_params, n, index, mode,
                                           w_allowed)
                for mid, value in self._fuse(window_ranks).items():
                    fused[mid] = max(fused.get(mid, 0.0), value)
            lifted = self._preference_pass(query, text, owner, where, params, n, index,
                                           mode, fused, filters, clock, version)
            # a question that wants a set of answers (serve/covering) is answered by several
            # turns: one rare word's single turn would take the place of one of them
            covers = asks_to_cover(query, asked.subjects)
            rare = rare_term_holders(self.conn, text, owner,
                                     self.settings.rare_term_max_matches) \
                if mode == "hybrid" and self.settings.rare_term_boost > 0 and fused \
                and not covers else {}
            scored = score_candidates(
                self.conn, self.settings, fused, ranks, owner, clock, filters.include_archived,
                asked.subjects, (where, params) if mode == "hybrid" else None, window, query,
                window_ranks, rare, lifted)
            if filters.include_superseded or filters.include_archived or \
                    filters.as_of is not None:
                scored = with_history(self.conn, self.settings, list(scored), filters.as_of is None)
            else:
                scored = outdated_episodes(self.conn, self.settings, list(scored), owner)
            if self.settings.cover_diversity > 0 and fused and covers:
                scored = list(scored)
                scored = spread(scored, sessions_of(self.conn, [h.memory_id for h in scored]),
                                self.settings.cover_diversity, asked.subjects)
            # every candidate is read: a fact below the cut may take its episode's place
            # above it, so the top k is always the start of a longer top k
            deep = max(k, self.settings.rerank_top_n) if self.reranker is not None else k
            hits = drop_restatements(scored, limit=deep) if fused else []
        finally:
            if snapshot:
                self.conn.execute("COMMIT")
        if not hits:
            return []
        if self.reranker is not None:
            hits = rerank_hits(self.reranker, query, hits, self.settings.rerank_top_n)[:k]
        if reinforce and hits and not self.read_only:
            self.log_access([h.memory_id for h in hits], owner, clock, query)
        return hits

    def log_access(self, memory_ids: list[int], owner: str, now: datetime, query: str) -> bool:
        """Record accesses; the decay stage turns them into reinforcement on its next run.

        A search never fails because a long run holds the write lock past the busy timeout,
        or because the store is read-only: the accesses are then not recorded (a warning says
        how many, except on a home opened read-only) and False is returned.
        """
        if self.read_only:
            return False
        before = self.conn.total_changes
        try:
            with transaction(self.conn):
                self.conn.executemany(
                    "INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                    " VALUES (?,?,?,?)", [(mid, owner, iso(now), query[:500])
                                          for mid in memory_ids])
        except sqlite3.OperationalError as exc:
            if not any(w in str(exc) for w in ("locked", "busy", "readonly", "read-only")):
                raise
            log.warning("store busy or read-only (%s): %d accesses of owner %r not recorded", exc,
                        len(memory_ids), owner)
            return False
        finally:  # our own writes never invalidate the allowed-id cache
            self.allowed_ids.own_changes += self.conn.total_changes - before
        return True
