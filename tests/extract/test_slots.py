"""Slots: what a statement sets, and a later other value superseding the earlier memory."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, restore_memory
from kore_pipeline.text.slots import replaces, slot_of, supersedes
from tests.helpers import message

S = KoreSettings()


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("I live in Turin.", "en", ("residence", "turin")),
    ("I moved to Berlin last year.", "en", ("residence", "berlin")),
    ("I just moved to New York City.", "en", ("residence", "new york city")),
    ("Mi sono trasferita a Milano.", "it", ("residence", "milano")),
    ("Ich wohne in Hamburg.", "de", ("residence", "hamburg")),
    ("I work at Acme Corp.", "en", ("employer", "acme corp")),
    ("I work as a senior data engineer at Acme.", "en", ("job", "senior data engineer")),
    ("My wife is called Giulia.", "en", ("name:wife", "giulia")),
    ("My dog's name is Rex.", "en", ("name:dog", "rex")),
    ("I became vegan in March.", "en", ("diet", "vegan")),
    ("My budget is now 2,500 euros.", "en", ("budget", "2500 eur")),
    ("My flight is at 10:30.", "en", ("schedule:flight", "10:30")),
    ("My flight got moved to 11:30.", "en", ("schedule:flight", "11:30")),
    ("I switched from VS Code to Neovim.", "en", ("tool:vs code", "neovim")),
    ("I use VS Code for everything.", "en", ("tool:vs code", "vs code")),
    ("I have three kids.", "en", ("count:kid", "3")),
    ("I'm 34 years old.", "en", ("age", "34")),
    ("I support Brighton now, don't judge me.", "en", ("fan", "brighton")),
    ("I'm a lifelong Celtic supporter.", "en", ("fan", "celtic")),
    ("I root for the Green Bay Packers.", "en", ("fan", "green bay packers")),
    ("I'm learning Italian now.", "en", ("learning", "italian")),
    ("I support my sister's business.", "en", None),
    ("I'm learning to cook.", "en", None),
    ("I don't live in Turin.", "en", None),
    ("I moved the meeting to Friday.", "en", None),
    ("I'm 10 min away.", "en", None),
    ("I like topic 5", "en", None),
    ("Ticket 4411 is blocked.", "en", None),
])
def test_slot_of(text: str, lang: str, slot: tuple[str, str] | None) -> None:
    assert slot_of(text, lang) == slot


def test_only_another_value_of_the_same_slot_supersedes() -> None:
    assert supersedes(("residence", "turin"), ("residence", "berlin"))
    assert not supersedes(("residence", "turin"), ("residence", "turin"))
    assert not supersedes(("name:wife", "giulia"), ("name:dog", "rex"))
    assert not supersedes(None, ("residence", "berlin"))


def _say(conn, text: str, mid: str, ts: str) -> object:  # type: ignore[no-untyped-def]
    recs = [normalise(message(text, message_id=mid, ts=ts), S, "t.jsonl", 1)]
    return upsert_memories(conn, extract_memories(recs, S), ts)


def _active(conn) -> list[str]:  # type: ignore[no-untyped-def]
    """Active texts, final full stop dropped (a fact is the phrase, an episode the message)."""
    return [r[0].rstrip(".") for r in conn.execute("SELECT content FROM memories WHERE"
                                                   " status = 'active' ORDER BY id")]


def test_moving_supersedes_the_old_residence_and_restore_brings_it_back(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I live in Turin.", "m1", "2026-01-10T09:00:00Z")
    report = _say(conn, "I moved to Berlin.", "m2", "2026-03-01T09:00:00Z")
    assert report.superseded >= 1  # type: ignore[attr-defined]
    old = conn.execute("SELECT id, status, merged_into, valid_from, valid_until FROM memories"
                       " WHERE content = 'I live in Turin'").fetchone()
    new = conn.execute("SELECT id, valid_from, valid_until FROM memories"
                       " WHERE content = 'I moved to Berlin'").fetchone()
    assert (old["status"], old["merged_into"]) == ("superseded", new["id"])
    assert old["valid_from"].startswith("2026-01-10")
    assert old["valid_until"] == new["valid_from"] and new["valid_until"] is None
    assert "I live in Turin" not in _active(conn)
    assert restore_memory(conn, old["id"], "2026-04-01T00:00:00+00:00")
    back = conn.execute("SELECT status, valid_until FROM memories WHERE id = ?",
                        (old["id"],)).fetchone()
    assert tuple(back) == ("active", None)


def test_an_older_statement_arriving_late_does_not_override(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "My budget is now 2,500 euros.", "m2", "2026-03-01T09:00:00Z")
    _say(conn, "My budget is 1,500 euros.", "m1", "2026-01-01T09:00:00Z")
    assert "My budget is now 2,500 euros" in _active(conn)
    assert "My budget is 1,500 euros" not in _active(conn)


def test_distinct_things_and_other_people_both_stay(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "Ticket 4411 is blocked by the login bug.", "m1", "2026-01-01T09:00:00Z")
    _say(conn, "Ticket 4412 is blocked by the login bug.", "m2", "2026-01-02T09:00:00Z")
    recs = [normalise(message("I live in Rome.", message_id="m3", ts="2026-01-03T09:00:00Z",
                              speaker="Marco"), S, "t.jsonl", 1)]
    upsert_memories(conn, extract_memories(recs, S), "2026-01-03T09:00:00Z")
    _say(conn, "I live in Turin.", "m4", "2026-01-04T09:00:00Z")
    active = _active(conn)
    assert {"Ticket 4411 is blocked by the login bug",
            "Ticket 4412 is blocked by the login bug", "I live in Rome",
            "I live in Turin"} <= set(active)


def test_a_flight_moved_to_another_time_supersedes_for_the_same_flight(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "My flight is at 10:30.", "m1", "2026-02-01T09:00:00Z")
    _say(conn, "My flight got moved to 11:30.", "m2", "2026-02-02T09:00:00Z")
    _say(conn, "My dentist appointment is at 9:00.", "m3", "2026-02-03T09:00:00Z")
    active = _active(conn)
    assert "My flight got moved to 11:30" in active and "My flight is at 10:30" not in active
    assert "My dentist appointment is at 9:00" in active


def test_a_forgotten_fact_is_superseded_by_a_later_other_value(tmp_path: Path) -> None:
    """Decay forgot "I live in Turin" before the move was said: the move supersedes it
    (linked, valid until then), so a cue cannot bring Turin back as current."""
    from kore_pipeline.store import lifecycle
    from kore_pipeline.store.db import transaction

    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I live in Turin.", "m1", "2026-01-10T09:00:00Z")
    old = conn.execute("SELECT id FROM memories WHERE content = 'I live in Turin'").fetchone()
    with transaction(conn):
        lifecycle.archive(conn, [old["id"]], lifecycle.Status.FORGOTTEN,
                          "2026-03-01T00:00:00+00:00", None)
    _say(conn, "We moved to Lyon last spring.", "m2", "2026-06-01T09:00:00Z")
    new = conn.execute("SELECT id, valid_from FROM memories WHERE content LIKE 'We moved%'"
                       " AND type = 'factual'").fetchone()
    row = conn.execute("SELECT status, merged_into, valid_until FROM memories WHERE id = ?",
                       (old["id"],)).fetchone()
    assert (row["status"], row["merged_into"]) == ("superseded", new["id"])
    assert row["valid_until"] == new["valid_from"]


def test_a_slot_of_several_values_is_replaced_only_by_a_statement_of_change() -> None:
    assert replaces(("residence", "turin"), ("residence", "lyon"), "I live in Lyon")
    assert not replaces(("fan", "yankees"), ("fan", "knicks"), "I'm a Knicks fan")
    assert replaces(("fan", "yankees"), ("fan", "mets"), "I'm a Mets fan now")
    assert replaces(("learning", "french"), ("learning", "italian"),
                    "I gave up French, I'm learning Italian instead")


def test_a_new_team_said_as_a_change_supersedes_but_a_second_team_does_not(
        tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I'm a Yankees fan.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I'm a Mets fan now.", "m2", "2026-06-10T09:00:00Z")
    assert "I'm a Mets fan now" in _active(conn) and "I'm a Yankees fan" not in _active(conn)
    fact = conn.execute("SELECT key FROM memories WHERE content = ?", ("I'm a Mets fan now",))
    assert fact.fetchone()["key"] == "preference:mets_fan"  # "now" says when, not what
    _say(conn, "I'm a Knicks fan.", "m3", "2026-07-10T09:00:00Z")  # basketball: both hold
    assert {"I'm a Mets fan now", "I'm a Knicks fan"} <= set(_active(conn))
    _say(conn, "I'm a Nets fan these days.", "m4", "2026-08-10T09:00:00Z")
    assert {"I'm a Mets fan now", "I'm a Knicks fan"} <= set(_active(conn))  # which one?


def test_a_fact_said_forty_thousand_times_is_still_superseded(tmp_path: Path) -> None:
    """When a rival was last said is read from its sources as one JSON parameter: a long
    provenance list never hits SQLite's limit on bound variables."""
    conn = connect(tmp_path / "k.sqlite")
    conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 32_766)  # SQLite's default build
    _say(conn, "I live in Turin.", "m1", "2026-01-10T09:00:00Z")
    ids = json.dumps(["m1", *(f"x{i}" for i in range(40_000))])
    conn.execute("UPDATE memories SET source_message_ids = ? WHERE content = 'I live in Turin'",
                 (ids,))
    _say(conn, "I moved to Berlin.", "m2", "2026-03-01T09:00:00Z")
    active = _active(conn)
    assert "I moved to Berlin" in active and "I live in Turin" not in active


