"""Chat register (idioms of taste, teams, "we" households, employers, relatives in passing,
and the slots they feed): statements of these classes yield a fact holding their phrase,
questions and other people's facts none, and hypothesis properties over generated statements
of each class. (The blind
list, evals/cases/coverage-blind.jsonl, and its update pairs are checked whole by tests/evals.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.text.slots import slot_of, supersedes

# (text, language, phrase): a fact of any category holding the phrase
STATEMENTS = [
    ("honestly mornings are not my thing", "en", "mornings"),
    ("I support Arsenal, for my sins.", "en", "arsenal"),
    ("We're planning to move to Spain next year.", "en", "spain"),
    ("From now on, please call me Alex.", "en", "alex"),
    ("When you suggest recipes, leave out mushrooms.", "en", "mushrooms"),
    ("My car is an old Volvo estate.", "en", "volvo"),
    ("Ok cool. I hate flying, so let's look at trains. What's the fastest route?", "en",
     "flying"),
    ("Je suis végétarienne depuis deux ans.", "fr", "végétarienne"),
    ("Ich arbeite als Krankenschwester.", "de", "krankenschwester"),
    ("Sou vegano.", "pt", "vegano"),
]
NON_STATEMENTS = [
    ("Do you like Thai food?", "en"),
    ("If I were vegetarian, what would I eat for protein?", "en"),
    ("My friend says she hates cilantro.", "en"),
    ("In the book, the detective lives in Edinburgh and loves whisky.", "en"),
    ("Would you rather live in London or Paris?", "en"),
    ("My neighbour supports Celtic, which is a shame.", "en"),
    ("Wohnst du in Berlin?", "de"),
    ("Est-ce que tu habites à Lille ?", "fr"),
]


@pytest.mark.parametrize(("text", "lang", "phrase"), STATEMENTS, ids=[t for t, *_ in STATEMENTS])
def test_chat_register_statement_yields_a_fact_holding_its_phrase(text: str, lang: str,
                                                                  phrase: str) -> None:
    facts = extract_facts(text, lang)
    assert any(phrase.lower() in f.content.lower() for f in facts), facts


@pytest.mark.parametrize(("text", "lang"), NON_STATEMENTS, ids=[t for t, _ in NON_STATEMENTS])
def test_question_or_other_persons_fact_yields_nothing(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


THINGS = ["horror movies", "Mornings", "Jazz", "board games", "Camping in the rain",
          "Online dating", "Opera"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(THINGS), st.sampled_from(["isn't", "aren't", "is not", "are not"]),
       st.sampled_from(["my cup of tea", "my thing", "really my thing", "at all my thing"]),
       st.sampled_from(["", "Honestly, ", "tbh "]))
def test_not_my_cup_of_tea_is_an_aversion(thing: str, verb: str, idiom: str, lead: str) -> None:
    text = f"{lead}{thing} {verb} {idiom}."
    facts = [f for f in extract_facts(text, "en") if f.category == "preference"]
    assert facts and facts[0].polarity == "-" and thing.lower() in facts[0].fact.lower(), facts


TEAMS = ["Arsenal", "the Chicago Cubs", "Real Madrid", "Juventus", "the Lakers", "Celtic"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TEAMS), st.sampled_from(["support", "root for", "cheer for",
                                                "really support", "still support"]))
def test_supporting_a_team_is_a_preference(team: str, verb: str) -> None:
    text = f"I {verb} {team}."
    facts = [f for f in extract_facts(text, "en") if f.category == "preference"]
    assert facts and team.split()[-1].lower() in facts[0].content.lower(), (text, facts)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["please call me Sam", "use British spelling", "keep it short",
                        "reply in French", "skip the small talk"]),
       st.sampled_from(["From now on, ", "Going forward, ", "OK, from now on "]))
def test_a_request_from_now_on_is_a_decision(request: str, lead: str) -> None:
    text = f"{lead}{request}."
    facts = [f for f in extract_facts(text, "en") if f.category == "decision"]
    assert facts and request.split()[-1].lower() in facts[0].content.lower(), (text, facts)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["tell me a joke", "help me with this email", "check my grammar",
                        "explain that again"]),
       st.sampled_from(["Can you ", "Could you please "]), st.sampled_from(["?", " now?"]))
def test_a_one_off_question_to_the_assistant_is_no_request(ask: str, lead: str,
                                                           end: str) -> None:
    assert extract_facts(f"{lead}{ask}{end}", "en") == []


CITIES = ["Lyon", "Bristol", "New York", "Porto", "Cape Town"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(CITIES),
       st.sampled_from(["We live in", "We're based in", "We moved to", "We've relocated to",
                        "I've relocated to", "We now live in", "Home is"]))
def test_where_we_live_is_a_profile_fact_with_the_residence_slot(city: str, verb: str) -> None:
    text = f"{verb} {city}."
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and city in facts[0].content, (text, facts)
    assert slot_of(facts[0].content, "en") == ("residence", city.lower()), facts[0]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["We live in a", "we're living in an", "We live in the"]),
       st.sampled_from(["strange time", "age of AI", "giant experiment", "bubble"]))
def test_we_live_in_a_common_noun_is_no_residence(head: str, noun: str) -> None:
    text = f"{head} {noun}."
    assert not any(slot_of(f.content, "en") for f in extract_facts(text, "en")), text
    assert not [f for f in extract_facts(text, "en") if f.category == "profile"], text


EMPLOYERS = ["Spotify", "Lego", "Deloitte", "IKEA", "Acme Corp"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(EMPLOYERS),
       st.sampled_from(["My new job at {e} starts Monday", "I started a new job at {e}",
                        "I've been at {e} for five years", "I left Initech and joined {e}",
                        "I got a job at {e}", "I've been working for {e} since 2019"]))
def test_employer_wordings_give_the_employer_slot(employer: str, form: str) -> None:
    text = form.format(e=employer) + "."
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and employer in facts[0].content, (text, facts)
    assert slot_of(facts[0].content, "en") == ("employer", employer.lower()), facts[0]


NAMES = ["Tom", "Priya", "Luca", "Sam"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["husband", "wife", "partner", "boyfriend", "sister"]),
       st.sampled_from(NAMES),
       st.sampled_from(["my {r}, {n}, is a nurse", "My {r}'s called {n}",
                        "My {r} {n} loves climbing"]))
def test_a_relative_named_in_passing_is_a_profile_fact(rel: str, name: str, form: str) -> None:
    text = form.format(r=rel, n=name) + "."
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and name in facts[0].content, (text, facts)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["car", "phone", "laptop", "bike"]),
       st.sampled_from(["a Volvo", "an old Fiat Panda", "a Pixel 8", "a ThinkPad"]))
def test_my_car_is_a_x_is_a_profile_fact(thing: str, value: str) -> None:
    text = f"My {thing} is {value}."
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and value.split()[-1] in facts[0].content, (text, facts)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["walk the dog", "go swimming", "call my mum", "water the plants"]),
       st.sampled_from(["twice a day", "once a week", "three times a week",
                        "on Saturday mornings", "most evenings"]))
def test_a_frequency_makes_a_habit(act: str, when: str) -> None:
    text = f"I {act} {when}."
    facts = [f for f in extract_facts(text, "en") if f.category == "habit"]
    assert facts and act in facts[0].content, (text, facts)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["vegan", "vegetarian", "a barista", "a smoker", "in Leeds"]),
       st.sampled_from(["I'm no longer {v}", "I'm not {v} anymore", "I'm not {v} any more"]))
def test_an_explicit_change_is_a_negative_profile_fact(value: str, form: str) -> None:
    text = form.format(v=value) + "."
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and facts[0].polarity == "-" and value in facts[0].content, (text, facts)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["I'm vegan", "I live in Turin", "I work at Google",
                        "I work as a barista"]),
       st.sampled_from(["no longer", "anymore"]))
def test_no_longer_supersedes_what_it_negates(said: str, how: str) -> None:
    before = slot_of(said, "en")
    head, _, rest = said.partition(" ")
    later = (f"{head} no longer {rest}" if how == "no longer"
             else f"{head} don't {rest} anymore".replace("I'm don't", "I'm not"))
    after = slot_of(later, "en")
    assert before and after and after == (before[0], f"not {before[1]}"), (later, after)
    assert supersedes(before, after)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([("My favourite film is {v}", "favourite:film"),
                        ("my favorite film these days is {v}", "favourite:film"),
                        ("I drive a {v}", "car"), ("My car is a {v} now", "car"),
                        ("My phone is an {v}", "phone"),
                        ("I wake up at {v}", "schedule:wake up"),
                        ("I get up at {v} now", "schedule:wake up")]),
       st.sampled_from([("Inception", "Parasite"), ("Ford Focus", "Tesla"),
                        ("iPhone 12", "Pixel 8"), ("7am", "5:30am")]))
def test_a_later_other_value_supersedes_for_the_new_slots(form: tuple[str, str],
                                                          values: tuple[str, str]) -> None:
    text, slot = form
    old, new = (slot_of(text.format(v=v), "en") for v in values)
    if old is None or new is None:  # a value that slot does not hold ("I wake up at Tesla")
        return
    assert old[0] == new[0] == slot and supersedes(old, new), (old, new)


UPDATES = [
    ("I'm based in Leeds.", "I've relocated to Bristol for work.", "en"),
    ("I work as a barista.", "I'm not a barista anymore, I'm a junior accountant now.", "en"),
    ("I work for Accenture.", "I left Accenture and joined Shopify.", "en"),
    ("I'm vegetarian.", "I'm vegan now.", "en"),
    ("I drive a Ford Focus.", "I sold the Focus and now drive a Tesla Model 3.", "en"),
    ("My favourite film is Inception.", "My favourite film these days is Parasite.", "en"),
    ("I wake up at 7am every day.", "I now wake up at 5:30am to train.", "en"),
    ("Ich wohne in München.", "Ich wohne jetzt in Leipzig.", "de"),
    ("Abito a Milano.", "Adesso abito a Genova.", "it"),
]


@pytest.mark.parametrize(("earlier", "later", "lang"), UPDATES, ids=[e for e, *_ in UPDATES])
def test_a_later_statement_supersedes_the_earlier_slot(earlier: str, later: str,
                                                       lang: str) -> None:
    """The later statement gives the earlier's slot another value (the update lists are run
    through the whole pipeline by tests/evals/test_updates.py)."""
    old = [slot_of(f.content, lang) for f in extract_facts(earlier, lang)]
    new = [slot_of(f.content, lang) for f in extract_facts(later, lang)]
    assert any(o and n and supersedes(o, n) for o in old for n in new), (old, new)
