"""Coverage of the hand-written statements (``evaluation.coverage_cases``), old and new
extractor side by side (``kore eval --sets coverage`` gives the new one's figures):

    python -m tests.extract.coverage
"""

from __future__ import annotations

from evals.coverage import coverage, covers
from evals.coverage_cases import NEGATIVE, POSITIVE

__all__ = ["coverage", "covers", "main"]


def main() -> None:
    from kore_pipeline.extract.patterns import extract_facts
    from tests.extract.legacy.patterns import extract_facts as old_extract_facts

    for name, fn in (("old", old_extract_facts), ("new", extract_facts)):
        share, missed, false = coverage(fn)
        print(f"{name}: {share:.1%} of {len(POSITIVE)} statements; "
              f"{len(false)} of {len(NEGATIVE)} negatives gave a fact")
        for t in missed:
            print(f"   missed: {t}")
        for t in false:
            print(f"   false:  {t}  -> {[f.content for f in fn(t, 'en')]}")


if __name__ == "__main__":
    main()
