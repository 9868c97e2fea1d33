"""Retrieval: every filter, modes, owner isolation (property), reinforcement reaching decay."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from kore_pipeline.lifecycle.decay import run_decay
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher, SearchFilters
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import parse_ts
from tests.helpers import message, write_jsonl

NOW = "2026-09-30T12:00:00Z"
OWNERS = ["team-alpha", "team-beta", "agent-7"]
LINES = [
    ("Anna", "s1", "2026-09-01T09:00:00Z", "I prefer dark roast coffee from Ethiopia."),
    ("Anna", "s2", "2026-09-15T09:00:00Z", "I decided to use Postgres for the billing service."),
    ("Bob", "s1", "2026-09-02T09:00:00Z", "I prefer green tea and never drink coffee."),
    ("Bob", "s3", "2026-09-20T09:00:00Z", "I usually review pull requests before lunch."),
]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("retrieval")
    records = []
    for owner in OWNERS:
        for i, (speaker, session, ts, text) in enumerate(LINES):
            records.append(message(f"{text}", owner=owner, speaker=speaker, session=session,
                                   ts=ts, message_id=f"{owner}-{i}"))
    write_jsonl(root / "logs" / "all.jsonl", records)
    settings = KoreSettings(home=root / "home")
    run_pipeline([root / "logs"], settings, now=NOW, embedder=embedder)
    return settings


@pytest.fixture
def searcher(home: KoreSettings, embedder):  # type: ignore[no-untyped-def]
    s = Searcher(home, embedder=embedder)
    yield s
    s.close()


def ask(searcher: Searcher, query: str, **filters: object) -> list:
    return searcher.search(query, "team-alpha", k=20, now=NOW, reinforce=False,
                           filters=SearchFilters(**filters))  # type: ignore[arg-type]


@pytest.mark.slow
def test_subject_session_type_category_filters(searcher: Searcher) -> None:
    assert {h.subject for h in ask(searcher, "coffee", subject="Bob")} == {"Bob"}
    assert {h.subject for h in ask(searcher, "coffee")} == {"Anna", "Bob"}
    by_session = ask(searcher, "coffee tea Postgres pull requests", session_id="s2")
    assert by_session and all("Postgres" in h.content for h in by_session)
    assert {h.type for h in ask(searcher, "coffee", type="episodic")} == {"episodic"}
    assert {h.category for h in ask(searcher, "coffee Postgres", category="decision")} == {
        "decision"}


@pytest.mark.slow
def test_time_range_expiry_and_retention(searcher: Searcher, home: KoreSettings) -> None:
    recent = ask(searcher, "coffee Postgres tea pull requests", since="2026-09-10T00:00:00Z")
    assert recent and all(parse_ts(h.created_at) >= datetime(2026, 9, 10, tzinfo=UTC)
                          for h in recent)
    early = ask(searcher, "coffee Postgres tea pull requests", until="2026-09-05T00:00:00Z")
    assert early and all(parse_ts(h.created_at) <= datetime(2026, 9, 5, tzinfo=UTC)
                         for h in early)

    postgres = ask(searcher, "Postgres")[0].memory_id
    searcher.conn.execute("UPDATE memories SET expires_at = ? WHERE id = ?",
                          ("2026-09-29T00:00:00+00:00", postgres))
    try:
        assert postgres not in {h.memory_id for h in ask(searcher, "Postgres")}
    finally:
        searcher.conn.execute("UPDATE memories SET expires_at = NULL WHERE id = ?", (postgres,))

    short = Searcher(KoreSettings(home=home.home, retention_days=20), embedder=searcher.embedder)
    try:
        kept = short.search("coffee Postgres tea pull requests", "team-alpha", k=20, now=NOW,
                            reinforce=False)
    finally:
        short.close()
    cutoff = parse_ts(NOW) - timedelta(days=20)
    assert kept and all(parse_ts(h.created_at) >= cutoff for h in kept)


@pytest.mark.slow
def test_modes_and_include_archived(searcher: Searcher) -> None:
    fts = searcher.search("Ethiopia", "team-alpha", mode="fts", now=NOW, reinforce=False)
    assert fts and all(h.vector_rank is None for h in fts)
    sem = searcher.search("which database for billing", "team-alpha", mode="semantic", now=NOW,
                          reinforce=False)
    assert sem and all(h.fts_rank is None for h in sem) and "Postgres" in sem[0].content
    with pytest.raises(ValueError, match="unknown search mode"):
        searcher.search("x", "team-alpha", mode="magic")

    target = fts[0].memory_id  # superseded stays out; forgotten is a second tier (test_recall)
    searcher.conn.execute("UPDATE memories SET status = 'superseded' WHERE id = ?", (target,))
    try:
        assert target not in {h.memory_id for h in searcher.search(
            "Ethiopia", "team-alpha", now=NOW, reinforce=False)}
        assert target in {h.memory_id for h in searcher.search(
            "Ethiopia", "team-alpha", now=NOW, reinforce=False, include_archived=True)}
    finally:
        searcher.conn.execute("UPDATE memories SET status = 'active' WHERE id = ?", (target,))


@pytest.mark.slow
@hsettings(max_examples=40, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@example(owner="0\x00", query="coffee", mode="hybrid", archived=False)  # found by CI
@example(owner='te"am', query="coffee", mode="fts", archived=True)
@example(owner="___", query="coffee", mode="fts", archived=False)  # "_" is an FTS separator
@given(owner=st.one_of(st.sampled_from(OWNERS), st.text(min_size=1, max_size=12)),
       query=st.one_of(st.sampled_from(["coffee", "Postgres", "Bob", "tea", "Anna decided"]),
                       st.text(max_size=40)),
       mode=st.sampled_from(["hybrid", "fts", "semantic"]),
       archived=st.booleans())
def test_no_result_ever_crosses_owners(searcher: Searcher, owner: str, query: str, mode: str,
                                       archived: bool) -> None:
    hits = searcher.search(query, owner, k=50, now=NOW, reinforce=False, mode=mode,
                           include_archived=archived)
    assert all(h.owner == owner for h in hits)
    if owner not in OWNERS:
        assert hits == []


@pytest.mark.slow
def test_search_access_reinforces_at_next_decay(home: KoreSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    searcher = Searcher(home, embedder=embedder)
    try:
        (hit,) = searcher.search("Ethiopia", "agent-7", k=1, now=NOW, mode="fts")
    finally:
        searcher.close()
    conn = connect(home.db_path())
    try:
        before = conn.execute("SELECT access_count, decay_score FROM memories_scored WHERE id = ?",
                              (hit.memory_id,)).fetchone()
        later = parse_ts(NOW) + timedelta(days=30)
        report = run_decay(conn, home, later)
        after = conn.execute("SELECT access_count, last_accessed_at, decay_score"
                             " FROM memories_scored WHERE id = ?", (hit.memory_id,)).fetchone()
        twin = conn.execute("SELECT decay_score FROM memories_scored WHERE owner = 'team-beta' AND"
                            " key = (SELECT key FROM memories WHERE id = ?)",
                            (hit.memory_id,)).fetchone()
    finally:
        conn.close()
    assert report.accesses_applied >= 1
    assert after["access_count"] == before["access_count"] + 1
    assert after["last_accessed_at"] == "2026-09-30T12:00:00+00:00"
    # the same memory of another owner, never searched, has decayed further
    assert after["decay_score"] > twin["decay_score"]


@pytest.mark.slow
def test_question_naming_a_person_prefers_that_persons_memory(tmp_path, embedder) -> None:  # type: ignore[no-untyped-def]
    write_jsonl(tmp_path / "logs" / "move.jsonl", [
        message("I decided we move the team offsite to Porto in May.", speaker="Bob",
                message_id="b1"),
        message("I decided to move to Berlin next spring for the new job.", speaker="Anna",
                message_id="a1", ts="2026-09-02T09:00:00Z"),
        message("I decided the office move happens after the audit.", speaker="Carla",
                message_id="c1", ts="2026-09-03T09:00:00Z"),
    ])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    searcher = Searcher(settings, embedder=embedder)
    try:
        for mode in ("hybrid", "fts", "semantic"):
            hits = searcher.search("What did Anna decide about the move?", "team-alpha", k=3,
                                   now=NOW, reinforce=False, mode=mode)
            assert hits[0].subject == "Anna" and "Berlin" in hits[0].content, mode
    finally:
        searcher.close()
