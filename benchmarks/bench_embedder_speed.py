#!/usr/bin/env python
"""Texts per second of each embedding backend on the LoCoMo dev turns, wall and CPU.

    python benchmarks/bench_embedder_speed.py [--backends onnx,sentence-transformers,static]
        [--reps 3] [--threads 0] [--data ../shared/data] [--json out.json]

The turns of ``locomo-dev/locomo_dev5.json`` (read at run time, never copied) are encoded by
each backend's ``encode`` (its own batching, sorting and threads; ``--threads`` sets
``KORE_EMBED_THREADS``, 0 = one per core), every model loaded and warmed first, backends
interleaved within each repetition so the machine's load hits them alike. Prints, per backend,
the median wall and CPU seconds (this process), texts/s by wall and per CPU second, the speed
relative to the first backend (wall, taken within each repetition), and the 1-minute load
average around each measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evals.locomo import load_locomo, sample_records  # noqa: E402
from kore_pipeline.embed.factory import make_embedder  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--backends", default="onnx,sentence-transformers,static")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--threads", type=int, default=0)
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--json", type=Path, default=None)
    args = p.parse_args()
    samples = load_locomo(args.data / "locomo-dev" / "locomo_dev5.json")
    texts = [str(r["text"]) for s in samples for r in sample_records(s)]
    names = [b for b in args.backends.split(",") if b]
    models = {b: make_embedder(KoreSettings(embedder=b, embed_threads=args.threads))
              for b in names}
    for model in models.values():
        model.encode(texts[:64])  # load and warm
    runs: list[dict[str, tuple[float, float, float, float]]] = []
    for rep in range(args.reps):
        row = {}
        for name, model in models.items():
            before, wall, cpu = os.getloadavg()[0], time.perf_counter(), time.process_time()
            model.encode(texts)
            row[name] = (time.perf_counter() - wall, time.process_time() - cpu, before,
                         os.getloadavg()[0])
        runs.append(row)
        print(f"# rep {rep}: " + ", ".join(f"{k} {w:.2f} s wall {c:.2f} s CPU (load {a:.1f}"
                                            f" -> {b:.1f})" for k, (w, c, a, b) in row.items()),
              file=sys.stderr, flush=True)
    n = len(texts)
    out: dict[str, Any] = {"texts": n, "reps": args.reps, "threads": args.threads,
                           "runs": runs}
    print(f"{n} LoCoMo dev turns, {args.reps} repetitions, {os.cpu_count()} CPUs,"
          f" KORE_EMBED_THREADS={args.threads}")
    print("| backend | texts/s (wall) | wall s (median) | CPU s (median) | texts per CPU s |"
          f" speed vs {names[0]} (wall) | load | runs (wall s) |")
    print("|---|---:|---:|---:|---:|---:|---|---|")
    for name in names:
        walls = [r[name][0] for r in runs]
        cpus = [r[name][1] for r in runs]
        loads = [x for r in runs for x in r[name][2:]]
        ratio = statistics.median(r[names[0]][0] / r[name][0] for r in runs)
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        out[name] = {"wall_s": wall, "cpu_s": cpu, "texts_per_s": n / wall,
                     "texts_per_cpu_s": n / cpu, "ratio": ratio}
        print(f"| {name} | {n / wall:,.0f} | {wall:.2f} | {cpu:.2f} | {n / cpu:,.0f} |"
              f" {ratio:.2f} | {min(loads):.1f}-{max(loads):.1f} |"
              f" {' / '.join(f'{w:.2f}' for w in walls)} |")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
