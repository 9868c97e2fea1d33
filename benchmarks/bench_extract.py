"""Extraction throughput, old vs new extractor in one run, on real dev-set user turns.

Both sides do what the extract stage does per message: detect its language, then
``memories_from_message`` (facts, episode, importance of each). The old side is the frozen
copy in ``tests/extract/legacy``. The new side's per-text caches are cleared before every
repeat, so no repeat profits from the one before; both language models are loaded before
timing. Prints messages/s per repeat, the medians and their ratio.

    python benchmarks/bench_extract.py [--messages 3000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kore_pipeline.evaluation.dev_turns import dev_user_turns  # noqa: E402
from kore_pipeline.evaluation.runner import DEFAULT_DATA  # noqa: E402
from kore_pipeline.extract import patterns  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.text import language  # noqa: E402
from tests.extract.reference import run_new, run_old  # noqa: E402


def sample(n: int, data: Path) -> list[str]:
    """``n`` user turns spread evenly over all dev sets (every k-th turn of their union)."""
    texts = [t for turns in dev_user_turns(data).values() for t in turns]
    step = max(1, len(texts) // n)
    return texts[::step][:n]


def clear_caches() -> None:
    language._classify.cache_clear()
    patterns.normalize_text.cache_clear()
    patterns._sentences.cache_clear()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
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
    old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
    print(f"messages: {len(texts)} (dev-set user turns), repeats: {args.repeats}")
    print(f"old extractor: {old:,.0f} msgs/s (median)")
    print(f"new extractor: {new:,.0f} msgs/s (median)")
    print(f"speed-up: {new / old:.1f}x")


if __name__ == "__main__":
    main()
