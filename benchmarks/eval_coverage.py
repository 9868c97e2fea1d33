"""Coverage of the tuned statements (``evals/cases/coverage-tuned.jsonl``), old and new
extractor side by side, with every miss and false fact (``kore eval --sets coverage`` gives
the new one's figures on every list):

    python benchmarks/eval_coverage.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evals.cases import negatives, positives, read_statements  # noqa: E402
from evals.coverage import TUNED, coverage  # noqa: E402


def main() -> None:
    from kore_pipeline.extract.patterns import extract_facts
    from tests.extract.legacy.patterns import extract_facts as old_extract_facts

    statements = read_statements(TUNED)
    for name, fn in (("old", old_extract_facts), ("new", extract_facts)):
        share, missed, false = coverage(fn, statements)
        print(f"{name}: {share:.1%} of {len(positives(statements))} statements; "
              f"{len(false)} of {len(negatives(statements))} negatives gave a fact")
        for t in missed:
            print(f"   missed: {t}")
        for t in false:
            print(f"   false:  {t}  -> {[f.content for f in fn(t, 'en')]}")


if __name__ == "__main__":
    main()
