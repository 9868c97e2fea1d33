"""The new extractor against the old one (frozen in ``tests/extract/legacy``) on the user turns
of the public dev sets: same language, facts and importance, or a difference of an explained
kind (:data:`tests.extract.reference.EXPLAINED`). Here, beside the evaluation, since the turns
are read by ``evals.dev_turns``. Skipped when the data folder is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.dev_turns import dev_user_turns
from evals.runner import DEFAULT_DATA
from kore_pipeline.settings import KoreSettings
from tests.extract.reference import EXPLAINED, compare

pytestmark = pytest.mark.skipif(not Path(DEFAULT_DATA).exists(), reason="no ../shared/data")


def _turns(stride: int) -> list[str]:
    return [t for texts in dev_user_turns(Path(DEFAULT_DATA)).values() for t in texts[::stride]]


def _check(texts: list[str]) -> None:
    kinds, examples = compare(texts, KoreSettings())
    unexplained = {k: (n, examples[k][:2]) for k, n in kinds.items() if k not in EXPLAINED}
    assert not unexplained, unexplained


def test_sample_of_dev_turns_matches_the_old_extractor() -> None:
    """Every 40th user turn of every dev set (about 1,450 turns)."""
    texts = _turns(40)
    assert len(texts) > 1000
    _check(texts)


@pytest.mark.slow
def test_all_dev_turns_match_the_old_extractor() -> None:
    """All 58k user turns (about 2.5 minutes: the old extractor is the slow side)."""
    _check(_turns(1))


def test_every_fact_on_the_dev_turns_is_a_clean_phrase() -> None:
    """Issue 14 item 4 on real text: every 10th user turn of every dev set (~5,800 turns)."""
    from kore_pipeline.extract.patterns import extract_facts
    from tests.extract.faithful import unclean_reason

    bad = [(f.content, text) for text in _turns(10) for f in extract_facts(text, "en")
           if unclean_reason(f, text)]
    assert not bad, bad[:5]
