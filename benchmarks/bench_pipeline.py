#!/usr/bin/env python
"""Benchmark of the kore_pipeline stages on a generated corpus (default 100k memories).

Run from the repository root:

    PYTHONPATH=src:. python benchmarks/bench_pipeline.py            # full (~100k memories)
    PYTHONPATH=src:. python benchmarks/bench_pipeline.py --quick    # smoke test, < 1 minute
    PYTHONPATH=src:. python benchmarks/bench_pipeline.py --json out.json

What is measured (all with the real modules, in a temporary KORE home):

1. corpus: N template memories inserted with executemany into the real ``memories`` table
   (FTS triggers fire). Corpus vectors are SYNTHETIC random unit vectors written into the
   real EmbeddingCache under the real keys; ``indexing.sync_index`` then finds every
   vector in the cache (embeds nothing) and builds + saves the FAISS index.
2. decay: ``run_decay`` over the whole table, median of 3 (database restored between runs).
3. compress: ``run_compress`` over the whole store, median of 3 (restored between runs),
   merged vs planted near-duplicates; ``find_similar_pairs`` on the largest group; a
   numpy all-pairs baseline against the FAISS path on subsets of the same vectors.
4. search: p50/p95/mean of ``Searcher.search`` (real model for the query vector), plus the
   FTS stream, the vector stream and the query encoding timed separately.
5. embedding throughput: plain ``model.encode`` vs ``embed_with_cache`` (cold, warm).

The model is used only for query vectors, the index signature and the throughput figures.

This file is the entry point (options, section order, printing); the work is in the sibling
modules: bench_common (clock, timers, snapshot), bench_texts (memory text templates),
bench_corpus (section 1), bench_decay, bench_compress, bench_search, bench_embedding
(sections 2-5) and bench_report (table, machine info, JSON).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

# benchmarks/ is not a package: make the sibling bench_* modules importable.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_common import NOW, Snapshot, log, perf  # noqa: E402
from bench_compress import bench_compress  # noqa: E402
from bench_corpus import bench_corpus  # noqa: E402
from bench_decay import bench_decay  # noqa: E402
from bench_embedding import bench_embedding  # noqa: E402
from bench_report import Table, machine_info, source_digests, write_json  # noqa: E402
from bench_search import bench_search  # noqa: E402

from kore_pipeline import embed  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--memories", type=int, default=100_000)
    p.add_argument("--owners", type=int, default=50)
    p.add_argument("--subjects", type=int, default=20)
    p.add_argument("--dup-frac", type=float, default=0.02)
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--embed-texts", type=int, default=2000)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--subsets", default="5000,10000",
                   help="comma-separated subset sizes for the numpy vs FAISS baseline")
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--home", type=Path, default=None,
                   help="empty or new folder to use as KORE home (kept); default a temp dir "
                        "that is removed afterwards")
    p.add_argument("--json", type=Path, default=None, help="also write the figures here")
    p.add_argument("--quick", action="store_true",
                   help="smoke test: 10k memories, 30 queries, 128 embedding texts, 2 reps")
    p.add_argument("--skip", default="", help="comma list of sections to skip: "
                   "decay,compress,search,embedding")
    cfg = p.parse_args(argv)
    if cfg.quick:
        cfg.memories = min(cfg.memories, 10_000)
        cfg.queries = min(cfg.queries, 30)
        cfg.embed_texts = min(cfg.embed_texts, 128)
        cfg.reps = min(cfg.reps, 2)
        cfg.subsets = "2000,5000"
    skip = {s.strip() for s in cfg.skip.split(",") if s.strip()}
    subsets = [int(x) for x in cfg.subsets.split(",") if x.strip()]

    if cfg.home is None:
        home = Path(tempfile.mkdtemp(prefix="kore-bench-"))
        remove = True
    else:
        home = cfg.home
        if home.exists() and any(home.iterdir()):
            p.error(f"--home {home} is not empty")
        home.mkdir(parents=True, exist_ok=True)
        remove = False
    settings = KoreSettings(home=home)
    t = Table()
    t_start = perf()
    try:
        for k, v in machine_info().items():
            t.add("0 machine", k, v)
        t.add("0 machine", "command", " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]))
        t.add("0 machine", "fixed now", iso(NOW))
        t.add("0 machine", "sources (sha256[:8]; files change under work)", source_digests())
        embedder = embed.make_embedder(settings)
        t0 = perf()
        _ = embedder.dim
        t.add("0 machine", "model load", perf() - t0, "{:.2f}", "s")

        def load(section: str) -> None:
            if hasattr(os, "getloadavg"):
                t.add(section, "load average at start (1/5/15 min)",
                      " / ".join(f"{x:.2f}" for x in os.getloadavg()))

        load("1 corpus")
        corpus = bench_corpus(t, settings, cfg, embedder)
        snap = Snapshot(settings)
        snap.take(corpus.pop("conn"))
        if "decay" not in skip:
            load("2 decay")
            bench_decay(t, settings, snap, cfg.reps)
        if "compress" not in skip:
            load("3 compress")
            bench_compress(t, settings, snap, corpus, embedder, cfg.reps, subsets)
        if "search" not in skip:
            load("4 search")
            bench_search(t, settings, snap, corpus, embedder, cfg.queries, cfg.seed)
        if "embedding" not in skip:
            load("5 embedding")
            bench_embedding(t, settings, embedder, cfg.embed_texts, cfg.reps, cfg.seed)
        corpus["cache"].close()
        t.add("9 total", "benchmark wall time", perf() - t_start, "{:.0f}", "s")
        load("9 total")
    finally:
        if remove:
            shutil.rmtree(home, ignore_errors=True)
    print(t.render())
    if cfg.json is not None:
        write_json(t, cfg.json)
        log(f"figures written to {cfg.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
