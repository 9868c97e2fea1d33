"""Whose fact it is and facts as people type them (the grammars' people rules):
other people's tastes and plans give nothing, a relative's who-they-are stays the household's
profile fact, and the chat forms of ages, habits, plans and tastes are read. Every wording here
is outside the coverage lists."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.text.slots import slot_of


def _said(text: str, lang: str = "en") -> list[tuple[str, str, str]]:
    return [(f.category, f.fact, f.polarity) for f in extract_facts(text, lang)]


@pytest.mark.parametrize(("text", "lang"), [
    ("my girlfriend adores thai food", "en"),
    ("my grandpa can't stand modern music", "en"),
    ("My kids are obsessed with Minecraft.", "en"),
    ("my wife is planning to open a bakery", "en"),
    ("my dad doesnt like flying", "en"),
    ("My brother wants to become a pilot.", "en"),
    ("my parents will move to Spain next year", "en"),
    ("my partner is gonna quit her job", "en"),
    ("My mum is more of a dog person.", "en"),
    ("my husband isn't a big fan of musicals", "en"),
    ("mia moglie adora il sushi", "it"),
    ("Mio figlio vuole fare il pilota.", "it"),
    ("mia madre andrà in pensione", "it"),
    ("mio fratello è un grande fan del Milan", "it"),
    ("mi hermano odia el frío", "es"),
    ("Mi madre quiere mudarse a Sevilla.", "es"),
    ("ma femme adore le jazz", "fr"),
    ("Mon père va prendre sa retraite.", "fr"),
    ("meine Schwester liebt Pferde", "de"),
    ("Mein Vater will nach Spanien ziehen.", "de"),
    ("meu pai odeia gatos", "pt"),
    ("Minha irmã vai estudar medicina.", "pt"),
])
def test_another_persons_taste_wish_or_plan_is_no_fact(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


@given(relative=st.sampled_from(["sister", "dad", "husband", "best friend", "kids", "mom"]),
       verb=st.sampled_from(["loves", "hates", "really likes", "adores", "prefers",
                             "is obsessed with", "is going to learn", "wants to try"]),
       thing=st.sampled_from(["jazz", "horror movies", "spicy food", "rock climbing"]))
def test_the_same_words_are_the_users_only_when_the_user_says_them(
        relative: str, verb: str, thing: str) -> None:
    assert extract_facts(f"my {relative} {verb} {thing}", "en") == []
    mine = verb.replace("loves", "love").replace("hates", "hate").replace("likes", "like")
    mine = mine.replace("adores", "adore").replace("prefers", "prefer").replace("is ", "am ")
    mine = mine.replace("wants", "want")
    assert any(thing in f.fact for f in extract_facts(f"I {mine} {thing}", "en"))


@pytest.mark.parametrize(("text", "lang"), [
    ("my wife is a nurse", "en"),
    ("my husband works nights", "en"),
    ("my son is 5", "en"),
    ("mio marito lavora in banca", "it"),
])
def test_who_a_relative_is_stays_a_profile_fact_naming_them_never_the_users_slot(
        text: str, lang: str) -> None:
    facts = extract_facts(text, lang)
    assert [f.category for f in facts] == ["profile"]
    assert facts[0].content.lower().startswith(("my ", "mio "))
    assert slot_of(facts[0].content, lang) is None  # never "where the user lives"


@pytest.mark.parametrize(("text", "category", "fact", "polarity"), [
    ("I'm 41", "profile", "I'm 41", "+"),
    ("im 19 lol", "profile", "im 19", "+"),
    ("I don't normally drink coffee after 4", "habit", "drink coffee after 4", "-"),
    ("we take the train to work", "habit", "take the train to work", "+"),
    ("I drive to the office", "habit", "drive to the office", "+"),
    ("I don't mind spicy food", "preference", "spicy food", "+"),
    ("I'm moving to Bristol in September", "decision", "moving to Bristol in September", "+"),
    ("We'll be moving to Oslo in the spring", "decision", "moving to Oslo in the spring", "+"),
    ("me and my wife are moving to Perth next year", "decision", "moving to Perth next year",
     "+"),
    ("Our goal is to buy a house by 2028", "decision", "buy a house by 2028", "+"),
    ("I'm aiming to lose 5 kilos", "decision", "lose 5 kilos", "+"),
    ("I'm more of a beach holiday kind of person", "preference",
     "beach holiday kind of person", "+"),
    ("I def prefer tea", "preference", "tea", "+"),
    ("i lowkey hate parties", "preference", "parties", "-"),
    ("my cats called luna", "profile", "cats called luna", "+"),
    ("hoping to open a cafe next year", "decision", "open a cafe next year", "+"),
])
def test_facts_as_people_type_them(text: str, category: str, fact: str,
                                   polarity: str) -> None:
    assert _said(text) == [(category, fact, polarity)]


@pytest.mark.parametrize("text", [
    "I'm 5 minutes away", "im 2 tired", "I'm 100% sure",
    "i dont usually do this", "I don't usually say that",
    "i dont mind", "I don't mind if you ask", "I don't mind waiting",
    "I'm moving the couch", "I'm starting to think you're right", "I'm leaving soon",
    "I'm leaving now", "I'll be leaving in a minute",
    "I'm going to lose my mind",
    "I hate to bother you but is this right?", "I hate to say it but you're right",
    "I never thought I'd say this", "I'm not sure I love the ending",
    "wow i just adore doing taxes /s", "i love mondays 😒",
    "my dogs called me", "I can't get enough done on Tuesdays.",
])
def test_the_same_words_saying_something_else_give_no_fact(text: str) -> None:
    assert extract_facts(text, "en") == []


def test_a_sincere_taste_without_a_sarcasm_mark_is_kept() -> None:
    assert _said("I love Mondays!") == [("preference", "Mondays", "+")]


@pytest.mark.parametrize(("text", "lang"), [
    ("I'm not sure I like the new design", "en"),
    ("non sono sicura che mi piaccia il jazz", "it"),
    ("no estoy seguro de que me guste el jazz", "es"),
    ("je ne suis pas sûr que j'aime le jazz", "fr"),
    ("ich bin nicht sicher, ob ich Jazz mag", "de"),
    ("não tenho certeza se eu gosto de jazz", "pt"),
])
def test_a_taste_said_unsure_is_no_fact_in_any_language(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


@pytest.mark.parametrize("text", [
    "My parents live in Ohio.", "my sister just went vegan", "my grandpa worked down the pits",
    "my best friend lives in Rome"])
def test_a_parents_siblings_or_friends_facts_are_theirs(text: str) -> None:
    assert extract_facts(text, "en") == []