# Statements that end a fact, age, relationship status, household facts and
# values said in passing (wordings outside the held-out update pairs).
@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("I quit my job at Barclays.", "en", ("employer", "not barclays")),
    ("I quit my job last week.", "en", ("employer", "not")),
    ("I gave up my day job to paint.", "en", ("employer", "not")),
    ("I stopped using Slack at work.", "en", ("tool:slack", "not slack")),
    ("We gave up eating meat.", "en", ("habit:eat", "not meat")),
    ("I don't cycle to work anymore.", "en", ("habit:cycle", "not")),
    ("I no longer live in Leeds.", "en", ("residence", "not leeds")),
    ("I play the cello.", "en", ("habit:play", "cello")),
    ("I just turned 45.", "en", ("age", "45")),
    ("We got engaged last week!", "en", ("relationship", "engaged")),
    ("I'm happily married.", "en", ("relationship", "married")),
    ("Ever since relocating to Oslo I ski a lot.", "en", ("residence", "oslo")),
    ("Now that I've moved to Cork I see my parents more.", "en", ("residence", "cork")),
    ("We sold the house and moved to Exmouth.", "en", ("residence", "exmouth")),
    ("I live in a tiny cottage near Keswick.", "en", ("residence", "keswick")),
    ("I've been pescatarian for years.", "en", ("diet", "pescatarian")),
    ("I eat anything really.", "en", ("diet", "omnivore")),
    ("My tablet is an old iPad Mini.", "en", ("owns:tablet", "old ipad mini")),
    ("My hobby at the moment is birdwatching.", "en", ("hobby", "birdwatching")),
    ("I switched from Spanish to Arabic.", "en", ("learning", "arabic")),
    ("J'ai 40 ans.", "fr", ("age", "40")),
    ("Tenho 19 anos.", "pt", ("age", "19")),
    ("Ich bin 28.", "de", ("age", "28")),
    ("Hoje moro na Bahia.", "pt", ("residence", "bahia")),
    ("Não moro no Porto.", "pt", None),
    ("I stopped by the office.", "en", None),
    ("My brother stopped smoking.", "en", None),
    ("I don't smoke.", "en", None),
])
def test_slot_of_endings_and_new_slots(text: str, lang: str, slot: tuple[str, str] | None) -> None:
    assert slot_of(text, lang) == slot


