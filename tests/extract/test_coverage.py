"""Extraction covers explicit first-person statements and every fact is a
clean phrase of its sentence: a few hand-written cases of each class, then
hypothesis properties over generated statements of each new class and over generated lists.
(The whole tuned list, evals/cases/coverage-tuned.jsonl, is checked by tests/evals.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts
from tests.extract.faithful import unclean_reason

PREF, DEC, HAB, PROF = "preference", "decision", "habit", "profile"

# (text, language, category, phrase): one or two of each class
STATEMENTS = [
    ("I only eat fish on Fridays.", "en", HAB, "fish on Fridays"),
    ("I cannot eat gluten.", "en", PROF, "eat gluten"),
    ("I refuse to pay for cable TV.", "en", PREF, "pay for cable TV"),
    ("I won't take meetings before 10am.", "en", DEC, "meetings before 10am"),
    ("I have zero interest in crypto.", "en", PREF, "crypto"),
    ("I find long meetings exhausting.", "en", PREF, "long meetings"),
    ("I'm on a low-sodium diet.", "en", PROF, "low-sodium diet"),
    ("I'm allergic to shellfish.", "en", PROF, "shellfish"),
    ("I do not trust online reviews.", "en", PREF, "online reviews"),
    ("I'd rather not drive at night.", "en", PREF, "drive at night"),
    ("My daughter's name is Lily.", "en", PROF, "Lily"),
    ("My blood type is O negative.", "en", PROF, "O negative"),
    ("I switched from Python to Rust.", "en", DEC, "Rust"),
    ("Never schedule meetings before 9am.", "en", DEC, "schedule meetings"),
    ("Please never book me on red-eye flights.", "en", DEC, "red-eye flights"),
    ("Non mi fido dei social network.", "it", PREF, "social network"),
    ("Sigo una dieta sin gluten.", "es", PROF, "dieta sin gluten"),
    ("Je refuse d'utiliser Windows.", "fr", PREF, "utiliser Windows"),
    ("Ich würde lieber von zu Hause arbeiten.", "de", PREF, "von zu Hause arbeiten"),
    ("Eu me recuso a usar Windows.", "pt", PREF, "usar Windows"),
]
# look like the triggers above, state nothing
NON_STATEMENTS = [
    ("I can't wait to see you!", "en"),
    ("I won't lie, that was hard.", "en"),
    ("I only have a minute.", "en"),
    ("I would rather not say.", "en"),
    ("Don't worry about it.", "en"),
    ("My point is that it works.", "en"),
    ("If I switched to Rust, would it be faster?", "en"),
    ("Non mi fido.", "it"),
]


def covers(text: str, lang: str, category: str, phrase: str) -> bool:
    """A fact of ``category`` whose clause holds ``phrase`` (case-insensitive)."""
    return any(f.category == category and phrase.lower() in f.content.lower()
               for f in extract_facts(text, lang))


@pytest.mark.parametrize(("text", "lang", "category", "phrase"), STATEMENTS,
                         ids=[t for t, *_ in STATEMENTS])
def test_statement_yields_its_fact(text: str, lang: str, category: str, phrase: str) -> None:
    assert covers(text, lang, category, phrase), extract_facts(text, lang)


@pytest.mark.parametrize(("text", "lang"), NON_STATEMENTS, ids=[t for t, _ in NON_STATEMENTS])
def test_non_statement_yields_nothing(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


NOUNS = ["cilantro", "spreadsheets", "jazz", "cold weather", "online reviews", "red wine",
         "crowded trains", "spicy food", "horror movies", "board games", "public speaking",
         "weather apps", "night shifts", "oat milk", "rental cars", "video calls"]
VERBS = ["eat", "drink", "use", "book", "watch", "play", "buy", "drive"]
NAMES = ["Anna", "Marco", "Lily", "Kenji", "Priya", "Tomás", "Zoë", "Biscuit"]
obj = st.lists(st.sampled_from(NOUNS), min_size=1, max_size=1).map(lambda x: x[0])

# (template, category, polarity): {v} a verb, {o} an object, {n} a name
CLASSES: list[tuple[str, str, str]] = [
    ("I only {v} {o}.", "habit", "+"),
    ("I cannot {v} {o}.", "profile", "-"),
    ("I can't {v} {o} at all.", "profile", "-"),
    ("I refuse to {v} {o}.", "preference", "-"),
    ("I will not {v} {o}.", "decision", "-"),
    ("I won't {v} {o} again.", "decision", "-"),
    ("I despise {o}.", "preference", "-"),
    ("I have no interest in {o}.", "preference", "-"),
    ("I find {o} tedious.", "preference", "-"),
    ("I find {o} relaxing.", "preference", "+"),
    ("I don't trust {o}.", "preference", "-"),
    ("I'd rather {v} {o}.", "preference", "+"),
    ("I would rather not {v} {o}.", "preference", "-"),
    ("I'm not really into {o}.", "preference", "-"),
    ("I switched from {o} to {n}.", "decision", "+"),
    ("Never {v} {o} on Fridays.", "decision", "-"),
    ("Always {v} {o} first.", "decision", "+"),
    ("Please don't {v} {o}.", "decision", "-"),
]
PROFILE_SLOTS = ["My wife's name is {n}.", "My dog is named {n}.", "My boss is {n}.",
                 "My husband is called {n}.", "My hometown is {n}."]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CLASSES), st.sampled_from(VERBS), obj, st.sampled_from(NAMES))
def test_each_new_class_yields_one_clean_fact(cls: tuple[str, str, str], verb: str, thing: str,
                                              name: str) -> None:
    template, category, polarity = cls
    text = template.format(v=verb, o=thing, n=name)
    facts = [f for f in extract_facts(text, "en") if f.category == category]
    assert facts, (text, extract_facts(text, "en"))
    fact = facts[0]
    assert fact.polarity == polarity, (text, fact)
    assert (name if "{n}" in template else thing) in fact.content, (text, fact)
    assert unclean_reason(fact, text) == "", (text, fact)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PROFILE_SLOTS), st.sampled_from(NAMES))
def test_my_x_is_y_keeps_the_slot_and_the_value(template: str, name: str) -> None:
    text = template.format(n=name)
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    slot = template.split()[1].removesuffix("'s")
    assert facts and name in facts[0].fact and slot in facts[0].fact, (text, facts)


TRIGGERS = ["I like", "I love", "I have", "I enjoy", "I hate", "I play", "I collect"]
ITEMS = ["two cats", "a dog", "three kids", "a chess set", "two old maps", "a jazz record",
         "a parrot", "a red bike", "four vintage cars", "an old piano"]
TAILS = ["", ", aged 4 and 7", ", mostly on weekends", ", named Tom and Jerry",
         ", especially in winter", ", from my grandfather", ", including rare ones",
         ", with friends", ", all of them"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TRIGGERS), st.lists(st.sampled_from(ITEMS), min_size=1, max_size=4,
                                           unique=True),
       st.sampled_from(TAILS), st.sampled_from([", and ", " and ", ", or "]))
def test_list_facts_are_clean_phrases(trigger: str, items: list[str], tail: str,
                                      last_join: str) -> None:
    """Every fact is a span of the sentence or trigger + a later span, never a fragment like
    "I have aged 4"; the first item always comes out."""
    body = items[0] if len(items) == 1 else ", ".join(items[:-1]) + last_join + items[-1]
    text = f"{trigger} {body}{tail}."
    facts = extract_facts(text, "en")
    assert facts, text
    for fact in facts:
        assert unclean_reason(fact, text) == "", (text, fact)
    assert items[0] in facts[0].content, (text, facts)


def test_two_kids_aged_4_and_7_stays_one_phrase() -> None:
    facts = extract_facts("I have two kids, aged 4 and 7.", "en")
    assert [f.content for f in facts] == ["I have two kids, aged 4 and 7"]
