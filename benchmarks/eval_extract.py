"""Extraction quality, old vs new extractor in one run: coverage of the hand-written
statements (``evals/cases/coverage-tuned.jsonl``) and Synthetic-Persona-Chat fact
precision, recall and attribution (lexical rule, test split; the ``kore eval --sets spc`` harness).

The old side is the frozen extractor of ``tests/extract/legacy`` put in place of
``extract.facts.memories_from_message`` for its half of the run.

    python benchmarks/eval_extract.py [--limit N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evals import spc  # noqa: E402
from evals.cases import read_statements  # noqa: E402
from evals.coverage import TUNED, coverage  # noqa: E402
from evals.runner import DEFAULT_DATA  # noqa: E402
from kore_pipeline.extract import facts  # noqa: E402
from kore_pipeline.extract.patterns import extract_facts  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from tests.extract.legacy import facts as old_facts  # noqa: E402
from tests.extract.legacy.patterns import extract_facts as old_extract_facts  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="first N SPC conversations")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = ap.parse_args()
    convs = spc.load_spc(args.data / spc.SPC_FILE, args.limit)
    settings = KoreSettings()
    new_from_message = facts.memories_from_message
    for name, extract, from_message in (("old", old_extract_facts, old_facts.memories_from_message),
                                         ("new", extract_facts, new_from_message)):
        share, missed, false = coverage(extract, read_statements(TUNED))
        facts.memories_from_message = from_message  # type: ignore[assignment]
        try:
            res = spc.evaluate_spc(convs, settings)
        finally:
            facts.memories_from_message = new_from_message  # type: ignore[assignment]
        lex = res["lexical"]
        print(f"{name}: coverage {share:.1%} ({len(missed)} missed, {len(false)} negatives "
              f"with a fact) | SPC {res['conversations']} conversations: facts {lex['facts']}, "
              f"precision {lex['precision']:.3f}, recall {lex['recall']:.3f}, "
              f"attribution {lex['attribution']:.3f}, provenance errors "
              f"{res['provenance_errors']}", flush=True)


if __name__ == "__main__":
    main()
