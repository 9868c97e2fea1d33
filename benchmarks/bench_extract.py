"""Extraction throughput, old vs new extractor in one run, on real dev-set user turns.

Both sides do what the extract stage does per message: detect its language, then
``memories_from_message`` (facts, episode, importance of each). The old side is the frozen
copy in ``tests/extract/legacy``. The new side's per-text caches are cleared before every
repeat, so no repeat profits from the one before; both language models are loaded before
timing. Prints messages/s per repeat, the medians and their ratio.

``--baseline DIR`` also times another checkout's extractor (e.g. ``git archive main`` unpacked
in DIR) in the same run: each repeat runs that checkout's own bench for one repeat in a
subprocess, between this side's old and new, so the three figures share the machine's load.
Run it on one core: ``taskset -c 0 python benchmarks/bench_extract.py``.

    python benchmarks/bench_extract.py [--messages 3000] [--repeats 5] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kore_pipeline.evaluation.dev_turns import dev_user_turns  # noqa: E402
from kore_pipeline.evaluation.runner import DEFAULT_DATA  # noqa: E402
from kore_pipeline.extract import facts  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from tests.extract.reference import run_new, run_old  # noqa: E402


def sample(n: int, data: Path) -> list[str]:
    """``n`` user turns spread evenly over all dev sets (every k-th turn of their union)."""
    texts = [t for turns in dev_user_turns(data).values() for t in turns]
    step = max(1, len(texts) // n)
    return texts[::step][:n]


def clear_caches() -> None:
    facts.clear_caches()


def baseline_rate(checkout: Path, messages: int, data: Path) -> float:
    """Messages/s of ``checkout``'s new extractor: its own bench, one repeat, in a subprocess."""
    out = subprocess.run(
        [sys.executable, str(checkout / "benchmarks" / "bench_extract.py"), "--messages",
         str(messages), "--repeats", "1", "--data", str(data)],
        cwd=checkout, capture_output=True, text=True, check=True).stdout
    found = re.search(r"repeat 1 new: ([\d,]+) msgs/s", out)
    if found is None:
        raise RuntimeError(f"no rate in the baseline's output:\n{out}")
    return float(found.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another checkout (e.g. of main) timed in the same run")
    args = ap.parse_args()
    texts = sample(args.messages, args.data)
    settings = KoreSettings()
    run_old("Mi piace il caffè.", settings)  # load both language models
    run_new("Mi piace il caffè.", settings)
    rates: dict[str, list[float]] = {"old": [], "new": []}
    for rep in range(args.repeats):
        for name, run in (("old", run_old), ("new", run_new)):  # alternate: same load on both
            clear_caches()
            t0 = time.perf_counter()
            for i, text in enumerate(texts):
                run(text, settings, i)
            rate = len(texts) / (time.perf_counter() - t0)
            rates[name].append(rate)
            print(f"repeat {rep + 1} {name}: {rate:,.0f} msgs/s", flush=True)
        if args.baseline is not None:
            rate = baseline_rate(args.baseline.resolve(), args.messages, args.data)
            rates.setdefault("baseline", []).append(rate)
            print(f"repeat {rep + 1} baseline: {rate:,.0f} msgs/s", flush=True)
    old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
    print(f"messages: {len(texts)} (dev-set user turns), repeats: {args.repeats}")
    print(f"old extractor: {old:,.0f} msgs/s (median)")
    print(f"new extractor: {new:,.0f} msgs/s (median)")
    print(f"speed-up: {new / old:.1f}x")
    if "baseline" in rates:
        base = statistics.median(rates["baseline"])
        print(f"baseline ({args.baseline}): {base:,.0f} msgs/s (median), {base / old:.1f}x old")
        print(f"new vs baseline: {new / base:.2f}x")


if __name__ == "__main__":
    main()
