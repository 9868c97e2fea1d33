"""Incremental compression: a day's pass compares only what is new or changed with what is
there, and ends exactly where a full pass over the same home ends."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from kore_pipeline.embed.cache import Embedder, EmbeddingCache
from kore_pipeline.ids import text_hash
from kore_pipeline.lifecycle.compress import CompressReport, run_compress
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.timeutil import iso

DAY1 = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
DAY2 = DAY1 + timedelta(days=1)

FIRST_DAY = [  # (id, owner, subject, content, importance)
    (1, "anna", "Anna", "I love hiking in the Dolomites every summer.", 3),
    (2, "anna", "Anna", "I really love hiking in the Dolomites every summer.", 2),
    (3, "anna", "Anna", "My favourite food is sushi with extra wasabi.", 3),
    (4, "anna", "Anna", "I work as a nurse at the city hospital.", 4),
    (5, "anna", "Anna", "I drink two cups of black coffee every morning.", 3),
    (6, "anna", "Anna", "I play the violin in a local orchestra.", 2),
    (7, "anna", "Anna", "My sister lives in Lisbon with her two cats.", 3),
    (8, "bob", "Bob", "I am allergic to peanuts.", 5),
    (9, "bob", "Bob", "I'm allergic to peanuts and tree nuts.", 4),
    (10, "bob", "Bob", "I drive a red Toyota pickup truck.", 2),
]
SECOND_DAY = [
    (11, "anna", "Anna", "I love hiking in the Dolomites every single summer.", 3),
    (12, "anna", "Anna", "I drink two cups of black coffee each morning.", 2),
    (13, "anna", "Anna", "I drink 2 cups of black coffee every morning.", 4),
    (14, "anna", "Anna", "I am learning to play the cello.", 3),
    (15, "bob", "Bob", "I drive a red Toyota pickup.", 3),
    (16, "carol", "Carol", "I grow tomatoes on my balcony.", 3),
    (17, "carol", "Carol", "I grow tomatoes on my small balcony.", 3),
]
CHANGED = (3, "I drink two cups of black coffee every single morning.")
"""Day 2 also rewrites memory 3 (an upsert would): its new text meets the coffee group."""


def add(conn: sqlite3.Connection, rows: Sequence[tuple[int, str, str, str, int]],
        at: datetime) -> None:
    with store.transaction(conn):
        for mid, owner, subject, content, importance in rows:
            conn.execute(
                "INSERT INTO memories(id, owner, subject, key, type, category, content,"
                " content_hash, importance, source_message_ids, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, 'factual', 'preference', ?, ?, ?, ?, ?, ?)",
                (mid, owner, subject, f"preference:{mid}", content, text_hash(content),
                 importance, json.dumps([f"m{mid}"]), iso(at - timedelta(hours=mid)), iso(at)))


def compress_until_stable(conn: sqlite3.Connection, embedder: Embedder, cache: EmbeddingCache,
                          now: datetime, full: bool = False) -> list[CompressReport]:
    """Passes until nothing merges, as the pipeline's compress stage runs them."""
    reports = []
    for _ in range(10):
        reports.append(run_compress(conn, KoreSettings(), embedder, cache, now, full=full))
        if reports[-1].merged == 0:
            return reports
    raise AssertionError("compression did not settle in 10 passes")


def state(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in conn.execute(
        "SELECT id, status, merged_into, content, importance, source_message_ids, created_at,"
        " access_count FROM memories ORDER BY id")]


@pytest.mark.slow
def test_a_day_compares_only_new_memories_and_ends_as_a_full_pass(
        tmp_path: Path, embedder: Embedder) -> None:
    cache = EmbeddingCache(tmp_path / "cache.sqlite")  # one cache: the same vector per text
    daily = store.connect(tmp_path / "daily.sqlite")
    add(daily, FIRST_DAY, DAY1)
    first = compress_until_stable(daily, embedder, cache, DAY1)
    assert first[0].compared == len(FIRST_DAY)  # a new home: every memory is new
    assert first[0].merged >= 2  # the hiking pair and the peanut pair
    # day 2 arrives: new memories and one rewritten
    add(daily, SECOND_DAY, DAY2)
    with store.transaction(daily):
        daily.execute("UPDATE memories SET content = ?, content_hash = ? WHERE id = ?",
                      (CHANGED[1], text_hash(CHANGED[1]), CHANGED[0]))
    daily.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    daily.close()
    shutil.copyfile(tmp_path / "daily.sqlite", tmp_path / "full.sqlite")

    daily = store.connect(tmp_path / "daily.sqlite")
    second = compress_until_stable(daily, embedder, cache, DAY2)
    # only the 7 new memories and the rewritten one were compared with their groups
    assert second[0].compared == len(SECOND_DAY) + 1
    assert second[0].merged >= 4  # hiking, coffee (twice), pickup, tomatoes
    full = store.connect(tmp_path / "full.sqlite")
    active = full.execute("SELECT count(*) FROM memories WHERE status = 'active'").fetchone()[0]
    everything = compress_until_stable(full, embedder, cache, DAY2, full=True)
    assert everything[0].compared == active > second[0].compared
    assert state(daily) == state(full)
    assert [r.pairs for r in second] == [r.pairs for r in everything]
    # nothing of one owner merged into another's
    owners = dict(daily.execute("SELECT id, owner FROM memories"))
    for kept, gone in daily.execute("SELECT merged_into, id FROM memories"
                                    " WHERE status = 'merged'"):
        assert owners[kept] == owners[gone]
    # a third day with nothing new compares nothing and changes nothing
    before = state(daily)
    third = run_compress(daily, KoreSettings(), embedder, cache, DAY2 + timedelta(days=1))
    assert third.compared == 0 and third.merged == 0 and state(daily) == before
    daily.close()
    full.close()
    cache.close()


def test_new_changed_and_restored_memories_are_pending(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "kore.sqlite")
    add(conn, FIRST_DAY[:3], DAY1)

    def pending() -> list[int]:
        return [r[0] for r in conn.execute("SELECT memory_id FROM compress_pending ORDER BY 1")]

    assert pending() == [1, 2, 3]  # new
    with store.transaction(conn):
        conn.execute("DELETE FROM compress_pending")
        conn.execute("UPDATE memories SET importance = 5 WHERE id = 2")  # not compared on
        conn.execute("UPDATE memories SET status = 'forgotten' WHERE id = 1")
    assert pending() == []  # an archived memory is nothing to compare
    with store.transaction(conn):
        conn.execute("UPDATE memories SET status = 'active' WHERE id = 1")  # restored
        conn.execute("UPDATE memories SET content = 'I love sushi.' WHERE id = 3")  # changed
    assert pending() == [1, 3]
    with store.transaction(conn):
        conn.execute("DELETE FROM memories WHERE id = 3")
    assert pending() == [1]
    conn.close()