def test_an_ending_replaces_only_what_it_ends_and_a_habit_only_an_ending() -> None:
    assert supersedes(("habit:drink", "coffee"), ("habit:drink", "not coffee"))
    assert not supersedes(("habit:drink", "tea"), ("habit:drink", "not coffee"))
    assert not supersedes(("diet", "vegetarian"), ("diet", "not vegan"))
    assert not supersedes(("habit:play", "tennis"), ("habit:play", "chess"))
    assert supersedes(("habit:play", "tennis"), ("habit:play", "not"))
    assert supersedes(("habit:smoke", "not"), ("habit:smoke", "yes"))  # started again


def test_quitting_a_job_supersedes_it_and_is_kept_as_a_fact(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I work at Barclays in the Canary Wharf office.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I quit my job at Barclays last month.", "m2", "2026-05-10T09:00:00Z")
    rows = {r["content"]: r for r in conn.execute(
        "SELECT content, status, slot, slot_value FROM memories WHERE type = 'factual'")}
    assert rows["I work at Barclays in the Canary Wharf office"]["status"] == "superseded"
    ended = rows["I quit my job at Barclays last month"]
    assert (ended["status"], ended["slot"], ended["slot_value"]) == (
        "active", "employer", "not barclays")
    found = conn.execute("SELECT m.content FROM memories_fts JOIN memories m ON m.id ="
                         " memories_fts.rowid WHERE memories_fts MATCH 'barclays' AND"
                         " m.status = 'active'").fetchall()
    assert any("quit" in r[0] for r in found)  # findable by search


def test_an_ending_leaves_the_other_values_of_its_slot(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I'm vegetarian.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I play the cello.", "m2", "2026-01-11T09:00:00Z")
    _say(conn, "I play chess with my son.", "m3", "2026-01-12T09:00:00Z")
    _say(conn, "I'm not vegan anymore.", "m4", "2026-05-10T09:00:00Z")
    _say(conn, "I don't play the cello anymore.", "m5", "2026-05-11T09:00:00Z")
    active = _active(conn)
    assert {"I'm vegetarian", "I play chess with my son"} <= set(active)
    assert "I play the cello" not in active


def test_a_later_age_supersedes_and_a_relative_s_age_does_not(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I'm 38.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "My sister just turned 41.", "m2", "2026-02-10T09:00:00Z")
    assert "I'm 38" in _active(conn)
    _say(conn, "I just turned 39, feeling old.", "m3", "2026-06-10T09:00:00Z")
    assert "I'm 38" not in _active(conn) and "I just turned 39" in _active(conn)


def test_household_facts_said_with_we_are_the_speaker_s(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "We have a border collie called Skye.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "We live in Harrogate.", "m2", "2026-01-11T09:00:00Z")
    _say(conn, "Since we got to Whitby the dog has been so happy.", "m3",
         "2026-06-10T09:00:00Z")
    active = _active(conn)
    assert "We have a border collie called Skye" in active
    assert "We live in Harrogate" not in active and "Since we got to Whitby" in active


def test_quitting_a_job_of_no_named_employer_ends_the_employer(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I work at Ikea.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I quit my job yesterday!", "m2", "2026-05-10T09:00:00Z")
    active = _active(conn)
    assert "I work at Ikea" not in active and "I quit my job yesterday" in active


@pytest.mark.parametrize(("earlier", "later"), [
    ("I drink coffee every morning.", "I gave up coffee in January."),
    ("I drink a lot of beer.", "I've cut out beer completely."),
    ("I eat sugar with everything.", "I quit sugar last year."),
])
def test_giving_up_a_thing_ends_the_habit_of_it(tmp_path: Path, earlier: str,
                                                later: str) -> None:
    """A thing given up is named without its verb ("I gave up coffee"): what one drinks or
    eats is read with its verb, so the ending finds the habit it ends."""
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, earlier, "m1", "2026-01-10T09:00:00Z")
    _say(conn, later, "m2", "2026-03-01T09:00:00Z")
    old = conn.execute("SELECT status FROM memories WHERE type = 'factual' AND content = ?",
                       (earlier.rstrip("."),)).fetchone()
    assert old is not None and old["status"] == "superseded"


def test_a_thing_given_up_is_not_any_other_habit(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    _say(conn, "I drink tea every morning.", "m1", "2026-01-10T09:00:00Z")
    _say(conn, "I gave up coffee.", "m2", "2026-03-01T09:00:00Z")
    assert "I drink tea every morning" in _active(conn)
