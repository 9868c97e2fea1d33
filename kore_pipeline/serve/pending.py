"""Memories saved after the last index stage, ranked by meaning all the same.

An agent's save (``Memory.save``, the HTTP API, MCP) is written at once but embedded by the
next index stage (or ``embed_now``). Until then the vector index does not hold it, or holds
the vector of its old text. A search therefore reads the owner's memories whose
``embedded_hash`` is not their ``content_hash`` (partial index ``memories_unembedded``:
usually none), embeds up to ``settings.search_embed_pending`` of them (newest first; each
text once per searcher) and scores them against the query vector beside the index's hits.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import numpy as np

from kore_pipeline.embed.cache import Embedder, embed_text

CACHE_MAX = 4096
"""Vectors of pending texts kept between queries (id and content hash)."""


class PendingVectors:
    """The vectors of not-yet-indexed memories, embedded on first need and kept."""

    def __init__(self) -> None:
        self._vectors: dict[tuple[int, str], np.ndarray] = {}
        self._signature = ""

    def rows(self, conn: sqlite3.Connection, where: str, params: list,
             limit: int) -> list[Any]:
        """(id, subject, content, content_hash) of the newest pending memories ``where``
        (a condition on alias ``m``) allows, at most ``limit``."""
        if limit <= 0:
            return []
        return conn.execute(
            "SELECT m.id, m.subject, m.content, m.content_hash FROM memories AS m"
            f" WHERE m.embedded_hash IS NOT m.content_hash AND {where}"
            " ORDER BY m.id DESC LIMIT ?", [*params, limit]).fetchall()

    def similarities(self, rows: list[Any], query: np.ndarray,
                     embedder: Embedder) -> list[tuple[int, float]]:
        """(id, cosine with ``query``) of each pending row, embedding those not seen yet."""
        if not rows:
            return []
        if embedder.signature != self._signature:
            self._vectors, self._signature = {}, embedder.signature
        keys = [(int(r[0]), str(r[3])) for r in rows]
        todo = [(key, r) for key, r in zip(keys, rows, strict=True) if key not in self._vectors]
        if todo:
            if len(self._vectors) + len(todo) > CACHE_MAX:
                self._vectors.clear()
            encoded = embedder.encode([embed_text(r[1], r[2]) for _, r in todo])
            for (key, _), vec in zip(todo, np.asarray(encoded, dtype=np.float32), strict=True):
                self._vectors[key] = vec
        matrix = np.stack([self._vectors[key] for key in keys])
        sims = matrix @ np.asarray(query, dtype=np.float32).reshape(-1)
        return [(key[0], float(s)) for key, s in zip(keys, sims.tolist(), strict=True)]


def merged(indexed: list[tuple[int, float]], pending: list[tuple[int, float]],
           limit: int) -> list[tuple[int, float]]:
    """The index's hits and the pending memories' in one ranking, best first (a pending
    memory's fresh vector in place of any stale one the index holds)."""
    if not pending:
        return indexed
    fresh = {mid for mid, _ in pending}
    both = [h for h in indexed if h[0] not in fresh] + pending
    return sorted(both, key=lambda h: (-h[1], h[0]))[:limit]
