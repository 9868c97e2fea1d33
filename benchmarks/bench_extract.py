"""Extraction throughput on real turns, this checkout against a baseline checkout in one run.

What the extract stage does per message is timed: ``extract.facts.memories_from_message``
(language detection, facts, the episode, importance and slots of each). The corpus is every
speaker turn of the LoCoMo dev half (both speakers are users there), read from the data folder
at run time. Each repeat is a fresh process: it loads both language models and passes once
over the turns untimed (what a long run compiles on first use), then clears the per-text
caches and times one pass (within it a sentence said again is a cache hit, as in a real run).
``--baseline DIR`` (e.g. ``git worktree add --detach DIR <commit>``) times that checkout's
code the same way, alternating with this one repeat by repeat, so both share the machine's
load. Prints messages per wall second and
per CPU second of each repeat, their medians and the ratios. Run it on one core:

    taskset -c 0 python benchmarks/bench_extract.py [--what stage|facts] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _root() -> Path:
    """The checkout whose code is timed: ``--root DIR``, else this script's own."""
    if "--root" in sys.argv:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return Path(__file__).resolve().parents[1]


ROOT = _root()
sys.path.insert(0, str(ROOT))
DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LOCOMO_FILE = Path("locomo-dev") / "locomo_dev5.json"

Rates = tuple[float, float]
"""(messages per wall-clock second, messages per CPU second)."""


def locomo_turns(data: Path) -> list[str]:
    """Every speaker turn of the LoCoMo dev conversations, in order."""
    out: list[str] = []
    for sample in json.loads((data / LOCOMO_FILE).read_text(encoding="utf-8")):
        conv = sample["conversation"]
        n = 1
        while f"session_{n}" in conv:
            out.extend(str(t.get("text") or "") for t in conv[f"session_{n}"])
            n += 1
    return [t for t in out if t.strip()]


def timed(texts: list[str], what: str) -> Rates:
    """One repeat over ``texts`` from cold caches: ``stage``, what the extract stage does per
    message; ``facts``, the rules alone (language detection, then ``extract_facts``)."""
    from kore_pipeline.extract import facts, patterns
    from kore_pipeline.settings import KoreSettings
    from kore_pipeline.text.language import detect_language, pattern_language

    settings = KoreSettings()
    facts.memories_from_message(_message("Mi piace il caffè.", 0), settings)  # load models
    for i, text in enumerate(texts):  # compile what is compiled on first use, as a long run has
        facts.memories_from_message(_message(text, i), settings)
    facts.clear_caches()
    wall, cpu = time.perf_counter(), time.process_time()
    if what == "facts":
        for text in texts:
            patterns.extract_facts(text, pattern_language(detect_language(text)))
    else:
        for i, text in enumerate(texts):
            facts.memories_from_message(_message(text, i), settings)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return len(texts) / wall, len(texts) / cpu


def _message(text: str, i: int) -> dict[str, object]:
    return {"owner": "bench", "conversation_id": "c", "session_id": "s", "message_id": f"m{i}",
            "ts": "2026-01-01T00:00:00+00:00", "role": "user", "text": text}


def checkout_rates(checkout: Path, data: Path, what: str) -> Rates:
    """One repeat of ``checkout``'s extractor, timed in a fresh subprocess on its code (each
    side alike: no repeat inherits another's warm caches)."""
    out = subprocess.run(
        [sys.executable, __file__, "--root", str(checkout), "--once", "--data", str(data),
         "--what", what],
        capture_output=True, text=True, check=True).stdout.split()
    return float(out[-2]), float(out[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another checkout timed in the same run (e.g. the code before)")
    ap.add_argument("--what", choices=("stage", "facts"), default="stage",
                    help="stage: facts, episode, importance and slots of each message (what"
                    " the extract stage does); facts: the rules alone")
    ap.add_argument("--root", type=Path, default=None, help="(internal) the checkout timed")
    ap.add_argument("--once", action="store_true",
                    help="(internal) one repeat of this checkout; prints its two rates")
    args = ap.parse_args()
    texts = locomo_turns(args.data)
    if args.once:
        print(*timed(texts, args.what))
        return
    rates: dict[str, list[Rates]] = {}
    for rep in range(args.repeats):
        sides = [("this", lambda: checkout_rates(ROOT, args.data, args.what))]
        if args.baseline is not None:
            sides.insert(0, ("baseline",
                             lambda: checkout_rates(args.baseline.resolve(), args.data,
                                                    args.what)))
        for name, run in sides:
            wall, cpu = run()
            rates.setdefault(name, []).append((wall, cpu))
            print(f"repeat {rep + 1} {name}: {wall:,.0f} msgs/s, {cpu:,.0f} msgs/CPU s",
                  flush=True)
    print(f"messages: {len(texts)} (LoCoMo dev turns), repeats: {args.repeats},"
          f" timed: {args.what}")
    med = {name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
           for name, rs in rates.items()}
    for name, (wall, cpu) in med.items():
        label = f"baseline ({args.baseline})" if name == "baseline" else "this checkout"
        print(f"{label}: {wall:,.0f} msgs/s, {cpu:,.0f} msgs/CPU s (medians)")
    if "baseline" in med:
        new, base = med["this"], med["baseline"]
        print(f"this/baseline: {new[0] / base[0]:.2f}x wall, {new[1] / base[1]:.2f}x CPU")


if __name__ == "__main__":
    main()
