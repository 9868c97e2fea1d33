"""Idioms of taste (``extract/patterns_taste.py``): preferences said without "like" or "love",
and the same words that say something else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.extract.patterns import extract_facts


def _prefs(text: str, lang: str = "en") -> list[tuple[str, str]]:
    return [(f.polarity, f.fact) for f in extract_facts(text, lang)
            if f.category == "preference"]


@pytest.mark.parametrize(("text", "lang", "polarity", "fact"), [
    ("I'm more of a night-time swimmer person.", "en", "+", "night-time swimmer person"),
    ("I'm a beach person.", "en", "+", "beach person"),
    ("I'm really not a winter person.", "en", "-", "winter person"),
    ("I'm not much of a cook.", "en", "-", "cook"),
    ("Pizza over burgers every time.", "en", "+", "Pizza over burgers"),
    ("Nothing beats a Sunday roast.", "en", "+", "Sunday roast"),
    ("I just can't get enough of Studio Ghibli.", "en", "+", "Studio Ghibli"),
    ("I go nuts for salted caramel.", "en", "+", "salted caramel"),
    ("Cheesy pop songs are my guilty pleasure.", "en", "+", "Cheesy pop songs"),
    ("Opera's not really my thing.", "en", "-", "Opera"),
    ("I honestly couldn't live without my bike.", "en", "+", "my bike"),
    ("I never get bored of Friends reruns.", "en", "+", "Friends reruns"),
    ("I'm a total sucker for thrillers.", "en", "+", "thrillers"),
    ("Vado pazza per il sushi.", "it", "+", "sushi"),
    ("Mi fanno impazzire i dolci al pistacchio.", "it", "+", "dolci al pistacchio"),
    ("Ich esse lieber Fisch als Fleisch.", "de", "+", "Fisch"),
    ("Me vuelven loca las series coreanas.", "es", "+", "series coreanas"),
    ("El golf no es lo mío.", "es", "-", "golf"),
    ("Je suis une grande fan de Céline Dion.", "fr", "+", "Céline Dion"),
    ("Ich stehe voll auf Techno.", "de", "+", "Techno"),
    ("Ich kann ohne Musik nicht leben.", "de", "+", "Musik"),
    ("Corrida não é a minha praia.", "pt", "-", "Corrida"),
])
def test_an_idiom_of_taste_is_a_preference(text: str, lang: str, polarity: str,
                                           fact: str) -> None:
    assert any(p == polarity and fact.lower() in f.lower() for p, f in _prefs(text, lang)), \
        extract_facts(text, lang)


@pytest.mark.parametrize(("text", "lang"), [
    ("I can't get enough sleep with a newborn.", "en"),
    ("I could live on less if I had to.", "en"),
    ("I'm not much of a help with computers.", "en"),
    ("You'd go crazy for their tacos.", "en"),
    ("Game over, every time.", "en"),
    ("Over the summer we painted the house.", "en"),
    ("Nothing beats that!", "en"),
    ("Ich stehe jeden Morgen um sechs auf.", "de"),
    ("Is jazz your thing?", "en"),
])
def test_the_same_words_about_something_else_are_no_preference(text: str, lang: str) -> None:
    assert _prefs(text, lang) == []


@pytest.mark.parametrize("text", ["I'm a happy person.", "I'm a pretty simple person.",
                                  "I'm not a very religious person.", "I'm a better person now."])
def test_a_person_of_a_trait_is_no_taste(text: str) -> None:
    """"a happy person" says what one is (a profile fact, as before), not what one likes."""
    assert all(not f.endswith("person") for _, f in _prefs(text))


def test_an_other_persons_taste_is_not_the_speakers() -> None:
    assert _prefs("My sister is more of a cat person.") == []


@given(thing=st.sampled_from(["jazz", "hiking", "spicy food", "K-pop", "old films"]),
       head=st.sampled_from(["I can't get enough of", "I can't live without", "I could live on",
                             "I go crazy for", "I'm a sucker for", "Nothing beats"]),
       tail=st.sampled_from(["", ".", "!", " tbh", ", honestly."]))
def test_an_idiom_keeps_what_is_liked(thing: str, head: str, tail: str) -> None:
    assert any(thing in f for p, f in _prefs(f"{head} {thing}{tail}") if p == "+")


@pytest.mark.parametrize(("text", "polarity", "fact"), [
    ("I've always loved the sea.", "+", "sea"),
    ("ive always hated the cold", "-", "cold"),
    ("I have loved folk music since I was a teenager.", "+", "folk music"),
    ("I've been a big fan of Arsenal for decades.", "+", "Arsenal"),
    ("I'm not much of a sports fan.", "-", "sports fan"),
])
def test_a_taste_held_until_now_is_a_preference(text: str, polarity: str, fact: str) -> None:
    """Present perfect with "always" or "since / for years": a taste held until now, its fact
    without the "since …"."""
    assert (polarity, fact) in _prefs(text), extract_facts(text, "en")


@pytest.mark.parametrize("text", ["I've really enjoyed talking to you.", "I've enjoyed our chat.",
                                  "I've always loved you.", "I've loved every minute of it."])
def test_a_pleasantry_about_the_chat_is_no_taste(text: str) -> None:
    assert _prefs(text) == []
