"""Pairs of near-duplicate vectors inside one compression group.

Three ways, one result format (``(a, b, cosine)`` with ids ``a < b``, sorted by descending
cosine, then ids; every candidate's cosine recomputed in float64 and kept if >= threshold):

- :func:`exact_pairs`: every pair, numpy matrix products in blocks of rows (quadratic).
- :func:`blocked_pairs`: IVF-style blocking in numpy (sub-quadratic, approximate): the group
  is split into about ``sqrt(n)`` lists around centroids of a short spherical k-means; each
  vector is compared only with the members of its ``NPROBE`` nearest lists, on a random
  projection (:func:`_sketch`), and the candidates are rechecked on the full vectors. A pair
  is found when one vector's list is among the other's probed lists; near-duplicates at
  cosine 0.88 are close enough that this loses very few (docs/scale.md has the recall).
- :func:`find_similar_pairs`: FAISS range search (flat, or IVF above ``ivf_min``).
- :func:`new_pairs`: every pair that involves at least one of the group's *new* vectors
  (exact, ``new x all`` products): the incremental pass, when the other members were already
  compared with each other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

IVF_MIN = 20_000
""":func:`find_similar_pairs` uses an IVF index from this many vectors (a flat one below)."""

_QUERY_CHUNK = 4096

LISTS_PER_SQRT = 1.0
""":func:`blocked_pairs` splits ``n`` vectors into about ``LISTS_PER_SQRT * sqrt(n)`` lists."""

NPROBE = 16
"""Lists each vector is compared with in :func:`blocked_pairs` (its nearest centroids)."""

KMEANS_ITERS = 2
KMEANS_SAMPLE = 16
"""The centroids: ``KMEANS_ITERS`` spherical k-means steps on ``KMEANS_SAMPLE`` vectors a list."""

SKETCH_DIM = 64
SKETCH_SLACK = 2.2
"""Inside the blocks, candidates are selected on a random projection to ``SKETCH_DIM``
dimensions (see :func:`_sketch`), then rechecked on the full vectors."""

Pairs = list[tuple[int, int, float]]


def _faiss() -> Any:
    import faiss  # deferred: heavy import

    return faiss


def _finish(ids: np.ndarray, x: np.ndarray, i: np.ndarray, j: np.ndarray,
            threshold: float) -> Pairs:
    """Candidate positions ``i < j`` (unique) -> checked pairs of ids, in the result order."""
    if len(i) == 0:
        return []
    cos = np.einsum("ij,ij->i", x[i].astype(np.float64), x[j].astype(np.float64))
    ok = cos >= threshold
    id_arr = np.asarray(ids, dtype=np.int64)
    a, b = id_arr[i[ok]], id_arr[j[ok]]
    pairs = [(int(min(p, q)), int(max(p, q)), float(c))
             for p, q, c in zip(a, b, cos[ok], strict=True)]
    pairs.sort(key=lambda t: (-t[2], t[0], t[1]))
    return pairs


def _radius(threshold: float) -> np.float32:
    return np.float32(float(threshold) - 1e-4)  # float32 slack; rechecked in float64


def find_similar_pairs(ids: np.ndarray, vectors: np.ndarray, threshold: float, *,
                       ivf_min: int = IVF_MIN, nprobe: int = 8) -> Pairs:
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
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for start in range(0, n, _QUERY_CHUNK):
        lims, _dist, labels = index.range_search(x[start : start + _QUERY_CHUNK],
                                                 float(_radius(threshold)))
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
    return _finish(ids, x, pos[:, 0], pos[:, 1], threshold)


def exact_pairs(ids: np.ndarray, vectors: np.ndarray, threshold: float) -> Pairs:
    """What :func:`find_similar_pairs` returns, by exact numpy comparison of every pair.

    float32 products in blocks of rows select candidates (with the same slack as the FAISS
    path); each candidate's cosine is recomputed in float64 and kept if >= ``threshold``.
    """
    n = len(ids)
    if n < 2:
        return []
    x = np.ascontiguousarray(vectors, dtype=np.float32)
    radius = _radius(threshold)
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
    return _finish(ids, x, np.concatenate(rows), np.concatenate(cols), threshold)


def _centroids(x: np.ndarray, nlist: int, seed: int) -> np.ndarray:
    """Unit centroids of a short spherical k-means on a sample of ``x`` (deterministic)."""
    rng = np.random.default_rng(seed)
    n = len(x)
    sample = x if n <= KMEANS_SAMPLE * nlist else x[np.sort(rng.choice(
        n, KMEANS_SAMPLE * nlist, replace=False))]
    cent = sample[np.sort(rng.choice(len(sample), nlist, replace=False))].copy()
    for _ in range(KMEANS_ITERS):
        onehot = np.zeros((nlist, len(sample)), dtype=np.float32)
        onehot[np.argmax(sample @ cent.T, axis=1), np.arange(len(sample))] = 1.0
        sums = onehot @ sample
        norms = np.linalg.norm(sums, axis=1)
        filled = norms > 0  # an empty list keeps its centroid
        cent[filled] = sums[filled] / norms[filled, None]
    return cent


def _sketch(x: np.ndarray, threshold: float,
            seed: int) -> tuple[np.ndarray, np.ndarray, np.float32]:
    """Rows ``left``, ``right`` and a cutoff: ``left[a] @ right[b] > cutoff`` selects candidates.

    A Gaussian projection ``P`` to ``SKETCH_DIM`` dimensions (entries N(0, 1/k)) keeps a pair
    when ``|P(x-y)|^2 <= SKETCH_SLACK * (2 - 2*threshold)``; the products carry the squared
    norms in two extra columns, so one matrix product gives ``P x . P y - |Px|^2/2 - |Py|^2/2``.
    ``|P v|^2 / |v|^2`` follows chi2(k)/k whatever the data, so a true pair (``|x-y|^2 <=
    2 - 2*threshold``) is dropped only if chi2(k)/k > ``SKETCH_SLACK``: for k=64 and 2.2 a
    chance of 1.1e-7 per pair.
    """
    k = SKETCH_DIM
    proj = np.random.default_rng(seed + 1).standard_normal((x.shape[1], k))
    xp = x @ (proj / math.sqrt(k)).astype(np.float32)
    half = (0.5 * np.einsum("ij,ij->i", xp, xp))[:, None]
    ones = np.ones_like(half)
    left = np.ascontiguousarray(np.hstack([xp, -half, ones]))
    right = np.ascontiguousarray(np.hstack([xp, ones, -half]))
    return left, right, np.float32(-0.5 * SKETCH_SLACK * (2.0 - 2.0 * float(threshold)))


def blocked_pairs(ids: np.ndarray, vectors: np.ndarray, threshold: float, *,
                  nprobe: int | None = None, seed: int = 0) -> Pairs:
    """Near-duplicate pairs by IVF blocking (approximate, sub-quadratic); see the module doc.

    Each vector's home list is its nearest centroid; it is compared with the members of its
    ``nprobe`` (default ``NPROBE``) nearest lists (home included). With ``nprobe`` >= the
    number of lists this is :func:`exact_pairs`. Cost about ``n * (nlist + nprobe * n /
    nlist)`` products, i.e. ``n**1.5`` for ``nlist ~ sqrt(n)``.
    """
    n = len(ids)
    nlist = max(1, int(round(LISTS_PER_SQRT * math.sqrt(n))))
    nprobe = NPROBE if nprobe is None else nprobe
    if nprobe >= nlist:
        return exact_pairs(ids, vectors, threshold)
    x = np.ascontiguousarray(vectors, dtype=np.float32)
    cent = _centroids(x, nlist, seed)
    probes = np.empty((n, nprobe), dtype=np.int64)
    home = np.empty(n, dtype=np.int64)
    for start in range(0, n, _QUERY_CHUNK):
        scores = x[start : start + _QUERY_CHUNK] @ cent.T
        top = np.argpartition(-scores, nprobe - 1, axis=1)[:, :nprobe]
        best = np.argmax(np.take_along_axis(scores, top, axis=1), axis=1)
        probes[start : start + len(top)] = top
        home[start : start + len(top)] = top[np.arange(len(top)), best]
    order = np.argsort(home, kind="stable")
    starts = np.searchsorted(home[order], np.arange(nlist + 1))
    flat = probes.ravel()
    qorder = np.argsort(flat, kind="stable")
    qstarts = np.searchsorted(flat[qorder], np.arange(nlist + 1))
    qrows = qorder // nprobe  # the probing vector of each (vector, list) entry
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    radius = _radius(threshold)
    left, right, cutoff = _sketch(x, threshold, seed)
    right = right[order]  # each list's members contiguous
    for lst in range(nlist):
        m0, m1 = starts[lst], starts[lst + 1]
        q = qrows[qstarts[lst] : qstarts[lst + 1]]
        if m1 == m0 or len(q) == 0:
            continue
        bi, bj = np.nonzero(left[q] @ right[m0:m1].T > cutoff)
        qi, mj = q[bi], order[m0 + bj]
        close = np.einsum("ij,ij->i", x[qi], x[mj]) > radius  # drop the sketch's extras now
        rows.append(qi[close])
        cols.append(mj[close])
    i = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
    j = np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)
    keep = i != j
    lo, hi = np.minimum(i[keep], j[keep]), np.maximum(i[keep], j[keep])
    key = np.unique(lo * n + hi)  # a pair may be found from both sides
    return _finish(ids, x, key // n, key % n, threshold)


def new_pairs(ids: np.ndarray, vectors: np.ndarray, new: np.ndarray,
              threshold: float) -> Pairs:
    """Every pair of the group with at least one ``new`` member (a boolean mask), exactly.

    The pairs :func:`exact_pairs` finds, less those between two old members: when the old
    members have already been compared with each other (none of their pairs is similar), the
    same result for ``|new| * n`` products instead of ``n**2 / 2``.
    """
    n = len(ids)
    fresh = np.flatnonzero(new)
    if n < 2 or len(fresh) == 0:
        return []
    x = np.ascontiguousarray(vectors, dtype=np.float32)
    radius = _radius(threshold)
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for start in range(0, len(fresh), _QUERY_CHUNK):
        q = fresh[start : start + _QUERY_CHUNK]
        bi, bj = np.nonzero(x[q] @ x.T > radius)
        qi = q[bi]
        # a pair of two new members is found from both sides: keep it once (i < j)
        keep = (qi != bj) & (~new[bj] | (qi < bj))
        rows.append(np.minimum(qi[keep], bj[keep]))
        cols.append(np.maximum(qi[keep], bj[keep]))
    return _finish(ids, x, np.concatenate(rows), np.concatenate(cols), threshold)


def group_pairs(ids: np.ndarray, vectors: np.ndarray, threshold: float, *,
                exact_max: int, new: np.ndarray | None = None) -> Pairs:
    """Similar pairs of one group: exact up to ``exact_max`` vectors, IVF blocking above.

    With ``new`` (a mask; the other members were already compared with each other), only
    the pairs involving a new member are searched (:func:`new_pairs`), unless that costs
    more than blocking the whole group would.
    """
    n = len(ids)
    if new is not None and not new.all():
        fresh = int(new.sum())
        # products: new_pairs fresh * n; exact n**2 / 2; blocked about n * sqrt(n) * NPROBE
        cheaper = fresh < n / 2 if n <= exact_max else fresh < math.sqrt(n) * (1 + NPROBE)
        if cheaper:
            return new_pairs(ids, vectors, new, threshold)
    if n <= exact_max:
        return exact_pairs(ids, vectors, threshold)
    return blocked_pairs(ids, vectors, threshold)


Group = tuple[np.ndarray, np.ndarray] | tuple[np.ndarray, np.ndarray, np.ndarray | None]
"""``(ids, vectors)`` or ``(ids, vectors, new)``: the group's members and which are new."""


