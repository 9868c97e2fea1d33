"""An emoji between two thoughts ends the first, as a full stop would."""

from __future__ import annotations

from kore_pipeline.extract.patterns import extract_facts, split_sentences


def test_an_emoji_between_thoughts_splits_the_sentence() -> None:
    assert split_sentences("just moved to leeds 🎉 loving it so far") == [
        "just moved to leeds 🎉", "loving it so far"]
    assert split_sentences("love it 😍") == ["love it 😍"]


def test_a_fact_after_a_sarcastic_sentence_is_kept() -> None:
    facts = extract_facts("i LOVE mondays 🙄 anyway i live in leeds", "en")
    assert [f.fact for f in facts] == ["leeds"]
