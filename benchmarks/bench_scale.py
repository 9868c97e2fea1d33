#!/usr/bin/env python
"""Scale benchmark: a million memories on one machine (the single-machine part).

Run from the repository root (after the install in the README):

    python benchmarks/bench_scale.py                      # 1,000,000 memories (~25 min, 2 cores)
    python benchmarks/bench_scale.py --quick              # 20,000 memories, a few minutes
    python benchmarks/bench_scale.py --size 200000 --json out.json

Sections (all with the real modules in a throw-away KORE home; medians and ratios are taken
within this one run):

1. corpus: N generated memories (50 owners x 20 subjects) inserted into the real store. Their
   vectors are SYNTHETIC random unit vectors (2% planted near-duplicates) written into the real
   embedding cache, because embedding a million texts with the model would take hours on
   2 cores; ``sync_index`` builds the index from the cache and encodes nothing.
2. decay: the vectorised pass vs a per-row Python loop over the same rows.
3. compress: ``run_compress`` at N and at N/10 (same generator): the scaling ratio; the old
   per-group FAISS pair finding beside the new one; numpy all-pairs baselines.
4. search: hybrid ``Searcher.search`` p50/p95 at N with the real model encoding each query.
5. index: in-place ``sync_index`` after 1% of the memories changed; recall@10 of the
   approximate index kinds against exact search on REAL sentence embeddings.
6. peak memory of one full pipeline run over the N store, in a separate process.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from bench_common import NOW, Snapshot, log, model_id, perf  # noqa: E402
from bench_decay import bench_decay  # noqa: E402
from bench_report import Table, machine_info, write_json  # noqa: E402
from bench_scale_compress import bench_all_pairs, bench_compress  # noqa: E402
from bench_scale_index import DATA, bench_incremental, bench_recall  # noqa: E402
from bench_scale_store import build_store, copy_home  # noqa: E402
from bench_search import bench_search  # noqa: E402

from kore_pipeline import (
    ids,
    store,  # noqa: E402
)
from kore_pipeline.embed import cache as embed
from kore_pipeline.lifecycle.compress import run_compress  # noqa: E402
from kore_pipeline.lifecycle.decay import run_decay  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402


def seed_merged_texts(settings: KoreSettings, snap: Snapshot, dim: int, seed: int) -> int:
    """Run decay + compress once on the store (as the pipeline will) and put synthetic vectors
    for the merged keepers' new texts in the cache, so the measured run encodes nothing."""
    conn = snap.restore()
    cache = embed.EmbeddingCache(settings.cache_path())
    run_decay(conn, settings, NOW)
    rep = run_compress(conn, settings, embed.make_embedder(settings), cache, NOW)
    keepers = sorted({k for k, _o, _c in rep.pairs})
    rows = [r for s in range(0, len(keepers), 500) for r in conn.execute(
        "SELECT subject, content FROM memories WHERE id IN ({})".format(",".join(
            map(str, keepers[s : s + 500]))))]
    keys = [ids.embedding_key(model_id(settings), embed.embed_text(r[0], r[1])) for r in rows]
    held = cache.get_many(keys)  # a keeper whose text did not change keeps its real vector
    keys = [k for k in dict.fromkeys(keys) if k not in held]
    v = np.random.default_rng(seed).standard_normal((len(keys), dim)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    cache.put_many(keys, v)
    cache.close()
    conn.close()
    return len(keys)


def bench_peak(t: Table, settings: KoreSettings, snap: Snapshot, work: Path, dim: int,
               seed: int) -> None:
    sec = "6 peak memory"
    seeded = seed_merged_texts(settings, snap, dim, seed)
    snap.restore().close()
    run_home = copy_home(settings, work / "peak-home")
    empty = work / "empty-input"
    empty.mkdir(exist_ok=True)
    script = Path(__file__).resolve().parent / "bench_scale_peak.py"
    log("full pipeline run in a subprocess (peak RSS)")
    t0 = perf()
    out = subprocess.run([sys.executable, str(script), str(run_home.home), iso(NOW), str(empty)],
                         capture_output=True, text=True, check=True)
    wall = perf() - t0
    res = json.loads(out.stdout.strip().splitlines()[-1])
    t.note(sec, "VmHWM after each stage (peak RSS of the process so far); merged texts' "
                f"vectors pre-seeded in the cache ({seeded}), so the run encodes nothing")
    for stage in ("start", "ingest", "extract", "index", "decay", "compress (+ re-index)",
                  "publish"):
        secs = res["seconds"].get(stage)
        t.add(sec, f"peak RSS after {stage}", f"{res[stage] / 1024:.2f} GiB"
              + (f" ({secs} s)" if secs is not None else ""))
    t.add(sec, "whole run (process wall time)", wall, "{:.0f}", "s")
    t.add(sec, "run stats", json.dumps(res["stats"], default=str)[:300])
    shutil.rmtree(run_home.home, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, default=1_000_000, help="memories (default 1,000,000)")
    p.add_argument("--owners", type=int, default=50)
    p.add_argument("--subjects", type=int, default=20)
    p.add_argument("--reps", type=int, default=1)
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--real-sentences", type=int, default=20_000)
    p.add_argument("--real-queries", type=int, default=1000)
    p.add_argument("--allpairs", default="10000,30000,100000",
                   help="numpy all-pairs baseline sizes")
    p.add_argument("--data", type=Path, default=DATA, help="folder of the public datasets")
    p.add_argument("--skip", default="", help="comma list: decay,compress,search,search-cold,"
                   "index,recall,peak,allpairs")
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--quick", action="store_true", help="20,000 memories, fewer queries")
    cfg = p.parse_args(argv)
    if cfg.quick:
        cfg.size = min(cfg.size, 20_000)
        cfg.queries, cfg.reps = min(cfg.queries, 40), 1
        cfg.real_sentences, cfg.real_queries = min(cfg.real_sentences, 3000), 200
        cfg.allpairs = "2000,10000"
    skip = {s.strip() for s in cfg.skip.split(",") if s.strip()}
    work = Path(tempfile.mkdtemp(prefix="kore-scale-"))
    t = Table()
    add = t.add

    def add_and_log(section: str, metric: str, value: object, fmt: str = "{}",
                    unit: str = "") -> None:
        add(section, metric, value, fmt, unit)
        log(f"FIGURE {section} | {metric} | {t.rows[-1][2]}")  # figures survive a crash

    t.add = add_and_log  # type: ignore[method-assign]
    t_start = perf()
    try:
        for k, v in machine_info().items():
            t.add("0 machine", k, v)
        t.add("0 machine", "command", " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]))
        t.add("0 machine", "load average at start", " / ".join(
            f"{x:.2f}" for x in os.getloadavg()))
        settings = KoreSettings(home=work / "big")
        embedder = embed.make_embedder(settings)
        dim = embedder.dim
        corpus = build_store(t, "1 corpus", settings, cfg.size, cfg.owners, cfg.subjects,
                             cfg.seed, embedder)
        snap = Snapshot(settings)
        snap.take(store.connect(settings.db_path()))
        if "decay" not in skip:
            bench_decay(t, settings, snap, cfg.reps)
        if "search" not in skip:
            bench_search(t, settings, snap, corpus, embedder, cfg.queries, cfg.seed)
        if "search-cold" not in skip:
            bench_search(t, settings, snap, corpus, embedder, cfg.queries, cfg.seed,
                         warm=False, sec="4 search, no warm-up")
        vectors = corpus["vectors"]
        if "compress" not in skip:
            sec = "3 compress"
            t_big = bench_compress(t, sec, settings, snap, corpus, embedder, cfg.reps)
            small_settings = KoreSettings(home=work / "small")
            small = build_store(t, "3 compress", small_settings, cfg.size // 10, cfg.owners,
                                cfg.subjects, cfg.seed, embedder)
            small_snap = Snapshot(small_settings)
            small_snap.take(store.connect(small_settings.db_path()))
            t_small = bench_compress(t, sec, small_settings, small_snap, small, embedder,
                                     cfg.reps)
            t.add(sec, f"ratio time({cfg.size:,}) / time({cfg.size // 10:,})",
                  t_big / t_small, "{:.1f}", "x")
            del small
            shutil.rmtree(small_settings.home, ignore_errors=True)
        del corpus
        if "index" not in skip:
            snap.restore().close()  # the corpus as built (compress changed the store)
            inc = copy_home(settings, work / "inc-home")
            bench_incremental(t, "5 index", inc, 0.01, embedder, cfg.seed)
            shutil.rmtree(inc.home, ignore_errors=True)
        if "peak" not in skip:
            bench_peak(t, settings, snap, work, dim, cfg.seed)
        if "recall" not in skip:
            bench_recall(t, "5 index", embedder, cfg.real_sentences, cfg.real_queries,
                         cfg.seed, cfg.data)
        if "allpairs" not in skip:
            sizes = [int(x) for x in cfg.allpairs.split(",") if x.strip()]
            bench_all_pairs(t, "3 compress", vectors, [s for s in sizes if s <= cfg.size],
                            KoreSettings().similarity_threshold)
        t.add("9 total", "benchmark wall time", perf() - t_start, "{:.0f}", "s")
        t.add("9 total", "load average at end", " / ".join(f"{x:.2f}" for x in os.getloadavg()))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(t.render())
    if cfg.json is not None:
        write_json(t, cfg.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
