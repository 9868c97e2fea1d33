#!/usr/bin/env python
"""Evaluation harness: every figure of docs/evaluation.md in one run.

Run from the repository root (the public sets are read in place, never copied):

    PYTHONPATH=src:. python benchmarks/eval_harness.py                       # all sets
    PYTHONPATH=src:. python benchmarks/eval_harness.py --limit 50            # quick subsample
    PYTHONPATH=src:. python benchmarks/eval_harness.py --json eval.json --sets spc,madial

Same as ``kore eval``; the logic lives in ``evals``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from evals import (  # noqa: E402
    DEFAULT_DATA,
    MADIAL_NOW,
    SETS,
    format_report,
    parse_sets,
    run_all,
    write_json,
)
from kore_pipeline.settings import KoreSettings  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the harness, print the tables (and write JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA,
                    help=f"folder of the public sets (default {DEFAULT_DATA})")
    ap.add_argument("--limit", type=int, default=None,
                    help="at most N SPC conversations, MADial dialogues, MemoryBank users,"
                    " LoCoMo conversations")
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated subset of "
                    + ", ".join(SETS))
    ap.add_argument("--json", type=Path, default=None, help="write every figure here")
    ap.add_argument("--home", type=Path, default=None,
                    help="keep the MADial store/index/cache here (default: a temporary folder)")
    ap.add_argument("--no-semantic", action="store_true",
                    help="skip the MiniLM match rule for SPC facts")
    ap.add_argument("--now", default=MADIAL_NOW, help="clock for decay in MADial search")
    args = ap.parse_args(argv)
    try:
        sets = parse_sets(args.sets)
    except ValueError as exc:
        ap.error(str(exc))
    settings = KoreSettings(home=args.home) if args.home else KoreSettings()
    from kore_pipeline.run.pipeline import run_pipeline

    result = run_all(data=args.data, sets=sets, limit=args.limit, home=args.home,
                     settings=settings, semantic=not args.no_semantic, now=args.now,
                     pipeline=run_pipeline)
    print(format_report(result))
    if args.json:
        write_json(result, args.json)
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