def pairs_of_groups(groups: Sequence[Group], threshold: float, *,
                    exact_max: int, workers: int = 1) -> list[Pairs]:
    """:func:`group_pairs` of each ``(ids, vectors[, new])`` group, in the given order.

    Each product runs with one BLAS thread: the products here are small (a group, a list),
    and on the busy 2-core machine two OpenBLAS threads waiting for each other made this step
    2 times slower at 1M memories and up to 20 times at 100k (measured), and never 2 times
    faster. The groups are instead shared by ``workers`` threads (numpy releases the GIL in
    the products); the result does not depend on their number.
    """
    from threadpoolctl import threadpool_limits  # deferred: inspects loaded libraries

    def one(group: Group) -> Pairs:
        new = group[2] if len(group) > 2 else None
        return group_pairs(group[0], group[1], threshold, exact_max=exact_max, new=new)

    with threadpool_limits(limits=1, user_api="blas"):
        if workers <= 1 or len(groups) < 2:
            return [one(g) for g in groups]
        from concurrent.futures import ThreadPoolExecutor

        # biggest groups first, so no worker is left with one big group at the end
        order = sorted(range(len(groups)), key=lambda g: -len(groups[g][0]))
        out: list[Pairs] = [[] for _ in groups]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for g, pairs in zip(order, pool.map(lambda g: one(groups[g]), order),
                                strict=True):
                out[g] = pairs
        return out
