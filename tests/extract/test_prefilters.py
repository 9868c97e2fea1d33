"""The fast first tests of extraction never change a result: each lets through every text the
full pattern would match (properties over generated text), and the fast paths give what the
long way gives."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kore_pipeline.extract import importance, patterns
from kore_pipeline.extract.patterns import TRAILING_FILLER
from kore_pipeline.text import normalize, slot_hints, slots
from kore_pipeline.text.literals import (
    LiteralFilter,
    WordStarts,
    case_fold,
    required_literal_sets,
    required_literals,
)

# Words that fire triggers, keywords, slot hints and clause splits, and words that nearly do.
_VOCAB = sorted({
    *patterns._FILTER.literals, *importance._KEYWORD_FILTER["en"].literals,
    *slots._RULE_FILTER.literals,
    "I", "I'm", "I’m", "i", "my", "me", "we", "Bob", "IBM", "Zürich", "OK", "İstanbul", "ſo",
    "living", "employer", "mudé", "déménagé", "stand-up", "gluten-free", "34", "2,500", "e.g.",
    "Dr.", "a lot", "too", "and", "but", "so", "e", "y", "ma'am", "the", "cat", "flight",
    "really", "prefer", "vegetarian", "never", "don't", "Ich", "non", "però", "porém",
    *(f.replace(r"\s+", " ") for f in TRAILING_FILLER),
})
_SEPARATORS = [" ", " ", " ", ", ", ". ", "! ", "? ", "; ", "\n", "\t", "  ", "\u00a0", "-",
               "'", "’", "`", "", "… ", '." ', "(", ")"]


@st.composite
def texts(draw: st.DrawFn) -> str:
    """Short texts of trigger words, near-misses and separators, in any case."""
    out = []
    for _ in range(draw(st.integers(1, 12))):
        word = draw(st.sampled_from(_VOCAB) | st.text(min_size=1, max_size=4))
        case = draw(st.sampled_from(["same", "upper", "title", "lower"]))
        word = {"same": word, "upper": word.upper(), "title": word.title(),
                "lower": word.lower()}[case]
        out.append(word + draw(st.sampled_from(_SEPARATORS)))
    return "".join(out)


_PROPERTY = settings(max_examples=300, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@given(st.text())
def test_case_fold_keeps_every_position(text: str) -> None:
    assert len(case_fold(text)) == len(text)


@_PROPERTY
@given(texts())
def test_literal_filter_never_skips_a_pattern_that_matches(text: str) -> None:
    tables = [([p.rx for p in patterns._PATTERNS], patterns._FILTER),
              ([rx for _, _, rx in slots.RULES], slots._RULE_FILTER),
              *(([rx for _, _, rx in importance._KEYWORD_RX[lang]], flt)
                for lang, flt in importance._KEYWORD_FILTER.items())]
    for regexes, flt in tables:
        may = set(flt.candidates(case_fold(text)))
        for i, rx in enumerate(regexes):
            if rx.search(text):
                assert i in may, (rx.pattern[:80], text)


def test_literal_filter_names_the_patterns_whose_words_are_there() -> None:
    flt = LiteralFilter([re.compile(r"\bI\s+(?:like|love)\b", re.I),
                         re.compile(r"\bmy\s+name\s+is\b", re.I), re.compile(r"\w+")])
    assert flt.candidates(case_fold("I LOVE tea")) == [0, 2]
    assert flt.candidates(case_fold("I really love tea")) == [2]  # "I\\s+love" cannot match
    assert flt.candidates(case_fold("MY NAME IS Bob, I like it")) == [0, 1, 2]
    assert flt.candidates("nothing here") == [2]  # a pattern without literals always runs


@pytest.mark.parametrize(("rx", "literals"), [
    (r"\bI(?:'m|m|\s+am)\s+from\b", {"i'm from", "im from", "i am from"}),
    (r"\bI(?:(?:'m|m)|\s+am)\s+(?:a|an)\s", {"i'm a", "im a", "i am a", "i'm an", "im an",
                                           "i am an"}),
    (r"\bI'm\s+(?:going\s+to|gonna)\s+", {"i'm going to ", "i'm gonna "}),
    (r"\bdo(?:n't|nt)\s+eat\b", {"don't eat", "dont eat"}),
])
def test_a_literal_run_joins_the_group_after_it(rx: str, literals: set[str]) -> None:
    """An optional chat spelling ("'m|m") keeps a selective requirement, not "i" or "m"."""
    got = required_literals(re.compile(rx, re.IGNORECASE))
    assert got is not None and got <= literals and min(map(len, got)) >= 2


@_PROPERTY
@given(texts(), st.lists(st.sampled_from(_VOCAB), min_size=1, max_size=5))
def test_word_starts_finds_the_first_word_start_and_whole_words(text: str,
                                                                  words: list[str]) -> None:
    words = [w for w in dict.fromkeys(case_fold(w) for w in words) if w]
    if not words:
        return
    folded = case_fold(text)
    alts = "|".join(map(re.escape, words))
    first = re.search(rf"(?<!\w)(?:{alts})", folded)
    whole = re.search(rf"(?<!\w)(?:{alts})(?!\w)", folded)
    starts = WordStarts(words)
    assert starts.first(folded) == (first.start() if first else -1)
    assert starts.any_whole(folded) == (whole is not None)


def test_word_starts_wants_prefixes() -> None:
    with pytest.raises(ValueError, match="non-empty"):
        WordStarts(["live", ""])


@_PROPERTY
@given(texts(), st.sampled_from(["", " ", "(", "\n"]), st.sampled_from(["", " ", ".", "s"]))
def test_slot_hint_start_is_never_after_a_hint(text: str, left: str, right: str) -> None:
    text = left + text + right
    m = slot_hints.HINT.search(text)
    if m is not None:
        assert 0 <= slot_hints.hint_start(text) <= m.start()


@pytest.mark.parametrize("text", [
    "What do you do for a living?", "I'm 34 and I work as a nurse", "Mi sono trasferita a Roma",
    "J'ai déménagé à Lyon", "my fiancée is called Ana", "I eat gluten-free", "our stand-up",
    "plant based ", "I support Chelsea", "a huge Lakers fan", "I'm learning Italian"])
def test_slot_hint_start_finds_every_kind_of_hint(text: str) -> None:
    m = slot_hints.HINT.search(text)
    assert m is not None and 0 <= slot_hints.hint_start(text) <= m.start()


@_PROPERTY
@given(texts())
def test_trailing_filler_precheck_lets_every_match_through(text: str) -> None:
    for start in range(0, len(text), 3):
        for end in range(start + 1, len(text) + 1, 2):
            if patterns._TRAIL_RX.search(text, start, end):
                assert patterns._may_trail(text, start, end), (text, start, end)


@_PROPERTY
@given(texts())
def test_clause_split_precheck_lets_every_split_through(text: str) -> None:
    for sent in patterns.split_sentences(text):
        for split in patterns._CLAUSE_SPLIT.values():
            if len(split.split(sent)) > 1:
                assert patterns._may_split(sent), sent


@_PROPERTY
@given(texts())
def test_one_sentence_fast_path_splits_as_the_long_way(text: str) -> None:
    assert patterns._sentences.__wrapped__(text) == patterns._split_at_stops(text)


@_PROPERTY
@given(texts())
def test_entity_precheck_changes_no_entity(text: str) -> None:
    sentences = patterns.split_sentences(normalize.fold(text))
    fast = {lang: importance._entities(sentences, lang) for lang in ("en", "de")}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(importance, "_MAYBE_ENTITY", re.compile(""))  # every sentence read
        slow = {lang: importance._entities(sentences, lang) for lang in ("en", "de")}
    assert fast == slow


def test_entity_precheck_skips_a_lone_i_only() -> None:
    assert importance._MAYBE_ENTITY.search("Yes I'm sure I'd go, I think.", 1) is None
    assert importance._entities(["Yes I met Ivan and IBM, I'm sure."], "en") == ["Ivan", "IBM"]


@given(st.text())
def test_ascii_fold_fast_path_is_nfc_and_apostrophes(text: str) -> None:
    assert normalize.fold(text) == unicodedata.normalize("NFC", text).translate(normalize._FOLD)
    ascii_text = text.encode("ascii", "ignore").decode()
    assert normalize.fold(ascii_text) == ascii_text.replace("`", "'")


def test_a_run_of_white_space_is_one_space_of_a_literal() -> None:
    """"je\\s+vais" requires "je vais" (not "je", in every French sentence), and the
    filter still finds it however the words are spaced."""
    flt = LiteralFilter([re.compile(r"\bje\s+vais\b", re.I)])
    assert flt.literals == frozenset({"je vais"})
    assert flt.candidates(case_fold("Je  vais\tpartir")) == [0]
    assert flt.candidates(case_fold("je ne vais pas")) == []


def test_a_pattern_is_a_candidate_only_where_both_its_requirements_are() -> None:
    rx = re.compile(r"\bI'm\s+(?:really\s+)?a\s+(?:nurse|doctor)\b", re.I)
    assert required_literal_sets(rx) == [frozenset({"a doctor", "a nurse"}), frozenset({"i'm "})]
    flt = LiteralFilter([re.compile(r"\bmy\s+name\b", re.I), rx])
    assert flt.candidates(case_fold("I'm really a nurse")) == [1]
    assert flt.candidates(case_fold("I'm tired, the nurse said")) == []
    assert flt.candidates(case_fold("My name? a nurse knows")) == [0]
