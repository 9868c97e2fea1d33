"""Compression: merge near-duplicate memories of one owner and subject.

Neighbours are searched inside each (owner, subject, type) group only. Small groups (up to
``EXACT_MAX`` vectors, nearly all of them in practice) are compared exactly with numpy in one
matrix product per block of rows, with no per-call index overhead; bigger groups use a FAISS
range search (flat, or IVF with about 4*sqrt(n) lists from ``IVF_MIN``, which is
sub-quadratic). Only the columns needed for grouping and embedding are read for every memory;
the full rows are read only for memories that have a candidate pair. Pairs are merged
greedily by descending cosine. One merge level per pass: a memory that absorbed another in
this pass is not itself archived in the same pass (its merged text has no vector yet); the
next pass, after the caller re-embeds the changed keepers, can merge it further. The FAISS
index is not touched here.
"""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from . import store
from .embed import Embedder, EmbeddingCache, embed_text, embed_with_cache
from .ids import text_hash
from .settings import KoreSettings
from .textnorm import TERMINAL, contains_words, sentence_key, split_sentences
from .timeutil import iso, parse_ts

GROUP_BY = ["owner", "subject", "type"]
"""Only memories of one owner, one subject and one type merge: a fact never absorbs the
episode it was extracted from (both stay findable; the fact keeps its short wording)."""

IVF_MIN = 20_000
"""Groups with at least this many vectors use an IVF index instead of a flat one."""

EXACT_MAX = 4096
"""Groups up to this size are compared exactly with numpy (blocks of ``_QUERY_CHUNK`` rows)."""

_QUERY_CHUNK = 4096


@dataclass
class CompressReport:
    """Outcome of one compression pass."""

    groups: int
    candidates: int
    merged: int
    pairs: list[tuple[int, int, float]] = field(default_factory=list)  # (kept, archived, cos)


def _faiss() -> Any:
    import faiss  # deferred: heavy import

    return faiss


