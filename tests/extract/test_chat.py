"""English as typed in chats (``extract/chat.py``): contractions without their
apostrophe, gonna/wanna/gotta, run-ons ended at "so" / "and then", chat fillers at the end
of a fact, subjects left out before a preference or state. Wordings here are not those of
``evals/cases/coverage-chat.jsonl``; each rule also has sentences it must not read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.chat import standard_spelling
from kore_pipeline.extract.facts import extract_memories
from kore_pipeline.extract.patterns import Fact, extract_facts, with_subject
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from tests.extract.faithful import unclean_reason
from tests.helpers import message


def _said(facts: list[Fact]) -> list[tuple[str, str, str]]:
    return [(f.category, f.fact.lower(), f.polarity) for f in facts]


# (chat spelling, apostrophe form): the same statement; neither is in the coverage list
_CONTRACTED = [
    ("im a paramedic", "I'm a paramedic"),
    ("im severely allergic to bee stings", "I'm severely allergic to bee stings"),
    ("i dont like olives", "i don't like olives"),
    ("i didnt enjoy camping", "i didn't enjoy camping"),
    ("i cant stand loud music", "i can't stand loud music"),
    ("i wont drink instant coffee", "i won't drink instant coffee"),
    ("ive got a tortoise", "i've got a tortoise"),
    ("ive decided to learn welsh", "i've decided to learn welsh"),
    ("im not a fan of jazz", "i'm not a fan of jazz"),
    ("im originally from Cork", "i'm originally from Cork"),
    ("ive got two kids", "i've got two kids"),
    ("i dont drive", "i don't drive"),
    ("i wont eat tripe", "i won't eat tripe"),
]


@pytest.mark.parametrize(("chat", "standard"), _CONTRACTED, ids=[c for c, _ in _CONTRACTED])
def test_a_contraction_without_its_apostrophe_reads_as_the_apostrophe_form(
        chat: str, standard: str) -> None:
    got = extract_facts(chat, "en")
    assert got and _said(got) == _said(extract_facts(standard, "en"))
    assert all(f.content in chat for f in got)  # as said, not rewritten


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm working as a financial analyst", "financial analyst"),
    ("im working at a garden centre", "garden centre"),
    ("I've lived in the same village for years", "same village for years"),
    ("ive lived with my aunt since 2019", "my aunt since 2019"),
    ("I am working as a nurse", "nurse"),
])
def test_im_working_and_ive_lived_read_as_i_am_working_and_i_have_lived(text: str,
                                                                        fact: str) -> None:
    """The rows' "'m working" / "'ve lived" branches sat after a space and never matched."""
    assert [(f.category, f.fact) for f in extract_facts(text, "en")] == [("profile", fact)]


# ambiguous apostrophe-less forms are real words: what their apostrophe form states, they don't
_AMBIGUOUS = [
    ("ill use postgres for this", "I'll use postgres for this"),
    ("id rather walk", "I'd rather walk"),
    ("were planning to move to Spain next year", "we're planning to move to Spain next year"),
    ("well go with the blue one", "we'll go with the blue one"),
    ("lets go with the red one", "let's go with the red one"),
]


@pytest.mark.parametrize(("chat", "standard"), _AMBIGUOUS, ids=[c for c, _ in _AMBIGUOUS])
def test_an_ambiguous_word_is_not_read_as_a_contraction(chat: str, standard: str) -> None:
    assert extract_facts(standard, "en")
    assert extract_facts(chat, "en") == []


@pytest.mark.parametrize("text", [
    "he doesnt eat fish", "shes a vet", "theyre moving to Oslo", "wont happen again",
    "its a nice city", "hell no", "shell be late", "were you there?", "ill be fine",
    "dont worry about it", "cant wait to see it", "youre right",
])
def test_chat_spelling_of_no_first_person_fact_gives_none(text: str) -> None:
    assert extract_facts(text, "en") == []


@given(subject=st.sampled_from([("im", "I'm"), ("i am", "I am")]),
       state=st.sampled_from(["a pharmacist", "vegetarian", "allergic to latex",
                              "from Quito", "based in Hull", "into crochet"]),
       tail=st.sampled_from(["", " lol", " tbh", " atm", " rn", " at the moment", " btw"]))
