#!/usr/bin/env python
"""The whole ``kore run --no-prefect`` against a plain torch encode of the same texts.

    python benchmarks/bench_run_vs_encode.py [--data ../shared/data] [--reps 3]
        [--variant NAME=KORE_VAR=value,KORE_VAR=value ...] [--no-warm] [--json out.json]

The turns of the LoCoMo dev half (``locomo-dev/locomo_dev5.json``, read from the data folder at
run time, never copied) are written as JSON Lines to a temporary folder. Each repetition runs,
interleaved: a plain ``SentenceTransformer.encode`` of the turns' texts (the packaged MiniLM,
loaded and warmed before the clock starts, the library's defaults: batch 32, all cores) and,
for every variant, the whole ``kore run --no-prefect`` (a new process, a fresh home: start-up,
model load, every stage; files to searchable) with the variant's ``KORE_*`` settings. Wall and
CPU seconds (the child's, from ``getrusage``) of each; the medians over the repetitions, and
the ratio of each run's turns/s to the encode's texts/s *taken within each repetition* (its
median printed): 1.0 = the whole run costs what the bare model costs on the same texts.
The per-user model cache (ONNX export, static table) is filled before the first repetition.
The machine's 1-minute load average is read before and after each measurement and printed
beside it (a shared machine's wall figures are only as good as its load).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evals.locomo import load_locomo, sample_records  # noqa: E402

DEFAULT_VARIANTS = ("default=",)


def child_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def parse_variant(text: str) -> tuple[str, dict[str, str]]:
    """``name=KORE_A=1,KORE_B=2`` -> ``(name, {"KORE_A": "1", "KORE_B": "2"})``."""
    name, _, rest = text.partition("=")
    env = dict(item.split("=", 1) for item in rest.split(",") if item)
    return name, env


def load() -> float:
    """The 1-minute load average."""
    return os.getloadavg()[0]


def kore_run(log: Path, home: Path, env: dict[str, str]) -> tuple[float, float, float, float]:
    """Wall and CPU seconds of one whole ``kore run --no-prefect`` in a new process, and the
    load average before and after it."""
    full = {**os.environ, **env, "PYTHONPATH": str(ROOT)}
    before = load()
    cpu0, t0 = child_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "kore_pipeline.cli", "run", str(log), "--home",
                    str(home), "--no-prefect", "--quiet", "--now", "2026-12-01T00:00:00Z"],
                   env=full, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0, child_cpu() - cpu0, before, load()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--variant", action="append", default=None,
                   help="NAME=KORE_VAR=value,...; repeatable (default: the default settings)")
    p.add_argument("--no-warm", action="store_true",
                   help="skip the warm-up run of each variant (its caches are filled already)")
    p.add_argument("--json", type=Path, default=None)
    args = p.parse_args()
    variants = [parse_variant(v) for v in (args.variant or DEFAULT_VARIANTS)]

    samples = load_locomo(args.data / "locomo-dev" / "locomo_dev5.json")
    records = [r for s in samples for r in sample_records(s)]
    texts = [str(r["text"]) for r in records]
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    from kore_pipeline.embed.sentence_transformer import resolve_model_path
    from kore_pipeline.settings import KoreSettings

    model = SentenceTransformer(str(resolve_model_path(KoreSettings())), device="cpu")
    model.encode(texts[:64])
    results: dict[str, Any] = {"turns": len(texts), "reps": args.reps,
                               "variants": {n: env for n, env in variants}, "runs": []}
    with tempfile.TemporaryDirectory(prefix="kore-run-vs-encode-") as tmp:
        log = Path(tmp) / "locomo-dev.jsonl"
        log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        for name, env in [] if args.no_warm else variants:  # fill the per-user caches
            kore_run(log, Path(tmp) / f"warm-{name}", env)
        for rep in range(args.reps):
            before, t0, c0 = load(), time.perf_counter(), time.process_time()
            model.encode(texts)
            row: dict[str, Any] = {"encode": (time.perf_counter() - t0,
                                              time.process_time() - c0, before, load())}
            for name, env in variants:
                row[name] = kore_run(log, Path(tmp) / f"home-{name}-{rep}", env)
            results["runs"].append(row)
            print(f"# rep {rep}: " + ", ".join(f"{k} {w:.1f} s wall {c:.1f} s CPU (load"
                                                f" {a:.1f} -> {b:.1f})"
                                                for k, (w, c, a, b) in row.items()),
                  file=sys.stderr, flush=True)
    n = len(texts)
    print(f"{n} LoCoMo dev turns, median of {args.reps}; ratio = run turns/s over encode "
          "texts/s in the same repetition")
    print("| what | wall s | CPU s | per s (wall) | ratio to encode (wall) | ratio (CPU) |"
          " load |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for key in ["encode"] + [nm for nm, _ in variants]:
        walls = [r[key][0] for r in results["runs"]]
        cpus = [r[key][1] for r in results["runs"]]
        ratio = statistics.median(r["encode"][0] / r[key][0] for r in results["runs"])
        ratio_cpu = statistics.median(r["encode"][1] / r[key][1] for r in results["runs"])
        loads = [x for r in results["runs"] for x in r[key][2:]]
        wall = statistics.median(walls)
        results[key] = {"wall_s": wall, "cpu_s": statistics.median(cpus), "ratio": ratio,
                        "ratio_cpu": ratio_cpu, "load": [min(loads), max(loads)]}
        label = "plain torch encode" if key == "encode" else f"kore run ({key})"
        print(f"| {label} | {wall:.1f} | {statistics.median(cpus):.1f} | {n / wall:.0f} "
              f"| {ratio:.2f} | {ratio_cpu:.2f} | {min(loads):.1f}-{max(loads):.1f} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
