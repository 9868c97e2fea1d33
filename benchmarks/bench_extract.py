"""Extraction throughput, old vs new extractor in one run, on real dev-set user turns.

Both sides do what the extract stage does per message: detect its language, then
``memories_from_message`` (facts, episode, importance of each). The old side is the frozen
copy in ``tests/extract/legacy``. The new side's per-text caches are cleared before every
repeat, so no repeat profits from the one before (within a repeat, a turn or sentence said
again is a cache hit, as in a real run); both language models are loaded before timing.
Prints messages/s per repeat (wall clock, and per CPU second of this process: on a shared
machine the second is what one idle core would do), the medians and their ratios.

``--baseline DIR`` also times another checkout's extractor (e.g. ``git archive main`` unpacked
in DIR) in the same run: each repeat times it in a subprocess that imports DIR's code (this
script, run with ``--root DIR --only-new``), between this side's old and new, so all three
share the machine's load. Run it on one core: ``taskset -c 0 python benchmarks/bench_extract.py``.

    python benchmarks/bench_extract.py [--messages 3000] [--repeats 5] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _root() -> Path:
    """The checkout whose code is timed: ``--root DIR``, else this script's own."""
    if "--root" in sys.argv:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return Path(__file__).resolve().parents[1]


ROOT = _root()
sys.path.insert(0, str(ROOT))

try:
    from evals.dev_turns import dev_user_turns
    from evals.runner import DEFAULT_DATA
except ModuleNotFoundError:  # a --baseline checkout from before evals/ left the package
    from kore_pipeline.evaluation.dev_turns import dev_user_turns  # type: ignore[no-redef]
    from kore_pipeline.evaluation.runner import DEFAULT_DATA  # type: ignore[no-redef]
from kore_pipeline.settings import KoreSettings  # noqa: E402
from tests.extract.reference import run_new, run_old  # noqa: E402

Rates = tuple[float, float]
"""(messages per wall-clock second, messages per CPU second)."""


def sample(n: int, data: Path) -> list[str]:
    """``n`` user turns spread evenly over all dev sets (every k-th turn of their union)."""
    texts = [t for turns in dev_user_turns(data).values() for t in turns]
    step = max(1, len(texts) // n)
    return texts[::step][:n]


def clear_caches() -> None:
    """Forget the new side's per-text results (older checkouts: the caches they had)."""
    from kore_pipeline.extract import facts, patterns
    from kore_pipeline.text import language

    if hasattr(facts, "clear_caches"):
        facts.clear_caches()
        return
    language._classify.cache_clear()  # the checkout before facts.clear_caches
    patterns.normalize_text.cache_clear()
    patterns._sentences.cache_clear()


def timed(run: Callable[..., Any], texts: list[str], settings: KoreSettings) -> Rates:
    clear_caches()
    wall, cpu = time.perf_counter(), time.process_time()
    for i, text in enumerate(texts):
        run(text, settings, i)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return len(texts) / wall, len(texts) / cpu


def baseline_rates(checkout: Path, messages: int, data: Path) -> Rates:
    """The new extractor of ``checkout``, one repeat, timed in a subprocess on its code."""
    out = subprocess.run(
        [sys.executable, __file__, "--root", str(checkout), "--only-new", "--messages",
         str(messages), "--data", str(data.resolve())],
        capture_output=True, text=True, check=True).stdout.split()
    return float(out[-2]), float(out[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--messages", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another checkout (e.g. of main) timed in the same run")
    ap.add_argument("--root", type=Path, default=None, help="(internal) the checkout timed")
    ap.add_argument("--only-new", action="store_true",
                    help="(internal) one repeat of the new side; prints its two rates")
    args = ap.parse_args()
    texts = sample(args.messages, args.data)
    settings = KoreSettings()
    run_old("Mi piace il caffè.", settings)  # load both language models
    run_new("Mi piace il caffè.", settings)
    if args.only_new:
        print(*timed(run_new, texts, settings))
        return
    rates: dict[str, list[Rates]] = {"old": [], "new": []}
    for rep in range(args.repeats):
        sides: list[tuple[str, Callable[[], Rates]]] = [
            ("old", lambda: timed(run_old, texts, settings)),
            ("new", lambda: timed(run_new, texts, settings))]
        if args.baseline is not None:  # alternate: the same load on all
            sides.insert(1, ("baseline",
                             lambda: baseline_rates(args.baseline.resolve(), args.messages,
                                                    args.data)))
        for name, run in sides:
            wall, cpu = run()
            rates.setdefault(name, []).append((wall, cpu))
            print(f"repeat {rep + 1} {name}: {wall:,.0f} msgs/s, {cpu:,.0f} msgs/CPU s",
                  flush=True)
    print(f"messages: {len(texts)} (dev-set user turns), repeats: {args.repeats}")
    med = {name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
           for name, rs in rates.items()}
    for name, (wall, cpu) in med.items():
        label = f"baseline ({args.baseline})" if name == "baseline" else f"{name} extractor"
        print(f"{label}: {wall:,.0f} msgs/s, {cpu:,.0f} msgs/CPU s (medians)")
    old = med["old"]
    new = med["new"]
    print(f"speed-up new/old: {new[0] / old[0]:.1f}x wall, {new[1] / old[1]:.1f}x CPU")
    if "baseline" in med:
        base = med["baseline"]
        print(f"baseline/old: {base[0] / old[0]:.1f}x wall, {base[1] / old[1]:.1f}x CPU")
        print(f"new/baseline: {new[0] / base[0]:.2f}x wall, {new[1] / base[1]:.2f}x CPU")


if __name__ == "__main__":
    main()