@settings(max_examples=60, deadline=None)
def test_im_and_i_am_give_one_fact_and_a_chat_tail_is_no_part_of_its_key(
        subject: tuple[str, str], state: str, tail: str) -> None:
    chat, standard = (f"{s} {state}{tail}" for s in subject)
    got, want = extract_facts(chat, "en"), extract_facts(f"{subject[1]} {state}", "en")
    assert len(got) == 1 and _said(got) == _said(want)
    assert got[0].content in chat and not unclean_reason(got[0], chat)
    assert extract_facts(standard, "en") and _said(extract_facts(standard, "en")) == _said(want)


@pytest.mark.parametrize(("chat", "standard"), [
    ("im gonna move to Porto next year", "I'm going to move to Porto next year"),
    ("ive gotta cut out dairy", "I've got to cut out dairy"),
    ("i gotta stay away from caffeine", "I have to stay away from caffeine"),
    ("i wanna become a pilot", "I want to become a pilot"),
])
def test_gonna_wanna_gotta_read_as_going_to_want_to_got_to(chat: str, standard: str) -> None:
    got = extract_facts(chat, "en")
    assert got and [(f.category, f.polarity) for f in got] == \
        [(f.category, f.polarity) for f in extract_facts(standard, "en")]
    assert all(f.content in chat for f in got)


@pytest.mark.parametrize(("chat", "standard"), [
    ("gonna move to Porto next year", "I'm going to move to Porto next year"),
    ("wanna become a pilot", "I want to become a pilot"),
    ("gotta stay away from caffeine", "I have to stay away from caffeine"),
    ("my fave drink is a negroni", "my favourite drink is a negroni"),
    ("my fav colour is green", "my favorite colour is green"),
])
def test_a_chat_spelling_without_its_subject_reads_as_the_standard_sentence(
        chat: str, standard: str) -> None:
    got = extract_facts(chat, "en")
    assert got and [(f.category, f.polarity) for f in got] == \
        [(f.category, f.polarity) for f in extract_facts(standard, "en")]
    assert all(chat.startswith(f.content) for f in got)


@pytest.mark.parametrize(("chat", "fact"), [
    ("my sisters name is Ana", "sisters name is Ana"),
    ("my cats called Miso", "cats called Miso"),
])
def test_a_possessive_without_its_apostrophe_names_a_relative_or_pet(chat: str,
                                                                     fact: str) -> None:
    assert [(f.category, f.fact) for f in extract_facts(chat, "en")] == [("profile", fact)]


@pytest.mark.parametrize("text", ["gonna be late sorry", "wanna grab a coffee?",
                                  "gotta run, talk later", "im gonna say no"])
def test_gonna_alone_states_nothing(text: str) -> None:
    assert extract_facts(text, "en") == []


@given(head=st.sampled_from(["I live in Bergen", "i love sushi", "im a welder",
                             "I moved to Leeds last year"]),
       joint=st.sampled_from([" so ", ", so ", " and then ", ", and then "]),
       rest=st.sampled_from(["no more long commutes for me", "the weather is a shock",
                             "everything changed", "we got a dog"]))
@settings(max_examples=60, deadline=None)
def test_a_run_on_ends_the_fact_at_so_or_and_then(head: str, joint: str, rest: str) -> None:
    facts = extract_facts(head + joint + rest, "en")
    assert facts and facts[0].content == head
    assert rest.split()[-1] not in facts[0].fact


@pytest.mark.parametrize(("text", "fact"), [
    ("I love Radiohead so much", "Radiohead"),
    ("I hate mornings so badly", "mornings"),
    ("i love sushi so so much", "sushi"),
    ("I always find them so peaceful.", "find them so peaceful"),
    ("I'm a huge fan of Blur, so good", "Blur"),
])
def test_a_so_of_degree_does_not_end_the_fact(text: str, fact: str) -> None:
    assert [f.fact for f in extract_facts(text, "en")] == [fact]


def test_and_then_of_a_title_is_no_run_on() -> None:
    assert [f.fact for f in extract_facts("My favorite is And Then There Were None.", "en")] \
        == ["And Then There Were None"]


