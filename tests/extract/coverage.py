"""Coverage of the hand-written statements (``coverage_cases``) by an ``extract_facts``.

    python -m tests.extract.coverage     # old and new extractor side by side
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tests.extract.coverage_cases import NEGATIVE, POSITIVE

Extract = Callable[[str, str], Sequence[Any]]


def covers(extract: Extract, text: str, lang: str, category: str, phrase: str) -> bool:
    """Does ``text`` yield a fact of ``category`` whose clause holds ``phrase``?"""
    return any(f.category == category and phrase.lower() in f.content.lower()
               for f in extract(text, lang))


def coverage(extract: Extract) -> tuple[float, list[str], list[str]]:
    """Share of positives covered, the positives missed, the negatives that gave a fact."""
    missed = [t for t, lang, cat, phrase in POSITIVE if not covers(extract, t, lang, cat, phrase)]
    false = [t for t, lang in NEGATIVE if extract(t, lang)]
    return 1 - len(missed) / len(POSITIVE), missed, false


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
