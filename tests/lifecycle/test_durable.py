"""Durable facts: what a person is (where they live, work, their diet, partner and pets) stays
active for over a year unmentioned, while small talk and episodes fade and a superseded value
decays like any archived record."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from kore_pipeline.lifecycle.decay import (
    decay_frame,
    decay_score_row,
    decay_scores,
    read_decay_inputs,
    run_decay,
)
from kore_pipeline.lifecycle.durable import active_days, durable_column, durable_slot, is_durable
from kore_pipeline.settings import DURABLE_SLOTS, HALF_LIVES_DAYS, KoreSettings
from kore_pipeline.store.db import restore_memory
from kore_pipeline.timeutil import iso
from tests.helpers import say as said

SAID_AT = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
FIVE_MONTHS = SAID_AT + timedelta(days=152)
THIRTEEN_MONTHS = SAID_AT + timedelta(days=396)
DURABLE = [("I live in Lyon.", "en", ("residence", "lyon")),
           ("I work at Google.", "en", ("employer", "google")),
           ("I'm a nurse.", "en", ("job", "nurse")),
           ("I'm vegetarian.", "en", ("diet", "vegetarian")),
           ("My dog is called Rex.", "en", ("name:dog", "rex")),
           ("I have a cat called Mimi.", "en", ("name:cat", "mimi")),
           ("Ich bin Single.", "de", ("relationship", "single"))]
SMALL_TALK = ["The weather was lovely today and we walked a lot.",
              "I had pasta for lunch with a colleague today."]


def say(conn: sqlite3.Connection, text: str, at: datetime, n: int,
        language: str | None = None) -> None:
    said(conn, text, iso(at), n, language)


def status_of(conn: sqlite3.Connection, kind: str = "factual") -> dict[str, str]:
    """Status by text of the facts (or the episodes) in the store."""
    return {r[0].rstrip("."): r[1] for r in conn.execute(
        "SELECT content, status FROM memories WHERE type = ?", (kind,))}


def test_what_a_person_is_stays_active_for_a_year_unmentioned(conn: sqlite3.Connection) -> None:
    for n, (text, language, _) in enumerate(DURABLE):
        say(conn, text, SAID_AT + timedelta(minutes=n), n, language)
    for n, text in enumerate(SMALL_TALK, start=len(DURABLE)):
        say(conn, text, SAID_AT + timedelta(minutes=n), n)
    slots = {r[0].rstrip("."): (r[1], r[2], r[3]) for r in conn.execute(
        "SELECT content, slot, slot_value, importance FROM memories")}
    for text, _, slot in DURABLE:  # extraction gave them their slot, and a low importance
        assert slots[text.rstrip(".")][:2] == slot
        assert slots[text.rstrip(".")][2] <= 4

    settings = KoreSettings()
    run_decay(conn, settings, FIVE_MONTHS)
    after5 = status_of(conn)
    assert set(status_of(conn, "episodic").values()) == {"forgotten"}  # small talk fades
    run_decay(conn, settings, THIRTEEN_MONTHS)
    after13 = status_of(conn)
    for text, _, _ in DURABLE:
        assert after5[text.rstrip(".")] == after13[text.rstrip(".")] == "active", text
    assert set(status_of(conn, "episodic")) >= {t.rstrip(".") for t in SMALL_TALK}

    # the same store without the rule (before it): every fact below importance 4 forgotten
    conn.execute("UPDATE memories SET status = 'active'")
    conn.execute("DELETE FROM memory_decay")
    run_decay(conn, KoreSettings(durable_half_life_days=0), FIVE_MONTHS)
    lost = {r[0] for r in conn.execute("SELECT status FROM memories WHERE importance <= 3")}
    assert lost == {"forgotten"} and sum(1 for v in slots.values() if v[2] <= 3) >= 5


def test_a_superseded_residence_is_not_kept_alive(conn: sqlite3.Connection) -> None:
    say(conn, "I live in Lyon.", SAID_AT, 1)
    say(conn, "I moved to Porto.", SAID_AT + timedelta(days=30), 2)
    lyon, porto = (conn.execute("SELECT * FROM memories_scored WHERE content LIKE ?",
                                (f"%{city}%",)).fetchone() for city in ("Lyon", "Porto"))
    assert lyon["status"] == "superseded" and lyon["superseded_by"] == porto["id"]
    assert lyon["valid_until"] is not None
    settings = KoreSettings()
    assert not is_durable(lyon, settings) and is_durable(porto, settings)

    run_decay(conn, settings, THIRTEEN_MONTHS)
    assert status_of(conn) == {"I live in Lyon": "superseded", "I moved to Porto": "active"}
    # as an archived record Lyon decays by its importance (30 days), not as a durable fact
    rows = conn.execute("SELECT * FROM memories_scored ORDER BY id").fetchall()
    frame = decay_frame(_frame(rows), THIRTEEN_MONTHS, settings)
    assert frame["durable"].to_list() == [False, True]
    assert frame["half_life_days"].to_list() == [30.0, 365.0]
    assert frame["forget"].to_list() == [True, False]
    # and it stays restorable: brought back it is current again
    assert restore_memory(conn, lyon["id"], iso(THIRTEEN_MONTHS))
    assert is_durable(conn.execute("SELECT * FROM memories WHERE id = ?",
                                   (lyon["id"],)).fetchone(), settings)


def _frame(rows: list[sqlite3.Row]):  # type: ignore[no-untyped-def]
    import polars as pl

    cols = ["importance", "created_at", "last_accessed_at", "access_count", "type", "slot",
            "valid_until", "status"]
    return pl.DataFrame([{c: r[c] for c in cols} for r in rows],
                        schema_overrides={"last_accessed_at": pl.String,
                                          "valid_until": pl.String})


def test_an_episode_saying_where_one_lives_still_fades(conn: sqlite3.Connection) -> None:
    say(conn, "We moved to Lyon last spring and the kids love the new school.", SAID_AT, 1)
    rows = conn.execute("SELECT type, slot FROM memories ORDER BY id").fetchall()
    assert [tuple(r) for r in rows] == [("factual", "residence"), ("episodic", "residence")]
    run_decay(conn, KoreSettings(), FIVE_MONTHS)
    assert [r[0] for r in conn.execute("SELECT status FROM memories ORDER BY id")] == [
        "active", "forgotten"]


def test_the_rule_is_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    default = KoreSettings()
    assert default.durable_half_life_days >= 365 and active_days(default) >= 400
    assert default.durable_slots == DURABLE_SLOTS
    monkeypatch.setenv("KORE_DURABLE_HALF_LIFE_DAYS", "730")
    monkeypatch.setenv("KORE_DURABLE_SLOTS", '["residence", "allergy:"]')
    s = KoreSettings()
    assert s.durable_half_life_days == 730.0 and active_days(s) == pytest.approx(730 * 4.3219,
                                                                                  rel=1e-4)
    assert durable_slot("allergy:peanuts", s.durable_slots)
    assert not durable_slot("employer", s.durable_slots)


@pytest.mark.parametrize(("slot", "durable"), [
    ("residence", True), ("employer", True), ("job", True), ("relationship", True),
    ("diet", True), ("name:wife", True), ("name:dog", True), ("name:guinea pig", True),
    ("allergy", True), ("allergy:peanuts", True), ("health:asthma", True),
    ("age", False), ("name:boss", False), ("budget", False), ("habit:play", False),
    ("fan", False), ("residence:x", False), ("plan:residence", False), (None, False)])
def test_durable_slots_by_name_and_prefix(slot: str | None, durable: bool) -> None:
    assert durable_slot(slot, DURABLE_SLOTS) is durable


def test_sql_polars_and_python_agree(conn: sqlite3.Connection) -> None:
    settings = KoreSettings()
    cases = [("factual", "residence", None), ("factual", "name:dog", None),
             ("factual", "allergy:nuts", None), ("episodic", "residence", None),
             ("factual", "age", None), ("factual", None, None),
             ("factual", "employer", "2025-01-01T00:00:00+00:00"),
             ("factual", "it's", None)]
    for n, (kind, slot, until) in enumerate(cases, start=1):
        conn.execute(
            "INSERT INTO memories(id, owner, subject, key, type, category, content,"
            " content_hash, importance, source_message_ids, created_at, updated_at, slot,"
            " valid_until) VALUES (?, 'o', 's', ?, ?, 'profile', 'x', 'h', 2, '[]', ?, ?, ?, ?)",
            (n, f"k{n}", kind, iso(SAID_AT), iso(SAID_AT), slot, until))
    expected = [True, True, True, False, False, False, False, False]
    rows = conn.execute("SELECT * FROM memories ORDER BY id").fetchall()
    assert [is_durable(r, settings) for r in rows] == expected
    assert read_decay_inputs(conn, settings).durable.tolist() == expected
    got = durable_column(_frame(rows), settings)
    assert got is not None and got.tolist() == expected


def test_vectorised_scores_equal_the_row_formula_with_durable_rows() -> None:
    rng = np.random.default_rng(7)
    n = 2000
    importance = rng.integers(1, 6, n).astype(np.float64)
    age = rng.uniform(-5, 2000, n)
    count = np.where(rng.random(n) < 0.3, rng.integers(1, 20, n), 0).astype(np.float64)
    durable = rng.random(n) < 0.4
    settings = KoreSettings()
    got = decay_scores(importance, age, count, settings, durable)
    want = [decay_score_row(int(i), a, int(c), settings, bool(d))
            for i, a, c, d in zip(importance, age, count, durable, strict=True)]
    assert np.max(np.abs(got - np.array(want))) < 1e-12
    plain = decay_scores(importance, age, count, settings)
    assert np.all(got[~durable] == plain[~durable]) and np.all(got >= plain)


def test_search_explains_the_durable_half_life(tmp_path: Path) -> None:
    from kore_pipeline.serve.explain import explain_line
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.store.db import connect

    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(settings.db_path())
    say(conn, "I live in Lyon.", SAID_AT, 1)
    say(conn, "I walked around Lyon a lot today and the weather was lovely.", SAID_AT, 2)
    conn.close()
    hits = Searcher(settings).search("Lyon", "team-alpha", mode="fts", reinforce=False,
                                     now=iso(FIVE_MONTHS), include_archived=True)
    by_text = {h.content.rstrip("."): h for h in hits}
    fact = by_text["I live in Lyon"]
    assert fact.explain["durable"] is True and fact.explain["half_life_days"] == 365.0
    assert fact.decay_score > 0.7
    assert "half-life 365 d, durable fact" in explain_line(fact.explain)
    episode = next(h for h in hits if h.type == "episodic")
    assert episode.explain["durable"] is False
    assert episode.explain["half_life_days"] == HALF_LIVES_DAYS[episode.importance] <= 30
    assert episode.decay_score < settings.forget_threshold


def test_the_memory_page_draws_a_durable_fact_with_its_half_life(
        conn: sqlite3.Connection) -> None:
    from kore_pipeline.serve.http.pages import memory_page
    from kore_pipeline.serve.memory_read import get_memory

    say(conn, "I live in Lyon.", SAID_AT, 1)
    memory = get_memory(conn, 1, None)
    assert memory["slot"] == "residence" and memory["valid_until"] is None
    page = memory_page(memory, KoreSettings(), FIVE_MONTHS)
    assert "durable fact" in page and "half-life 365 days" in page and "residence" in page
    plain = memory_page(memory, KoreSettings(durable_half_life_days=0), FIVE_MONTHS)
    assert "durable" not in plain and "half-life 30 days" in plain