def find_similar_pairs(ids: np.ndarray, vectors: np.ndarray, threshold: float, *,
                       ivf_min: int = IVF_MIN, nprobe: int = 8) -> list[tuple[int, int, float]]:
    """All pairs ``(a, b, cosine)`` with ``a < b`` (ids) and cosine >= ``threshold``.

    ``vectors`` are unit rows aligned with ``ids``. FAISS range search finds the candidates
    (IndexFlatIP below ``ivf_min`` vectors, IndexIVFFlat with nlist ~ 4*sqrt(n) above); the
    cosine of each candidate is recomputed exactly. Sorted by descending cosine, then ids.
    """
    n = len(ids)
    if n < 2:
        return []
    faiss = _faiss()
    x = np.ascontiguousarray(vectors, dtype=np.float32)
    dim = x.shape[1]
    if n < ivf_min:
        index = faiss.IndexFlatIP(dim)
    else:
        nlist = max(1, min(int(4 * math.sqrt(n)), n // 39))
        index = faiss.IndexIVFFlat(faiss.IndexFlatIP(dim), dim, nlist,
                                   faiss.METRIC_INNER_PRODUCT)
        index.train(x)
        index.nprobe = min(nprobe, nlist)
    index.add(x)
    radius = float(threshold) - 1e-4  # range search keeps sim > radius; float32 slack
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for start in range(0, n, _QUERY_CHUNK):
        lims, _dist, labels = index.range_search(x[start : start + _QUERY_CHUNK], radius)
        counts = np.diff(lims).astype(np.int64)
        rows.append(np.repeat(np.arange(start, start + len(counts)), counts))
        cols.append(labels.astype(np.int64))
    i = np.concatenate(rows)
    j = np.concatenate(cols)
    keep = (j >= 0) & (i != j)
    i, j = np.minimum(i[keep], j[keep]), np.maximum(i[keep], j[keep])
    if len(i) == 0:
        return []
    pos = np.unique(np.stack([i, j], axis=1), axis=0)  # a pair may be found from both sides
    x64 = x.astype(np.float64)
    cos = np.einsum("ij,ij->i", x64[pos[:, 0]], x64[pos[:, 1]])
    ok = cos >= threshold
    id_arr = np.asarray(ids, dtype=np.int64)
    a, b = id_arr[pos[ok, 0]], id_arr[pos[ok, 1]]
    pairs = [(int(min(p, q)), int(max(p, q)), float(c))
             for p, q, c in zip(a, b, cos[ok], strict=True)]
    pairs.sort(key=lambda t: (-t[2], t[0], t[1]))
    return pairs


def exact_pairs(ids: np.ndarray, vectors: np.ndarray,
                threshold: float) -> list[tuple[int, int, float]]:
    """What :func:`find_similar_pairs` returns, by exact numpy comparison of every pair.

    float32 products in blocks of rows select candidates (with the same slack as the FAISS
    path); each candidate's cosine is recomputed in float64 and kept if >= ``threshold``.
    """
    n = len(ids)
    if n < 2:
        return []
    x = np.ascontiguousarray(vectors, dtype=np.float32)
    radius = np.float32(float(threshold) - 1e-4)
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for start in range(0, n - 1, _QUERY_CHUNK):
        block = x[start : start + _QUERY_CHUNK] @ x[start + 1 :].T  # only j > i is needed
        bi, bj = np.nonzero(block > radius)
        bi = bi + start
        bj = bj + start + 1
        keep = bj > bi
        rows.append(bi[keep])
        cols.append(bj[keep])
    i = np.concatenate(rows)
    j = np.concatenate(cols)
    if len(i) == 0:
        return []
    x64 = x.astype(np.float64)
    cos = np.einsum("ij,ij->i", x64[i], x64[j])
    ok = cos >= threshold
    id_arr = np.asarray(ids, dtype=np.int64)
    a, b = id_arr[i[ok]], id_arr[j[ok]]
    pairs = [(int(min(p, q)), int(max(p, q)), float(c))
             for p, q, c in zip(a, b, cos[ok], strict=True)]
    pairs.sort(key=lambda t: (-t[2], t[0], t[1]))
    return pairs


def group_pairs(ids: np.ndarray, vectors: np.ndarray, threshold: float, *,
                exact_max: int = EXACT_MAX, ivf_min: int = IVF_MIN) -> list[tuple[int, int, float]]:
    """Similar pairs of one group: exact numpy up to ``exact_max`` vectors, FAISS above."""
    if len(ids) <= exact_max:
        return exact_pairs(ids, vectors, threshold)
    return find_similar_pairs(ids, vectors, threshold, ivf_min=ivf_min)


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
    creation, and :func:`decay.decay_scores`), so the score a keeper carries is the one the
    decay stage would give it: a decay run right after compression changes nothing.
    """
    from .decay import decay_scores, julian_day

    refs = []
    for r in keepers:
        text = r["last_accessed_at"] or r["created_at"]
        jd = conn.execute("SELECT julianday(?)", (text,)).fetchone()[0]
        refs.append(julian_day(parse_ts(text)) if jd is None else float(jd))
    scores = decay_scores(np.array([float(r["importance"]) for r in keepers]),
                          julian_day(now) - np.array(refs, dtype=np.float64),
                          np.array([float(r["access_count"]) for r in keepers]), settings)
    return [float(v) for v in scores]


def run_compress(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
                 cache: EmbeddingCache, now: datetime, run_id: str | None = None,
                 owner: str | None = None) -> CompressReport:
    """Merge near-duplicate active memories within each (owner, subject, type); one transaction.

    The write lock is taken before the memories are read (``BEGIN IMMEDIATE``), so a memory
    deleted or changed by another writer is never merged from a stale read; embedding normally
    hits the cache, so the lock is short. Summaries (type or category 'summary') are never
    merged. Keepers get the merged text, max importance, the union of sources, the earliest
    created_at and the summed access count; the absorbed memory is archived as 'merged' with
    its original text.
    """
    with store.transaction(conn):
        return _compress_locked(conn, settings, embedder, cache, now, run_id, owner)


_RECORD_COLUMNS = ("id", "content", "content_hash", "importance", "source_message_ids",
                   "created_at", "last_accessed_at", "access_count")


def _records(conn: sqlite3.Connection, ids: list[int]) -> dict[int, dict[str, Any]]:
    """The merge-relevant columns of the given memories, by id (read in chunks)."""
    out: dict[int, dict[str, Any]] = {}
    cols = ", ".join(_RECORD_COLUMNS)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for r in conn.execute(f"SELECT {cols} FROM memories WHERE id IN ({marks})", chunk):
            rec = dict(r)
            rec["id"] = int(rec["id"])
            rec["sources"] = store.decode_ids(rec.pop("source_message_ids"))
            out[rec["id"]] = rec
    return out


def _compress_locked(conn: sqlite3.Connection, settings: KoreSettings, embedder: Embedder,
                     cache: EmbeddingCache, now: datetime, run_id: str | None,
                     owner: str | None) -> CompressReport:
    """The body of :func:`run_compress`, inside its transaction."""
    where = "status = 'active' AND type != 'summary' AND category != 'summary'"
    params: tuple[Any, ...] = ()
    if owner is not None:
        where += " AND owner = ?"
        params = (owner,)
    cur = conn.cursor()
    cur.row_factory = None
    rows = cur.execute(f"SELECT id, owner, subject, type, content FROM memories WHERE {where}"
                       " ORDER BY id", params).fetchall()
    if len(rows) < 2:
        return CompressReport(groups=len(rows), candidates=0, merged=0, pairs=[])
    ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    groups: dict[tuple[str, str, str], list[int]] = {}
    for pos, r in enumerate(rows):
        groups.setdefault((r[1], r[2], r[3]), []).append(pos)
    texts = [embed_text(r[2], r[4]) for r in rows]
    del rows
    vectors, _encoded = embed_with_cache(texts, embedder, cache)
    del texts
    found: list[list[tuple[int, int, float]]] = []
    for positions in groups.values():
        if len(positions) < 2:
            continue
        pos = np.asarray(positions, dtype=np.int64)
        found.append(group_pairs(ids[pos], vectors[pos], settings.similarity_threshold,
                                 exact_max=EXACT_MAX, ivf_min=IVF_MIN))
    del vectors
    candidates = sum(len(p) for p in found)
    records = _records(conn, sorted({i for pairs in found for a, b, _ in pairs
                                     for i in (a, b)}))
    archived: dict[int, int] = {}  # archived id -> keeper id
    absorbed: set[int] = set()     # keepers changed in this pass
    merged_pairs: list[tuple[int, int, float]] = []
    for pairs in found:
        for a, b, cos in pairs:
            if a in archived or b in archived:
                continue
            keeper, other = (a, b) if _keeper_first(records[a], records[b]) else (b, a)
            if other in absorbed:  # one merge level per pass
                continue
            _absorb(records[keeper], records[other], now)
            archived[other] = keeper
            absorbed.add(keeper)
            merged_pairs.append((keeper, other, cos))
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
        others = list(archived)
        store.archive_memories(conn, others, "merged", at, run_id,
                               merged_into=[archived[o] for o in others], only_active=True)
    return CompressReport(groups=len(groups), candidates=candidates,
                          merged=len(merged_pairs), pairs=merged_pairs)
