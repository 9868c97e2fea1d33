#!/usr/bin/env python
"""Scale benchmark, compression: ``run_compress`` at N and at N/10 (the scaling ratio, wall
and CPU), its steps, the recall of the planted near-duplicates, the pair finding against an
exact all-pairs pass per group, and a numpy all-pairs baseline over the whole corpus.

Used by ``bench_scale.py`` (section 3), or on its own over homes built before (each with
``snapshot.sqlite``, the cache, and optionally ``planted.npy`` = the planted id pairs), timed
in the given order so that the sizes alternate under the same load:

    python benchmarks/bench_scale_compress.py --home /tmp/1m --home /tmp/100k \\
        --order 0,1,0,1,1 --vectors /tmp/1m/vectors.npy --allpairs 10000,100000 \\
        --real $TMPDIR/kore-bench-scale/real-all-MiniLM-L6-v2-384-21000-1234.npy
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from bench_common import NOW, Snapshot, cpu, log, med, perf  # noqa: E402
from bench_report import Table  # noqa: E402

from kore_pipeline import embed  # noqa: E402
from kore_pipeline.lifecycle import compress
from kore_pipeline.lifecycle.compress import run_compress  # noqa: E402
from kore_pipeline.lifecycle.similar_pairs import (  # noqa: E402
    blocked_pairs,
    exact_pairs,
    pairs_of_groups,
)
from kore_pipeline.settings import KoreSettings  # noqa: E402


def run_once(settings: KoreSettings, snap: Snapshot, embedder: embed.Embedder,
             tag: str) -> tuple[float, float, Any]:
    """``run_compress`` over the whole store, restored first: (wall, CPU, report)."""
    conn = snap.restore()
    cache = embed.EmbeddingCache(settings.cache_path())
    log(f"run_compress {tag} (load {os.getloadavg()[0]:.2f})")
    t0, c0 = perf(), cpu()
    rep = run_compress(conn, settings, embedder, cache, NOW, run_id=f"bench-{tag}")
    wall, used = perf() - t0, cpu() - c0
    cache.close()
    conn.close()
    log(f"  {wall:.2f} s wall, {used:.2f} s CPU, steps " + ", ".join(
        f"{k} {v:.2f}" for k, v in rep.seconds.items()))
    return wall, used, rep


def report_runs(t: Table, sec: str, n: int, runs: list[tuple[float, float, Any]],
                planted: set[tuple[int, int]] | None) -> tuple[float, float]:
    """Rows for the runs at one size; returns the (wall, CPU) medians."""
    walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
    t.add(sec, f"run_compress at {n:,}: median of {len(runs)}, wall / CPU",
          f"{med(walls):.2f} / {med(cpus):.2f}", unit="s")
    t.add(sec, "  runs wall|CPU", " ".join(f"{a:.1f}|{b:.1f}" for a, b, _r in runs),
          unit="s")
    steps = runs[0][2].seconds
    t.add(sec, "  steps, median wall", ", ".join(
        f"{k} {med([r[2].seconds.get(k, 0.0) for r in runs]):.2f}" for k in steps), unit="s")
    rep = runs[-1][2]
    if planted is not None:
        merged = {(min(a, b), max(a, b)) for a, b, _c in rep.pairs}
        t.add(sec, "  merged / planted / planted merged (recall) / merged not planted",
              f"{rep.merged} / {len(planted)} / {len(merged & planted)} "
              f"({len(merged & planted) / max(1, len(planted)):.4f}) / {len(merged - planted)}")
    else:
        t.add(sec, "  merged", rep.merged)
    return med(walls), med(cpus)


def pair_finding(t: Table, sec: str, groups: list[np.ndarray], vecs: np.ndarray,
                 thr: float) -> None:
    """Pair finding alone over every group: the production path vs exact all-pairs."""
    rows = [(g, vecs[g - 1]) for g in groups if len(g) > 1]
    t0, c0 = perf(), cpu()
    new = {(a, b) for pairs in pairs_of_groups(rows, thr, exact_max=compress.EXACT_MAX)
           for a, b, _ in pairs}
    t_new, c_new = perf() - t0, cpu() - c0
    t0, c0 = perf(), cpu()
    exact = {(a, b) for g, x in rows for a, b, _ in exact_pairs(g, x, thr)}
    t_ex, c_ex = perf() - t0, cpu() - c0
    big = sum(len(g) > compress.EXACT_MAX for g, _ in rows)
    t.add(sec, f"  pair finding: groups {len(rows)}, blocked (> {compress.EXACT_MAX}) {big}",
          f"production {t_new:.2f} s ({c_new:.2f} CPU) vs exact all-pairs per group "
          f"{t_ex:.2f} s ({c_ex:.2f} CPU)")
    t.add(sec, "  pairs found / exact pairs (recall) / found not exact",
          f"{len(new & exact)} / {len(exact)} ({len(new & exact) / max(1, len(exact)):.5f})"
          f" / {len(new - exact)}")


def real_recall(t: Table, sec: str, path: Path, thr: float) -> None:
    """Recall of :func:`blocked_pairs` against exact on REAL sentence embeddings (a cached
    ``.npy`` of ``bench_scale_index``), as one group and as random groups of 4,000 / 2,000."""
    x_all = np.load(path).astype(np.float32)
    x_all /= np.linalg.norm(x_all, axis=1, keepdims=True)
    for n, reps in ((len(x_all), 1), (4000, 5), (2000, 5)):
        got = want = 0
        for r in range(reps):
            pick = (np.arange(len(x_all)) if n >= len(x_all) else
                    np.random.default_rng(r).choice(len(x_all), n, replace=False))
            ids = np.arange(len(pick))
            exact = {(a, b) for a, b, _ in exact_pairs(ids, x_all[pick], thr)}
            found = {(a, b) for a, b, _ in blocked_pairs(ids, x_all[pick], thr)}
            got, want = got + len(found & exact), want + len(exact)
        t.add(sec, f"  real embeddings, groups of {n:,} (x{reps}): blocked found / exact pairs",
              f"{got} / {want}")


def all_pairs_numpy(x: np.ndarray, thr: float, block: int = 2048) -> int:
    """The quadratic baseline: every pair of ``x`` compared (numpy, blocks of rows)."""
    n = 0
    for s in range(0, len(x), block):
        sim = x[s : s + block] @ x.T
        n += int(np.count_nonzero(sim >= thr))
    return (n - len(x)) // 2


def bench_all_pairs(t: Table, sec: str, vectors: np.ndarray, sizes: list[int],
                    thr: float) -> dict[int, float]:
    """numpy all-pairs over the first ``size`` vectors, for each size."""
    out = {}
    for size in sizes:
        x = np.ascontiguousarray(vectors[:size])
        log(f"numpy all-pairs at {size}")
        t0, c0 = perf(), cpu()
        pairs = all_pairs_numpy(x, thr)
        out[size] = perf() - t0
        t.add(sec, f"baseline numpy all-pairs at {size:,} ({pairs} pairs), wall / CPU",
              f"{out[size]:.2f} / {cpu() - c0:.2f}", unit="s")
    return out


def bench_compress(t: Table, sec: str, settings: KoreSettings, snap: Snapshot,
                   corpus: dict[str, Any], embedder: embed.Embedder, reps: int) -> float:
    """Figures for one corpus size built in this run; returns the median wall time."""
    runs = [run_once(settings, snap, embedder, f"{r + 1}/{reps}") for r in range(reps)]
    wall, _cpu = report_runs(t, sec, corpus["rows_count"], runs, set(corpus["planted"]))
    groups = [np.asarray(m, dtype=np.int64) for m in corpus["groups"].values()]
    pair_finding(t, sec, groups, corpus["vectors"], settings.similarity_threshold)
    return wall


def _snapshot(snap: Snapshot) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{snap.copy}?mode=ro", uri=True)


def _groups(snap: Snapshot) -> list[np.ndarray]:
    """Active memories' ids per (owner, subject, type) of the snapshot."""
    conn = _snapshot(snap)
    groups: dict[tuple[str, str, str], list[int]] = {}
    for mid, o, s, ty in conn.execute("SELECT id, owner, subject, type FROM memories WHERE"
                                      " status = 'active' AND type != 'summary'"):
        groups.setdefault((o, s, ty), []).append(mid)
    conn.close()
    return [np.asarray(sorted(g), dtype=np.int64) for g in groups.values()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--home", type=Path, action="append", required=True,
                   help="a KORE home with snapshot.sqlite (first: the big one)")
    p.add_argument("--order", default="0,1,0,1,1", help="homes to time, in this order")
    p.add_argument("--vectors", type=Path, default=None,
                   help="the big corpus' vectors (.npy, row = id - 1): pair finding, baseline")
    p.add_argument("--allpairs", default="", help="numpy all-pairs baseline sizes")
    p.add_argument("--real", type=Path, default=None,
                   help="real sentence embeddings (.npy): recall of the blocked path")
    cfg = p.parse_args(argv)
    t = Table()
    sec = "3 compress"
    t.add(sec, "load average at start", " / ".join(f"{x:.2f}" for x in os.getloadavg()))
    homes = [KoreSettings(home=h) for h in cfg.home]
    snaps = [Snapshot(s) for s in homes]
    embedder = embed.make_embedder(homes[0])
    runs: dict[int, list[tuple[float, float, Any]]] = {}
    for i in (int(x) for x in cfg.order.split(",")):
        runs.setdefault(i, []).append(run_once(homes[i], snaps[i], embedder, f"home {i}"))
    t.add(sec, "load average after the timed runs",
          " / ".join(f"{x:.2f}" for x in os.getloadavg()))
    medians = {}
    for i, rs in sorted(runs.items()):
        planted_file = cfg.home[i] / "planted.npy"
        planted = ({(int(a), int(b)) for a, b in np.load(planted_file)}
                   if planted_file.exists() else None)
        medians[i] = report_runs(t, sec, _size(snaps[i]), rs, planted)
    if 0 in medians and 1 in medians:
        t.add(sec, "ratio of medians (home 0 / home 1), wall / CPU",
              f"{medians[0][0] / medians[1][0]:.1f} / {medians[0][1] / medians[1][1]:.1f}",
              unit="x")
    if cfg.vectors is not None:
        vecs = np.load(cfg.vectors, mmap_mode="r")
        pair_finding(t, sec, _groups(snaps[0]), np.ascontiguousarray(vecs),
                     homes[0].similarity_threshold)
        sizes = [int(x) for x in cfg.allpairs.split(",") if x.strip()]
        bench_all_pairs(t, sec, vecs, sizes, homes[0].similarity_threshold)
    if cfg.real is not None:
        real_recall(t, sec, cfg.real, homes[0].similarity_threshold)
    print(t.render())
    return 0


def _size(snap: Snapshot) -> int:
    conn = _snapshot(snap)
    n = int(conn.execute("SELECT count(*) FROM memories WHERE status = 'active'").fetchone()[0])
    conn.close()
    return n


if __name__ == "__main__":
    sys.exit(main())
