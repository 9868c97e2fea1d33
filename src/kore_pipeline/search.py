"""Serving: hybrid search over one owner's memories (FTS5 bm25 + FAISS, fused by RRF).

Final score = RRF(fts, vector) x (0.95 + 0.05 x decay) x (1 + 0.01 x (importance - 3)), where
decay is computed at the query's ``now``. Relevance leads: in RRF (k=60) one rank step near
the top is worth ~1.6%, so importance (at most +-2%) only breaks near-ties and a fully decayed
memory loses at most 5%, never burying the hit that answers the question. Every returned hit is logged in ``access_log`` (unless
``reinforce=False``) and the decay stage turns those rows into reinforcement.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import polars as pl

from .embed import Embedder
from .settings import KoreSettings
from .sqlfiles import load_sql
from .stopwords import is_stopword
from .store import connect, transaction
from .timeutil import iso, resolve_now
from .vector_index import VectorIndex

_TOKEN = re.compile(r"\w+", re.UNICODE)
MAX_QUERY_TOKENS = 64


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


def rrf(ranks: dict[str, dict[int, int]], weights: dict[str, float], k: int) -> dict[int, float]:
    """Reciprocal Rank Fusion: sum of weight / (k + rank) over streams (ranks start at 1)."""
    fused: dict[int, float] = {}
    for stream, ranking in ranks.items():
        w = weights.get(stream, 1.0)
        for mid, rank in ranking.items():
            fused[mid] = fused.get(mid, 0.0) + w / (k + rank)
    return fused


def relevance_weight(decay: float, importance: int) -> float:
    """Multiplier applied to the fused relevance: decay and importance reorder near-ties."""
    return (0.95 + 0.05 * decay) * (1.0 + 0.01 * (importance - 3))


class Searcher:
    """Opens the store and index once; answers many queries (the model loads on first need)."""

    def __init__(self, settings: KoreSettings, embedder: Embedder | None = None,
                 conn: sqlite3.Connection | None = None) -> None:
        self.settings = settings
        self.conn = conn or connect(settings.db_path())
        self.embedder = embedder or Embedder(settings)
        self.index = VectorIndex.load(settings.index_dir())

    def close(self) -> None:
        """Close the store connection."""
        self.conn.close()

    def _fts(self, query: str, owner: str, limit: int, include_archived: bool) -> dict[int, int]:
        match = fts_query(query)
        if match is None:
            return {}
        rows = self.conn.execute(load_sql("search_fts"), {
            "match": match, "owner": owner, "limit": limit,
            "include_archived": int(include_archived)}).fetchall()
        return {int(r[0]): i for i, r in enumerate(rows, start=1)}

    def _vector(self, query: str, owner: str, limit: int,
                include_archived: bool) -> dict[int, int]:
        if self.index is None or not query.strip():
            return {}
        status = "" if include_archived else " AND status = 'active'"
        allowed = [r[0] for r in self.conn.execute(
            f"SELECT id FROM memories WHERE owner = ?{status}", (owner,))]
        if not allowed:
            return {}
        vec = self.embedder.encode([query])[0]
        hits = self.index.search(vec, limit, allowed_ids=allowed)
        return {mid: i for i, (mid, _score) in enumerate(hits, start=1)}

    def search(self, query: str, owner: str, k: int = 10, now: datetime | str | None = None,
               reinforce: bool = True, include_archived: bool = False) -> list[SearchHit]:
        """Top-k memories of ``owner`` for ``query``; never returns another owner's memory."""
        clock = resolve_now(now)
        n = max(self.settings.search_candidates, k)
        ranks = {"fts": self._fts(query, owner, n, include_archived),
                 "vector": self._vector(query, owner, n, include_archived)}
        fused = rrf(ranks, {"fts": self.settings.fts_weight,
                            "vector": self.settings.vector_weight}, self.settings.rrf_k)
        if not fused:
            return []
        hits = self._score(fused, ranks, owner, clock)[:k]
        if reinforce and hits:
            with transaction(self.conn):
                self.conn.executemany(
                    "INSERT INTO access_log(memory_id, owner, accessed_at, query) VALUES (?,?,?,?)",
                    [(h.memory_id, owner, iso(clock), query[:500]) for h in hits])
        return hits

    def _score(self, fused: dict[int, float], ranks: dict[str, dict[int, int]], owner: str,
               now: datetime) -> list[SearchHit]:
        from .decay import decay_frame

        ids = list(fused)
        marks = ",".join("?" * len(ids))
        rows = self.conn.execute(
            f"SELECT id, owner, subject, type, category, content, importance, created_at,"
            f" last_accessed_at, access_count, source_message_ids, status FROM memories"
            f" WHERE id IN ({marks}) AND owner = ?", [*ids, owner]).fetchall()
        if not rows:
            return []
        frame = pl.DataFrame([dict(r) for r in rows], infer_schema_length=None)
        frame = decay_frame(frame, now, self.settings)
        hits = []
        for r in frame.iter_rows(named=True):
            decay = float(r["decay_score"])
            score = fused[r["id"]] * relevance_weight(decay, r["importance"])
            hits.append(SearchHit(
                memory_id=r["id"], owner=r["owner"], subject=r["subject"], type=r["type"],
                category=r["category"], content=r["content"], importance=r["importance"],
                decay_score=round(decay, 4), score=round(score, 6),
                source_message_ids=json.loads(r["source_message_ids"]),
                created_at=r["created_at"], status=r["status"],
                fts_rank=ranks["fts"].get(r["id"]), vector_rank=ranks["vector"].get(r["id"])))
        hits.sort(key=lambda h: (-h.score, h.memory_id))
        return hits
