"""Section 3, compress: ``run_compress``, pair finding per group and on the largest group,
and a numpy all-pairs baseline against the FAISS path."""

from __future__ import annotations

from typing import Any

import numpy as np
from bench_common import NOW, Snapshot, cpu, log, med, perf
from bench_report import Table

from kore_pipeline.embed import cache as embed
from kore_pipeline.settings import KoreSettings


def bench_compress(t: Table, settings: KoreSettings, snap: Snapshot, corpus: dict[str, Any],
                   embedder: embed.Embedder, reps: int, subsets: list[int]) -> None:
    from kore_pipeline.lifecycle.compress import find_similar_pairs, run_compress

    sec = "3 compress"
    cache = corpus["cache"]
    times, cpus, reports = [], [], []
    for r in range(reps):
        conn = snap.restore()
        log(f"run_compress {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        rep = run_compress(conn, settings, embedder, cache, NOW, run_id=f"bench-compress-{r}")
        times.append(perf() - t0)
        cpus.append(cpu() - c0)
        reports.append(rep)
        conn.close()
    rep = reports[-1]
    planted = set(corpus["planted"])
    merged = {(min(a, b), max(a, b)) for a, b, _c in rep.pairs}
    hit = len(merged & planted)
    n_active = len(corpus["rows"])
    t.add(sec, f"run_compress median of {reps}", med(times), "{:.2f}", "s")
    t.add(sec, "runs wall", " / ".join(f"{x:.2f}" for x in times), unit="s")
    t.add(sec, "runs CPU (process, all threads)", " / ".join(f"{x:.2f}" for x in cpus),
          unit="s")
    t.add(sec, "throughput", n_active / med(times), "{:,.0f}", "memories/s")
    t.add(sec, "groups / candidate pairs", f"{rep.groups} / {rep.candidates}")
    t.add(sec, "merged / planted", f"{rep.merged} / {len(planted)}")
    t.add(sec, "merged pairs that were planted", hit)
    t.add(sec, "merged pairs not planted (false +)", len(merged - planted))

    # Breakdown: the cache read of every text, and pair finding summed over all groups.
    vecs = corpus["vectors"]
    rows = corpus["rows"]
    texts = [embed.embed_text(r[2], r[6]) for r in rows]
    t0 = perf()
    embed.embed_with_cache(texts, embedder, cache)
    t_cache = perf() - t0
    thr = settings.similarity_threshold
    group_arrays = [np.asarray(m, dtype=np.int64) for m in corpus["groups"].values()
                    if len(m) > 1]
    t_pairs, t_np = [], []
    n_f = n_n = 0
    for _ in range(reps):
        t0 = perf()
        n_f = sum(len(find_similar_pairs(m, vecs[m - 1], thr)) for m in group_arrays)
        t_pairs.append(perf() - t0)
        t0 = perf()
        n_n = 0
        for m in group_arrays:
            x = vecs[m - 1]
            n_n += int(np.count_nonzero(np.triu(x @ x.T >= thr, k=1)))
        t_np.append(perf() - t0)
    t.add(sec, "  embed_with_cache, all texts, warm", t_cache, "{:.2f}", "s")
    t.add(sec, f"  find_similar_pairs over (owner,subject) groups (med {reps})", med(t_pairs),
          "{:.2f}", "s")
    t.add(sec, "  per call (mean over groups)", med(t_pairs) / len(group_arrays) * 1000,
          "{:.2f}", "ms")
    t.add(sec, f"  numpy X@X.T over the same groups (med {reps})", med(t_np), "{:.3f}", "s")
    t.add(sec, "  pairs faiss / numpy over groups", f"{n_f} / {n_n}")

    big_key, big = max(corpus["groups"].items(), key=lambda kv: len(kv[1]))
    b = np.asarray(big, dtype=np.int64)
    tb = []
    for _ in range(5):
        t0 = perf()
        pairs = find_similar_pairs(b, vecs[b - 1], settings.similarity_threshold)
        tb.append(perf() - t0)
    t.add(sec, f"largest group {big_key[0]}/{big_key[1]} size", len(big))
    t.add(sec, "  find_similar_pairs median of 5", med(tb) * 1000, "{:.2f}", "ms")
    t.add(sec, "  pairs found", len(pairs))

    # Baseline: numpy all-pairs vs the FAISS path on subsets of the same vectors.
    rng = np.random.default_rng(7)
    for n in subsets:
        if n > len(rows):
            continue
        # About 1% of the subset is planted pairs (both ends), the rest random memories.
        npairs = min(len(corpus["planted"]), n // 100)
        chosen = [p for i in rng.choice(len(corpus["planted"]), npairs, replace=False)
                  for p in corpus["planted"][i]]
        rest = np.setdiff1d(np.arange(1, len(rows) + 1), chosen)
        sub = np.concatenate([np.asarray(chosen, dtype=np.int64),
                              rng.choice(rest, n - len(chosen), replace=False)])
        x = np.ascontiguousarray(vecs[sub - 1])
        tn, tf = [], []
        np_pairs = faiss_pairs = 0
        for _ in range(3):
            t0 = perf()
            sim = x @ x.T
            ii, jj = np.nonzero(np.triu(sim >= thr, k=1))
            tn.append(perf() - t0)
            np_pairs = len(ii)
            del sim
            t0 = perf()
            fp = find_similar_pairs(sub, x, thr)
            tf.append(perf() - t0)
            faiss_pairs = len(fp)
        path = "IVF" if n >= 20_000 else "flat"
        t.add(sec, f"subset {n}: numpy X@X.T all-pairs", med(tn), "{:.3f}", "s")
        t.add(sec, f"subset {n}: find_similar_pairs ({path})", med(tf), "{:.3f}", "s")
        t.add(sec, f"subset {n}: ratio numpy / faiss", med(tn) / med(tf), "{:.2f}", "x")
        t.add(sec, f"subset {n}: pairs numpy / faiss", f"{np_pairs} / {faiss_pairs}")
