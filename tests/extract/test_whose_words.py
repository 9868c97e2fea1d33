"""Words that are not the speaker's own statement: quotes, lyrics, translations, sarcasm."""

from __future__ import annotations

import pytest

from kore_pipeline.extract.patterns import extract_facts


@pytest.mark.parametrize(("text", "lang"), [
    ('write me a poem that starts with "I am a lonely traveler"', "en"),
    ('can you translate “I live in Berlin” into German', "en"),
    ('lyrics: "I want to break free"', "en"),
    ("how do you translate i live in berlin", "en"),
    ("oh great, I just love waiting in line for two hours", "en"),
    ("I just love it when my train is late", "en"),
    ("traduci: «vivo a Milano»", "it"),
    ("put this in french for me: 'i work as a baker and i live in dover'", "en"),
    ("hoe zeg je in het duits 'ik ben vegetariër'", "nl"),
    ("wie übersetze ich 'ich wohne in graz' ins englische", "de"),
    ("mais uma segunda-feira, adoro acordar às 5 🙃", "pt"),
])
def test_someone_elses_words_give_no_fact(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


@pytest.mark.parametrize(("text", "fact"), [
    ('he said "I love you, but I am leaving" and I live in Leeds', "Leeds"),
    ('my favourite song is "Bohemian Rhapsody"', "Bohemian Rhapsody"),
    ("Oh nice, I like Cannibal Corpse too.", "Cannibal Corpse"),
    ('"I don\'t like warm beer', "warm beer"),  # a quotation mark left open quotes nothing
    ("i'm vegan and my son's friends' parents don't get it", "vegan"),  # apostrophes quote nothing
])
def test_the_speakers_own_words_around_a_quote_still_count(text: str, fact: str) -> None:
    assert fact in [f.fact for f in extract_facts(text, "en")]
