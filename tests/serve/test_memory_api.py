"""memory_api: save / delete / per-owner stats on the store, without MCP and without the model."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

import pytest

from kore_pipeline.embed.cache import EmbeddingCache
from kore_pipeline.index.sync import sync_index
from kore_pipeline.serve.memory_api import (
    MemoryApiError,
    MemoryNotFound,
    delete_memory,
    owner_stats,
    save_memory,
)
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import archive_memories, connect, transaction

NOW = "2026-09-01T10:00:00Z"
LATER = "2026-09-03T10:00:00Z"


@pytest.fixture
def conn(settings: KoreSettings) -> Iterator[sqlite3.Connection]:
    c = connect(settings.db_path())
    yield c
    c.close()


def fts(settings: KoreSettings, query: str, owner: str, **kw: object) -> list:
    s = Searcher(settings)
    try:
        return s.search(query, owner, mode="fts", reinforce=False, now=LATER, **kw)
    finally:
        s.close()


def row(conn: sqlite3.Connection, memory_id: int) -> sqlite3.Row:
    return conn.execute("SELECT * FROM memories_scored WHERE id = ?", (memory_id,)).fetchone()


def test_saved_memory_is_searchable_by_keyword_at_once(conn, settings) -> None:
    res = save_memory(conn, settings, "Anna moved the billing launch to October 12",
                      "team-alpha", subject="Anna", category="decision", now=NOW)
    assert res.action == "inserted" and res.status == "active"
    assert res.key == "decision:anna_moved_the_billing_launch_to_october_12"
    hits = fts(settings, "billing launch", "team-alpha")
    assert [h.memory_id for h in hits] == [res.memory_id]
    hit = hits[0]
    assert (hit.subject, hit.category, hit.type) == ("Anna", "decision", "factual")
    assert hit.created_at == "2026-09-01T10:00:00+00:00"
    r = row(conn, res.memory_id)
    sources = json.loads(r["source_message_ids"])  # a JSON array with one agent tag
    assert len(sources) == 1 and sources[0].startswith("agent:")
    assert r["embedded_hash"] is None  # the next index stage embeds it
    assert fts(settings, "billing launch", "team-beta") == []  # other owners never see it


def test_saving_the_same_fact_twice_keeps_one_memory(conn, settings) -> None:
    first = save_memory(conn, settings, "Prefers oat milk in coffee", "o", now=NOW)
    again = save_memory(conn, settings, "prefers oat milk in coffee!", "o", now=LATER)
    same = save_memory(conn, settings, "prefers oat milk in coffee!", "o", now=LATER)
    assert again.memory_id == first.memory_id == same.memory_id
    assert (again.action, same.action) == ("updated", "unchanged")
    assert conn.execute("SELECT count(*) FROM memories").fetchone()[0] == 1
    r = row(conn, first.memory_id)
    assert r["content"] == "prefers oat milk in coffee!"  # newer wording wins
    assert len(json.loads(r["source_message_ids"])) == 2  # one tag per distinct save
    assert r["created_at"] == "2026-09-01T10:00:00+00:00"
    assert r["last_accessed_at"] == "2026-09-03T10:00:00+00:00"  # decay restarts
    assert len(fts(settings, "oat milk", "o")) == 1
    # another subject or category is another memory
    other = save_memory(conn, settings, "Prefers oat milk in coffee", "o", subject="Bob",
                        now=NOW)
    assert other.memory_id != first.memory_id


def test_explicit_importance_wins(conn, settings) -> None:
    text = "I am severely allergic to peanuts, always carry an EpiPen"
    scored = save_memory(conn, settings, text, "o", subject="Marco", category="profile",
                         now=NOW)
    assert scored.importance >= 4
    low = save_memory(conn, settings, text, "o", category="profile", importance=1, now=NOW)
    assert low.importance == 1
    r = row(conn, low.memory_id)
    assert (r["importance"], r["importance_explicit"]) == (1, 1)
    # re-saved without importance: the explicit value stays
    assert save_memory(conn, settings, text, "o", category="profile",
                       now=LATER).importance == 1
    assert save_memory(conn, settings, text, "o", category="profile", importance=5,
                       now=LATER).importance == 5


@pytest.mark.parametrize("kwargs", [
    {"content": "   "}, {"content": "x" * 5000}, {"type": "fact"}, {"importance": 0},
    {"importance": 6}, {"category": "two words"}, {"owner": ""}, {"subject": " "},
])
def test_bad_saves_are_refused(conn, settings, kwargs) -> None:
    args = {"content": "A valid note", "owner": "o", **kwargs}
    with pytest.raises(MemoryApiError):
        save_memory(conn, settings, **args)
    assert conn.execute("SELECT count(*) FROM memories").fetchone()[0] == 0


def test_delete_archives_and_search_never_returns_it(conn, settings) -> None:
    res = save_memory(conn, settings, "The staging password rotates every Monday", "o",
                      now=NOW)
    out = delete_memory(conn, res.memory_id, "o", now=LATER)
    assert out["status"] == "deleted" and out["previous_status"] == "active"
    r = row(conn, res.memory_id)
    assert r is not None and r["status"] == "deleted"  # never destroyed
    arch = conn.execute("SELECT * FROM archive WHERE memory_id = ?", (res.memory_id,)).fetchone()
    assert arch["reason"] == "deleted"
    assert arch["content"] == "The staging password rotates every Monday"
    assert arch["archived_at"] == "2026-09-03T10:00:00+00:00"
    assert fts(settings, "staging password", "o") == []
    assert fts(settings, "staging password", "o", include_archived=True) == []
    again = delete_memory(conn, res.memory_id, "o", now=LATER)
    assert again["already_deleted"] is True
    # an explicit save of the same fact later brings it back
    back = save_memory(conn, settings, "The staging password rotates every Monday", "o",
                       now="2026-09-05T10:00:00Z")
    assert (back.memory_id, back.status, back.action) == (res.memory_id, "active", "updated")
    assert conn.execute("SELECT count(*) FROM archive").fetchone()[0] == 0
    assert len(fts(settings, "staging password", "o")) == 1


def test_saving_a_merged_fact_points_to_its_keeper(conn, settings) -> None:
    keeper = save_memory(conn, settings, "Prefers dark roast coffee from Ethiopia", "o",
                         now=NOW)
    merged = save_memory(conn, settings, "Prefers dark roast coffee", "o", now=NOW)
    with transaction(conn):
        archive_memories(conn, [merged.memory_id], "merged", NOW, "compress-test",
                         merged_into=[keeper.memory_id])
    again = save_memory(conn, settings, "Prefers dark roast coffee", "o", now=LATER)
    assert (again.memory_id, again.action, again.status, again.merged_into) == (
        merged.memory_id, "unchanged", "merged", keeper.memory_id)
    assert row(conn, merged.memory_id)["status"] == "merged"


def test_delete_is_refused_across_owners(conn, settings) -> None:
    res = save_memory(conn, settings, "Alice's team ships on Fridays", "alpha", now=NOW)
    with pytest.raises(MemoryNotFound, match="owner 'beta' has no memory with id"):
        delete_memory(conn, res.memory_id, "beta", now=LATER)
    with pytest.raises(MemoryNotFound):
        delete_memory(conn, 99999, "alpha", now=LATER)
    assert row(conn, res.memory_id)["status"] == "active"
    assert conn.execute("SELECT count(*) FROM archive").fetchone()[0] == 0


def test_stats_are_per_owner(conn, settings) -> None:
    a1 = save_memory(conn, settings, "Uses Neovim with the Lazy plugin manager", "alpha",
                     category="preference", now=NOW)
    save_memory(conn, settings, "Standup moved to 9:30 every weekday", "alpha",
                category="decision", importance=4, now=NOW)
    save_memory(conn, settings, "Deploys only on Tuesdays", "alpha", category="habit",
                now=NOW)
    save_memory(conn, settings, "Likes hiking in the Dolomites", "beta", now=NOW)
    delete_memory(conn, a1.memory_id, "alpha", now=LATER)
    s = Searcher(settings)
    try:
        s.search("standup", "alpha", mode="fts", now=LATER)  # logs one access
    finally:
        s.close()
    alpha = owner_stats(conn, "alpha")
    assert alpha["active"] == 2
    assert alpha["active_by_category"] == {"decision": 1, "habit": 1}
    assert alpha["active_by_importance"]["4"] == 1
    assert alpha["archived_by_reason"] == {"deleted": 1}
    assert alpha["pending_accesses"] == 1
    assert alpha["not_yet_embedded"] == 2 and alpha["agent_saved"] == 2
    beta = owner_stats(conn, "beta")
    assert beta["active"] == 1 and beta["active_by_category"] == {"note": 1}
    assert beta["archived_by_reason"] == {} and beta["pending_accesses"] == 0
    assert owner_stats(conn, "nobody")["active"] == 0


@pytest.mark.slow
def test_saved_memory_is_embedded_by_the_next_index_sync(conn, settings, embedder) -> None:
    res = save_memory(conn, settings, "Prefers window seats on long flights", "o",
                      now=NOW)
    save_memory(conn, settings, "Allergic to cats and dogs", "o", now=NOW)
    assert owner_stats(conn, "o")["not_yet_embedded"] == 2
    cache = EmbeddingCache(settings.cache_path())
    try:
        report = sync_index(conn, settings, embedder, cache)
    finally:
        cache.close()
    assert report.rebuilt and report.encoded == 2
    assert owner_stats(conn, "o")["not_yet_embedded"] == 0
    s = Searcher(settings, embedder=embedder)
    try:
        hits = s.search("where do they like to sit on a plane", "o", mode="semantic",
                        reinforce=False, now=LATER)
    finally:
        s.close()
    assert hits[0].memory_id == res.memory_id


def test_saved_memory_with_expiry_leaves_search_after_it(conn, settings) -> None:
    res = save_memory(conn, settings, "Standup is moved to Friday this week", "o", now=NOW,
                      expires_at="2026-09-05T00:00:00Z")
    s = Searcher(settings, conn=conn)
    before = s.search("standup Friday", "o", mode="fts", now="2026-09-04T00:00:00Z",
                      reinforce=False)
    after = s.search("standup Friday", "o", mode="fts", now="2026-09-06T00:00:00Z",
                     reinforce=False)
    assert [h.memory_id for h in before] == [res.memory_id] and after == []
    assert conn.execute("SELECT status FROM memories WHERE id = ?",
                        (res.memory_id,)).fetchone()[0] == "active"  # kept, just not served
