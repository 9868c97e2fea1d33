"""Requests, refusals, bedtimes, comparatives, diet obligations and relatives' names:
statements of these classes yield their fact, refusals to answer and one-off requests yield
none, and hypothesis properties over generated statements of each class. (The held-out lists,
evals/cases/coverage-extra.jsonl and coverage-heldout.jsonl, are checked whole by tests/evals.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts
from tests.extract.faithful import unclean_reason

PREF, DEC, HAB, PROF = "preference", "decision", "habit", "profile"

# (text, language, category, phrase): a few of each class
STATEMENTS = [
    ("I wake up at 6 every day.", "en", HAB, "wake up at 6"),
    ("I work night shifts at the hospital.", "en", PROF, "night shifts"),
    ("I'd pick Vim over Emacs any day.", "en", PREF, "Vim"),
    ("Please use metric units.", "en", DEC, "metric units"),
    ("My kids are called Tom and Mia.", "en", PROF, "Tom"),
    ("I'm 34 years old.", "en", PROF, "34"),
    ("I have to avoid caffeine.", "en", PROF, "caffeine"),
    ("My go-to drink is an oat flat white.", "en", PREF, "oat flat white"),
    ("Every morning I meditate for ten minutes.", "en", HAB, "meditate"),
    ("I must be home by 6pm on weekdays.", "en", PROF, "home by 6pm"),
    ("Vado a letto alle undici.", "it", HAB, "letto alle undici"),
    ("Mi hija se llama Lucía.", "es", PROF, "Lucía"),
    ("Ma fille s'appelle Chloé.", "fr", PROF, "Chloé"),
    ("Meine Tochter heißt Emma.", "de", PROF, "Emma"),
]
NON_STATEMENTS = [
    ("Please let me know when it's ready.", "en"),
    ("I prefer not to answer that.", "en"),
    ("Can you remind me what my daughter's name is?", "en"),
    ("I need a minute.", "en"),
    ("Je ne sais pas.", "fr"),
]


@pytest.mark.parametrize(("text", "lang", "category", "phrase"), STATEMENTS,
                         ids=[t for t, *_ in STATEMENTS])
def test_statement_of_each_class_yields_its_fact(text: str, lang: str, category: str,
                                                         phrase: str) -> None:
    facts = extract_facts(text, lang)
    assert any(f.category == category and phrase.lower() in f.content.lower()
               for f in facts), facts


@pytest.mark.parametrize(("text", "lang"), NON_STATEMENTS, ids=[t for t, _ in NON_STATEMENTS])
def test_non_statement_yields_nothing(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


TIMES = ["11pm", "6", "5:30", "7am", "midnight", "noon", "seven", "half past ten", "10.30"]
SLEEP = ["go to bed", "go to sleep", "wake up", "get up", "fall asleep", "start work"]
PREPS = ["at", "around", "by", "before", "after", "about"]
TAILS = ["", " on weekdays", " most nights", " every day", " during the week"]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(SLEEP), st.sampled_from(PREPS), st.sampled_from(TIMES),
       st.sampled_from(TAILS))
def test_a_stated_bedtime_is_a_habit_holding_the_time(act: str, prep: str, time: str,
                                                      tail: str) -> None:
    text = f"I {act} {prep} {time}{tail}."
    facts = [f for f in extract_facts(text, "en") if f.category == "habit"]
    assert facts and time in facts[0].fact and act in facts[0].fact, (text, facts)
    assert unclean_reason(facts[0], text) == "", (text, facts[0])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SLEEP), st.sampled_from(TIMES),
       st.sampled_from(["tomorrow", "tonight", "today", "this weekend", "next Monday"]))
def test_a_one_off_time_is_no_habit(act: str, time: str, when: str) -> None:
    text = f"I {act} at {time} {when}."
    assert not [f for f in extract_facts(text, "en") if f.category == "habit"], text


REFUSALS = ["I prefer not to {v} that.", "I'd prefer not to {v}.", "I would prefer not to {v}.",
            "I'd rather not {v}.", "I would rather not {v} that.", "I prefer to not {v}.",
            "Honestly, I'd prefer not to {v} that question.", "I prefer not to {v}, sorry."]
TELL = ["answer", "say", "talk about it", "discuss it", "comment", "share", "go into it",
        "get into that", "elaborate", "tell you", "disclose"]
REFUSALS_LANG = [("Preferisco non rispondere.", "it"), ("Preferirei non dirlo.", "it"),
                 ("Prefiero no contestar.", "es"), ("Preferiría no hablar de eso.", "es"),
                 ("Je préfère ne pas en parler.", "fr"), ("Je préférerais ne pas répondre.", "fr"),
                 ("Ich würde lieber nichts dazu sagen.", "de"),
                 ("Prefiro não responder.", "pt"), ("Preferiria não dizer.", "pt")]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(REFUSALS), st.sampled_from(TELL))
def test_a_refusal_to_answer_never_yields_a_fact(template: str, verb: str) -> None:
    text = template.format(v=verb)
    assert extract_facts(text, "en") == [], text


@pytest.mark.parametrize(("text", "lang"), REFUSALS_LANG)
def test_a_refusal_to_answer_in_other_languages_yields_nothing(text: str, lang: str) -> None:
    assert extract_facts(text, lang) == []


def test_a_stated_dislike_of_doing_something_is_still_a_preference() -> None:
    """The refusal guard is about answering, not every "prefer not to"."""
    facts = extract_facts("I'd prefer not to drive at night.", "en")
    assert [f.category for f in facts] == ["preference"] and "drive at night" in facts[0].fact


THINGS = ["tea", "window seats", "Vim", "trains", "paper books", "cats", "Linux", "jazz"]
OTHERS = ["coffee", "aisle seats", "Emacs", "planes", "e-readers", "dogs", "Windows", "pop"]
COMPARE = ["I'd pick {a} over {b} any day.", "I would choose {a} over {b}.",
           "I'll take {a} over {b} every time.", "I always choose {a} over {b}.",
           "I'd go for {a} over {b}.", "I'd prefer {a} to {b}."]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(COMPARE), st.sampled_from(THINGS), st.sampled_from(OTHERS))
def test_a_comparative_is_a_preference_for_the_first(template: str, a: str, b: str) -> None:
    text = template.format(a=a, b=b)
    facts = [f for f in extract_facts(text, "en") if f.category == "preference"]
    assert facts and facts[0].fact.startswith(a) and facts[0].polarity == "+", (text, facts)


RULES = ["use metric units", "use British spelling", "reply in Italian", "answer briefly",
         "keep your answers short", "avoid jargon", "stick to bullet points",
         "default to UTC", "stop sending me reminders", "refer to me as Sam"]
ONE_OFF = ["help me with this", "tell me more", "let me know", "use this template",
           "write a poem about cats", "send me the file", "use the attached data", "check it"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RULES), st.sampled_from(["Please ", "Please, ", "Also, please ",
                                                "Please just "]))
def test_a_standing_request_is_a_decision(rule: str, lead: str) -> None:
    text = f"{lead}{rule}."
    facts = [f for f in extract_facts(text, "en") if f.category == "decision"]
    assert facts and rule.split()[-1].rstrip(".") in facts[0].content, (text, facts)


@pytest.mark.parametrize("task", ONE_OFF)
def test_a_one_off_request_is_no_fact(task: str) -> None:
    assert extract_facts(f"Please {task}.", "en") == []


AVOID = ["I have to avoid {o}.", "I need to avoid {o}.", "I must stay away from {o}.",
         "I'm not allowed to eat {o}.", "I'm supposed to cut out {o}.",
         "I've got to steer clear of {o}."]
FOODS = ["caffeine", "gluten", "sugar", "shellfish", "red meat", "dairy", "peanuts", "salt"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(AVOID), st.sampled_from(FOODS))
def test_a_diet_obligation_is_a_profile_fact(template: str, food: str) -> None:
    text = template.format(o=food)
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and food in facts[0].fact, (text, extract_facts(text, "en"))


FAVOURITES = ["My go-to {k} is {v}.", "My {k} of choice is {v}.", "My usual drink is {v}.",
              "My guilty pleasure is {v}.", "My comfort food is {v}."]
KINDS = ["drink", "editor", "snack", "album", "restaurant"]
VALUES = ["an oat flat white", "Neovim", "salted popcorn", "Kind of Blue", "Da Michele"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FAVOURITES), st.sampled_from(KINDS), st.sampled_from(VALUES))
def test_a_favourite_wording_is_a_preference_holding_the_value(template: str, kind: str,
                                                               value: str) -> None:
    text = template.format(k=kind, v=value)
    facts = [f for f in extract_facts(text, "en") if f.category == "preference"]
    assert facts and value.removeprefix("an ") in facts[0].fact, (text, facts)


NEEDS = ["I need to be home by {t}.", "I must be at work by {t} on weekdays.",
         "I have to leave the office before {t}.", "I need to pick up my kids by {t}."]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NEEDS), st.sampled_from(["6pm", "8am", "noon", "five", "5:30"]))
def test_a_time_constraint_is_a_profile_fact_with_the_time(template: str, time: str) -> None:
    text = template.format(t=time)
    facts = [f for f in extract_facts(text, "en") if f.category == "profile"]
    assert facts and time in facts[0].fact, (text, extract_facts(text, "en"))
    assert not [f for f in extract_facts(text.replace(".", " tomorrow."), "en")
                if f.category == "profile"], text


NAMED = [("es", "Mi {r} se llama {n}.", ["hija", "hijo", "marido", "perro", "gata"]),
         ("fr", "{d} {r} s'appelle {n}.", ["fille", "fils", "mari", "chien", "femme"]),
         ("de", "{d} {r} heißt {n}.", ["Tochter", "Sohn", "Mann", "Hund", "Frau"]),
         ("pt", "{d} {r} se chama {n}.", ["filha", "filho", "marido", "cachorro", "mãe"])]
_DET = {"fille": "Ma", "fils": "Mon", "mari": "Mon", "chien": "Mon", "femme": "Ma",
        "Tochter": "Meine", "Sohn": "Mein", "Mann": "Mein", "Hund": "Mein", "Frau": "Meine",
        "filha": "Minha", "filho": "Meu", "marido": "Meu", "cachorro": "Meu", "mãe": "Minha"}


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(NAMED), st.integers(0, 4),
       st.sampled_from(["Lucía", "Chloé", "Emma", "Beatriz", "Rex", "Jürgen"]))
def test_a_relatives_name_keeps_the_relative_and_the_name(case: tuple[str, str, list[str]],
                                                          i: int, name: str) -> None:
    lang, template, relatives = case
    rel = relatives[i]
    text = template.format(r=rel, n=name, d=_DET.get(rel, ""))
    facts = [f for f in extract_facts(text, lang) if f.category == "profile"]
    assert facts and name in facts[0].fact and rel in facts[0].fact, (text, facts)
