"""Scale benchmark, compression: ``run_compress`` at N and at N/10 (the scaling ratio), the
old per-group FAISS path beside the new one, and a numpy all-pairs baseline."""

from __future__ import annotations

from typing import Any

import numpy as np
from bench_common import NOW, Snapshot, cpu, log, med, perf
from bench_report import Table

from kore_pipeline import embed
from kore_pipeline.compress import find_similar_pairs, group_pairs, run_compress
from kore_pipeline.settings import KoreSettings


def time_compress(settings: KoreSettings, snap: Snapshot, embedder: embed.Embedder,
                  reps: int) -> tuple[list[float], list[float], Any]:
    """``run_compress`` over the whole store, restored before each run."""
    times, cpus, rep = [], [], None
    for r in range(reps):
        conn = snap.restore()
        cache = embed.EmbeddingCache(settings.cache_path())
        log(f"run_compress {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        rep = run_compress(conn, settings, embedder, cache, NOW, run_id=f"bench-{r}")
        times.append(perf() - t0)
        cpus.append(cpu() - c0)
        cache.close()
        conn.close()
    return times, cpus, rep


def pair_finding(corpus: dict[str, Any], thr: float) -> tuple[float, float, int, int]:
    """Pair finding alone over every group: new path (numpy/FAISS by size) vs old (FAISS)."""
    vecs = corpus["vectors"]
    groups = [np.asarray(m, dtype=np.int64) for m in corpus["groups"].values() if len(m) > 1]
    t0 = perf()
    n_new = sum(len(group_pairs(m, vecs[m - 1], thr)) for m in groups)
    t_new = perf() - t0
    t0 = perf()
    n_old = sum(len(find_similar_pairs(m, vecs[m - 1], thr)) for m in groups)
    t_old = perf() - t0
    return t_new, t_old, n_new, n_old


def all_pairs_numpy(x: np.ndarray, thr: float, block: int = 2048) -> int:
    """The quadratic baseline: every pair of ``x`` compared (numpy, blocks of rows)."""
    n = 0
    for s in range(0, len(x), block):
        sim = x[s : s + block] @ x.T
        n += int(np.count_nonzero(sim >= thr))
    return (n - len(x)) // 2


def bench_compress(t: Table, sec: str, settings: KoreSettings, snap: Snapshot,
                   corpus: dict[str, Any], embedder: embed.Embedder, reps: int) -> float:
    """Figures for one corpus size; returns the median ``run_compress`` time."""
    n = corpus["rows_count"]
    times, cpus, rep = time_compress(settings, snap, embedder, reps)
    planted = set(corpus["planted"])
    merged = {(min(a, b), max(a, b)) for a, b, _c in rep.pairs}
    t.add(sec, f"run_compress at {n:,}, median of {reps}", med(times), "{:.2f}", "s")
    t.add(sec, "  runs wall / CPU", " / ".join(f"{a:.1f}|{b:.1f}" for a, b in
                                               zip(times, cpus, strict=True)), unit="s")
    t.add(sec, "  merged / planted / merged-not-planted",
          f"{rep.merged} / {len(planted)} / {len(merged - planted)}")
    t_new, t_old, n_new, n_old = pair_finding(corpus, settings.similarity_threshold)
    t.add(sec, "  pair finding, new path (numpy small groups, FAISS big)", t_new, "{:.2f}", "s")
    t.add(sec, "  pair finding, old path (FAISS per group)", t_old, "{:.2f}", "s")
    t.add(sec, "  pairs new / old (must be equal)", f"{n_new} / {n_old}")
    return med(times)


def bench_all_pairs(t: Table, sec: str, vectors: np.ndarray, sizes: list[int],
                    thr: float) -> dict[int, float]:
    """numpy all-pairs over the first ``size`` vectors, for each size."""
    out = {}
    for size in sizes:
        x = np.ascontiguousarray(vectors[:size])
        log(f"numpy all-pairs at {size}")
        t0 = perf()
        pairs = all_pairs_numpy(x, thr)
        out[size] = perf() - t0
        t.add(sec, f"baseline numpy all-pairs at {size:,} ({pairs} pairs)", out[size],
              "{:.2f}", "s")
    return out
