"""Tests for the local importance heuristics."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.importance import importance_reasons, score_importance, score_many

CATEGORY_VALUES = ["preference", "decision", "habit", "profile", "episode", "summary", None]


def raw(text: str, category: str | None = None) -> float:
    """Unrounded score, from the last reason ("score:2.15 -> 2")."""
    last = importance_reasons(text, category)[-1]
    assert last.startswith("score:")
    return float(last.split()[0].removeprefix("score:"))


def fired(text: str, category: str | None = None) -> str:
    return " | ".join(importance_reasons(text, category)[:-1])


# ------------------------------------------------------------------ explicit


@pytest.mark.parametrize(("explicit", "expected"), [(1, 1), (3, 3), (5, 5), (0, 1), (-4, 1),
                                                    (9, 5), (4.4, 4)])
def test_explicit_wins_and_is_clamped(explicit, expected):
    assert score_importance("ok", "episode", explicit=explicit) == expected
    text = "I'm allergic to peanuts, never forget it, this is critical!"
    assert score_importance(text, "profile", explicit=explicit) == expected


def test_explicit_none_is_ignored():
    text = "I'm allergic to peanuts, never forget it, this is critical!"
    assert score_importance(text, "profile", explicit=None) == score_importance(text, "profile")
    assert score_importance(text, "profile", explicit=None) >= 4


# ------------------------------------------------------------------ whole words


def test_email_does_not_fire_italian_mai():
    reasons = fired("Please send me the email")
    assert "mai" not in reasons.replace("email", "")
    assert "strength" not in reasons


def test_italian_mai_fires_as_a_word():
    assert "strength:mai" in fired("Non lo faccio mai")
    assert raw("Non lo faccio mai") > raw("Non lo faccio ora")


@pytest.mark.parametrize(("text", "word"), [
    ("I sent the maintenance email to Niels", "nie"),
    ("The nievergelt script is immersive", "immer"),
    ("We use semprebene as a codename", "sempre"),
    ("Sunday brunch at Nuncaland with the team", "nunca"),
    ("An unimportant mustard stain on the draft", "important"),
])
def test_keywords_do_not_match_inside_words(text, word):
    assert f":{word}" not in fired(text) and f", {word}" not in fired(text)


# ------------------------------------------------------------------ signals

BASE = "We talked about the new dashboard layout today"


@pytest.mark.parametrize(("text", "signal"), [
    ("We always talk about the new dashboard layout today", "strength"),
    ("We never talk about the new dashboard layout today", "strength"),
    ("You must not talk about the new dashboard layout today", "strength"),
    ("Do not talk about the new dashboard layout today", "strength"),
    ("This is important: the new dashboard layout today", "strength"),
    ("The new dashboard layout is critical, we discussed it today", "critical"),
    ("I'm allergic to the new dashboard layout, we said today", "critical"),
    ("The password for the new dashboard was shared today", "critical"),
    ("The new dashboard layout deadline is close, we said today", "temporal"),
    ("We talked about the new dashboard layout, due by Friday", "temporal"),
    ("We talked about the new dashboard layout for next week", "temporal"),
    ("We talked about the new dashboard layout for Q3", "temporal"),
    ("We talked about the new dashboard layout tomorrow", "temporal"),
    ("We talked about the new dashboard layout on 2026-10-02", "date"),
    ("We talked about the new dashboard layout on October 2", "date"),
    ("We talked about the 3 new dashboard layouts today", "number"),
    ("We talked with Priya about the Harbor dashboard layout today", "entities"),
    ("Sempre parliamo della nuova dashboard oggi con il team", "strength"),
    ("È importante: parliamo della nuova dashboard oggi", "strength"),
    ("La scadenza della nuova dashboard è vicina, ne parliamo oggi", "temporal"),
    ("Parliamo della nuova dashboard entro venerdì con il team", "temporal"),
    ("Siempre hablamos del nuevo panel de control con el equipo", "strength"),
    ("Nunca hablamos del nuevo panel de control con el equipo", "strength"),
    ("Nous parlons toujours du nouveau tableau de bord avec l'équipe", "strength"),
    ("Nous ne parlons jamais du nouveau tableau de bord avec l'équipe", "strength"),
    ("Wir sprechen immer über das neue Dashboard mit dem Team", "strength"),
    ("Wir sprechen nie über das neue Dashboard mit dem Team", "strength"),
    ("Das neue Dashboard ist wichtig für das ganze Team", "strength"),
    ("Sempre falamos do novo painel com a equipe hoje", "strength"),
    ("O prazo do novo painel é curto para a equipe hoje", "temporal"),
])
def test_each_signal_raises_the_score(text, signal):
    assert f"{signal}" in fired(text)
    assert raw(text) > raw(BASE)
    assert score_importance(text) >= score_importance(BASE)


def test_length_signal():
    assert "very short" in fired("ok")
    assert raw("dashboard layout") < raw(BASE)
    long_text = BASE + " and " + " ".join(["then we reviewed more widgets"] * 6)
    assert "long" in fired(long_text)
    assert raw(long_text) > raw(BASE)


def test_smalltalk_is_low():
    for text in ["ok", "Thanks!", "Cool, thanks a lot!", "Ciao, grazie mille!", "hi"]:
        assert score_importance(text, "episode") == 1, text
    assert score_importance("lol that took forever", "episode") <= 2


def test_category_weight():
    text = "Postgres for the backend"
    assert raw(text, "decision") > raw(text, "episode")
    assert raw(text, "preference") > raw(text, "episode")
    assert raw(text, "profile") > raw(text, "episode")
    assert raw(text, "decision") >= raw(text, "preference") >= raw(text, "habit")


def test_facts_are_not_penalised_for_being_short():
    assert score_importance("I'm vegetarian", "profile") >= 3
    assert score_importance("I live in Utrecht", "profile") >= 2


def test_high_importance_cases():
    assert score_importance("I'm allergic to peanuts", "profile") >= 4
    assert score_importance(
        "I'm allergic to peanuts, so please never suggest the Thai place.", "episode") >= 4
    assert score_importance(
        "We decided to ship the migration by Friday, October 2.", "decision") >= 4
    assert score_importance(
        "The staging password must be rotated every 90 days, this is critical.") == 5


def test_ordinary_facts_are_two_or_three():
    assert score_importance("I prefer short standups", "preference") in (2, 3)
    assert score_importance("I usually review pull requests after lunch", "habit") in (2, 3)
    assert score_importance("I decided to use Postgres for the backend", "decision") in (2, 3)


def test_german_nouns_are_not_named_entities():
    assert "entities" not in fired("Die Besprechung über das Projekt war gut und kurz")
    assert "entities" in fired("Wir nutzen DuckDB für die Berichte im Team")


def test_score_many():
    texts = ["ok", "I'm allergic to peanuts", "I prefer tea"]
    cats = ["episode", "profile", "preference"]
    expected = [score_importance(t, c) for t, c in zip(texts, cats, strict=True)]
    assert score_many(texts, cats) == expected
    assert score_many([], []) == []
    with pytest.raises(ValueError):
        score_many(["a", "b"], ["episode"])


def test_reasons_are_readable():
    reasons = importance_reasons("I must finish the Harbor report by Friday", "decision")
    assert reasons[0].startswith("category:decision")
    assert any(r.startswith("strength:must") for r in reasons)
    assert any(r.startswith("temporal:by friday") for r in reasons)
    assert reasons[-1].startswith("score:")


# ------------------------------------------------------------------ properties


@settings(max_examples=300, deadline=None)
@given(st.text(), st.sampled_from(CATEGORY_VALUES))
def test_score_always_in_range(text, category):
    assert 1 <= score_importance(text, category) <= 5
    assert importance_reasons(text, category)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.sampled_from(CATEGORY_VALUES),
       st.one_of(st.none(), st.integers(min_value=-10**6, max_value=10**6)))
def test_explicit_always_in_range(text, category, explicit):
    score = score_importance(text, category, explicit)
    assert 1 <= score <= 5
    if explicit is not None:
        assert score == max(1, min(5, explicit))