def test_a_later_clause_that_drops_its_subject_gives_its_fact() -> None:
    facts = extract_facts("finished my degree and then moved to Cardiff", "en")
    assert [(f.category, f.fact, f.content) for f in facts] == [
        ("profile", "Cardiff", "moved to Cardiff")]


@pytest.mark.parametrize(("text", "category", "fact", "polarity", "slot_text"), [
    ("huge fan of Taylor Swift", "preference", "taylor swift", "+",
     "I'm huge fan of Taylor Swift"),
    ("not really into football tbh", "preference", "football", "-",
     "I'm not really into football"),
    ("allergic to penicillin 😬", "profile", "allergic to penicillin", "+",
     "I'm allergic to penicillin"),
    ("honestly cant stand traffic", "preference", "traffic", "-",
     "I cant stand traffic"),
    ("love a long walk on a sunday", "preference", "long walk on a sunday", "+",
     "I love a long walk on a sunday"),
    ("originally from Cork", "profile", "cork", "+", "I'm originally from Cork"),
    ("usually cycle to work", "habit", "cycle to work", "+", "I usually cycle to work"),
])
def test_a_dropped_subject_before_a_preference_or_state_is_read_content_as_said(
        text: str, category: str, fact: str, polarity: str, slot_text: str) -> None:
    facts = extract_facts(text, "en")
    assert _said(facts) == [(category, fact, polarity)]
    assert facts[0].content in text and not unclean_reason(facts[0], text)
    assert with_subject(facts[0].content, "en") == slot_text


@pytest.mark.parametrize("text", [
    "love you", "love it!", "love that for you", "love how you put it", "hate when that happens",
    "hate to say it but youre right", "enjoy your weekend", "not a fan?", "like i said",
    "big fan of that", "Love the red and blue.", "Love seeing your dedication to helping others.",
    "Love and acceptance really can be found everywhere.", "Love is truly magical.",
    "allergic to what?", "not sure tbh", "usually yeah", "love love love",
])
def test_no_dropped_subject_fact_from_stock_phrases(text: str) -> None:
    assert extract_facts(text, "en") == []


def test_a_dropped_subject_is_only_read_in_english() -> None:
    assert extract_facts("allergic to cats", "it") == []


@pytest.mark.parametrize(("text", "slot"), [
    ("im a nurse", ("job", "nurse")),
    ("im vegan now", ("diet", "vegan")),
    ("im learning korean", ("learning", "korean")),
])
def test_the_slots_read_a_chat_spelled_fact(text: str, slot: tuple[str, str]) -> None:
    kore = KoreSettings()
    recs = [normalise(message(text, message_id="m1"), kore, "t.jsonl", 1)]
    facts = [c for c in extract_memories(recs, kore) if c.type == "factual"]
    assert [c.slot for c in facts] == [slot] and facts[0].content == text


@pytest.mark.parametrize(("text", "standard"), [
    ("im sure ill be fine", "i'm sure ill be fine"),
    ("we were told its fine", "we were told its fine"),
    ("Dont know, gonna see", "don't know, going to see"),
    ("he wont and she cant", "he won't and she can't"),
])
def test_standard_spelling_leaves_the_ambiguous_words(text: str, standard: str) -> None:
    assert standard_spelling(text) == standard


_HEADS = ["love", "Love,", "not", "big", "so", "gonna", "gotta", "wanna", "allergic", "ok",
          "really", "usually", "cant", "can't", "im", "I", "the", "lol", "just", "moved", "a"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*_HEADS, "fan", "of", "to", "into", "stand", "cats", "x"])
                | st.text(max_size=5), min_size=1, max_size=6).map(" ".join))
def test_the_fast_paths_of_chat_reading_change_nothing(text: str) -> None:
    from kore_pipeline.extract import chat

    m = chat.DROPPED_SUBJECT.match(text)
    assert chat.dropped_subject(text) == (
        None if m is None else (m.end(), "I" if m.group("i") is not None else "I'm"))
    assert standard_spelling(text) == chat._STANDARD_RX.sub(
        lambda w: chat._STANDARD[w.group().lower()], text)
