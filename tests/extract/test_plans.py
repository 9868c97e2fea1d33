"""Plans and intentions (``extract/patterns_plans.py``): what someone means to do is a decision;
what one is about to say or do in the conversation is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.extract.facts import extract_memories, memories_from_message, upsert_memories
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message

S = KoreSettings()


def _decisions(text: str, lang: str = "en") -> list[str]:
    return [f.fact for f in extract_facts(text, lang) if f.category == "decision"]


@pytest.mark.parametrize(("text", "lang", "fact"), [
    ("I'm going to learn to play the cello.", "en", "learn to play the cello"),
    ("we're gonna renovate the bathroom in spring", "en", "renovate the bathroom"),
    ("I'm planning to apply for a master's in Edinburgh.", "en", "apply for a master's"),
    ("I intend to pay off my student loan by 2028.", "en", "pay off my student loan"),
    ("I really want to run a half marathon.", "en", "run a half marathon"),
    ("I need to book my flights to Lisbon next week.", "en", "book my flights to Lisbon"),
    ("I'll start volunteering at the food bank.", "en", "start volunteering at the food bank"),
    ("My plan is to open a small bakery.", "en", "open a small bakery"),
    ("Ho intenzione di comprare una bici elettrica.", "it", "comprare una bici elettrica"),
    ("Vamos a pintar la casa este verano.", "es", "pintar la casa"),
    ("Je veux écrire un roman.", "fr", "écrire un roman"),
    ("Wir wollen im Sommer nach Schweden fahren.", "de", "nach Schweden fahren"),
    ("Pretendo aprender a tocar violão.", "pt", "aprender a tocar violão"),
])
def test_a_plan_is_a_decision(text: str, lang: str, fact: str) -> None:
    assert any(fact.lower() in f.lower() for f in _decisions(text, lang)), \
        extract_facts(text, lang)


@pytest.mark.parametrize(("text", "lang"), [
    ("I'm going to be straight with you.", "en"),
    ("I'll get back to you on that.", "en"),
    ("I want to tell you a secret.", "en"),
    ("I have to say, that film was brilliant.", "en"),
    ("I'm going to go grab a coffee now.", "en"),
    ("I'm going to Spain.", "en"),
    ("Maybe I'll learn the guitar.", "en"),
    ("I don't know what I want to do with my life.", "en"),
    ("If it rains I'm going to stay in.", "en"),
    ("Is she going to move to Leeds?", "en"),
    ("My sister is going to start university.", "en"),
    ("Voglio dire che non è vero.", "it"),
    ("Tengo que irme, adiós.", "es"),
    ("Je vais très bien, et toi ?", "fr"),
    ("Ich muss sagen, das war lecker.", "de"),
    ("Vou ver o que posso fazer.", "pt"),
])
def test_what_is_said_in_the_conversation_is_no_plan(text: str, lang: str) -> None:
    assert _decisions(text, lang) == []


def test_a_short_plan_is_remembered() -> None:
    """Too short for an episode ("im gonna quit smoking"): before, nothing was kept."""
    msg = {"role": "user", "text": "im gonna quit smoking", "owner": "o", "message_id": "m1",
           "session_id": "s1", "ts": "2026-11-30T10:00:00+00:00", "language": "en"}
    memories = memories_from_message(msg, KoreSettings())
    assert [(m.category, m.content) for m in memories] == [
        ("decision", "im gonna quit smoking")]


def test_french_ma_is_my_not_but() -> None:
    """"ma" splits an Italian clause ("… ma odio …"), never a French one ("ma voiture")."""
    assert [f.fact for f in extract_facts("J'adore ma voiture rouge.", "fr")] == [
        "ma voiture rouge"]
    assert len(extract_facts("Amo la mia macchina ma odio guidare.", "it")) == 2


_VERBS = st.sampled_from(["be", "say", "tell you", "ask you", "check", "let you know",
                          "think about it", "try", "see", "do it", "go now"])


@given(head=st.sampled_from(["I'm going to", "I'll", "I want to", "I need to", "I'm gonna",
                             "we're going to", "I plan to"]),
       verb=_VERBS, tail=st.sampled_from(["", ".", "!", " tomorrow.", " next week."]))
def test_a_conversational_verb_never_makes_a_plan(head: str, verb: str, tail: str) -> None:
    assert _decisions(f"{head} {verb}{tail}") == []


@pytest.mark.parametrize(("text", "lang"), [
    ("We're going to move to Porto next year.", "en"),
    ("I'm going to quit smoking.", "en"),
    ("I'm gonna go vegan in January", "en"),
    ("I will move to Berlin next month.", "en"),
    ("Voy a mudarme a Madrid.", "es"),
])
def test_a_plan_changes_nothing_yet(text: str, lang: str) -> None:
    """A memory states what is true now: a move planned is no move, so a plan's memories set
    no slot but their plan's (``plan:residence``), and never supersede "I live in Leeds" or
    "I smoke"."""
    msg = {"role": "user", "text": text, "owner": "o", "message_id": "m1", "session_id": "s1",
           "ts": "2026-11-30T10:00:00+00:00", "language": lang}
    memories = memories_from_message(msg, KoreSettings())
    assert any(m.category == "decision" for m in memories)
    assert all(m.slot is None or m.slot[0].startswith("plan:") for m in memories)


def _say(conn, text: str, mid: str, ts: str) -> object:  # type: ignore[no-untyped-def]
    recs = [normalise(message(text, message_id=mid, ts=ts), S, "t.jsonl", 1)]
    return upsert_memories(conn, extract_memories(recs, S), ts)


def _status(conn, content: str) -> str:  # type: ignore[no-untyped-def]
    row = conn.execute("SELECT status FROM memories WHERE content = ?", (content,)).fetchone()
    return str(row[0])


def test_a_plan_carried_out_is_done_and_kept(tmp_path: Path) -> None:
    """"We're going to move to Porto" is superseded by "we moved to Porto" (kept, linked);
    "I live in Leeds" stayed current until the move was said, not when it was planned."""
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I live in Leeds.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "We're going to move to Porto next year.", "m2", "2026-02-01T09:00:00Z")
    assert _status(conn, "I live in Leeds") == "active"
    plan = "We're going to move to Porto next year"
    assert _status(conn, plan) == "active"
    _say(conn, "We finally moved to Porto!", "m3", "2026-09-01T09:00:00Z")
    assert _status(conn, plan) == "superseded"
    assert _status(conn, "I live in Leeds") == "superseded"
    row = conn.execute("SELECT m.merged_into, n.content FROM memories AS m JOIN memories AS n"
                       " ON n.id = m.merged_into WHERE m.content = ?", (plan,)).fetchone()
    assert row["content"].startswith("We finally moved to Porto")


def test_a_plan_is_closed_only_by_what_it_planned(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I'm going to quit smoking.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I'm going to move to Leeds in the spring.", "m2", "2026-01-11T09:00:00Z")
    _say(conn, "We moved to York.", "m3", "2026-05-01T09:00:00Z")
    assert _status(conn, "I'm going to move to Leeds in the spring") == "active"
    _say(conn, "I finally quit smoking.", "m4", "2026-06-01T09:00:00Z")
    assert _status(conn, "I'm going to quit smoking") == "superseded"


def test_a_new_plan_of_the_same_thing_replaces_the_old_one(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I'm going to move to Porto next year.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I'm going to move to Lisbon instead.", "m2", "2026-03-01T09:00:00Z")
    assert _status(conn, "I'm going to move to Porto next year") == "superseded"
    assert _status(conn, "I'm going to move to Lisbon instead") == "active"


def test_a_job_planned_at_a_named_employer_is_done_when_got(tmp_path: Path) -> None:
    """"the BBC": the employer is the name after "the", in the plan and in the news."""
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I want to get a job at the BBC.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I got a job at the BBC, I start in June!", "m2", "2026-05-01T09:00:00Z")
    assert _status(conn, "I want to get a job at the BBC") == "superseded"
    assert _status(conn, "I got a job at the BBC") == "active"
