"""Ebbinghaus decay: the maths, reinforcement, forgetting and pending accesses."""

from __future__ import annotations

import math
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import polars as pl
import pytest

from kore_pipeline.lifecycle.decay import apply_pending_accesses, decay_frame, run_decay
from kore_pipeline.settings import HALF_LIVES_DAYS, KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.timeutil import iso

NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)


def ago(days: float) -> str:
    return iso(NOW - timedelta(days=days))


def frame(rows: list[dict]) -> pl.DataFrame:
    base = {"importance": 3, "created_at": ago(0), "last_accessed_at": None, "access_count": 0}
    return pl.DataFrame([{**base, **r} for r in rows],
                        schema_overrides={"last_accessed_at": pl.String})


def scores(rows: list[dict], settings: KoreSettings | None = None) -> list[float]:
    out = decay_frame(frame(rows), NOW, settings or KoreSettings())
    return out["decay_score"].to_list()


def add_memory(conn: sqlite3.Connection, mid: int, content: str, importance: int = 3,
               created_at: str | None = None, last_accessed_at: str | None = None,
               access_count: int = 0) -> None:
    created = created_at or ago(0)
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at, last_accessed_at,"
        " access_count) VALUES (?, 'anna', 'Anna', ?, 'factual', 'preference', ?, 'h', ?,"
        " '[\"m1\"]', ?, ?, ?, ?)",
        (mid, f"preference:{mid}", content, importance, created, created, last_accessed_at,
         access_count),
    )


def row(conn: sqlite3.Connection, mid: int) -> sqlite3.Row:
    return conn.execute("SELECT * FROM memories_scored WHERE id = ?", (mid,)).fetchone()


def test_half_life_maths() -> None:
    got = scores([
        {"importance": 3, "created_at": ago(30)},
        {"importance": 1, "created_at": ago(7)},
        {"importance": 1, "created_at": ago(14)},
        {"importance": 5, "created_at": ago(365)},
        {"importance": 2, "created_at": ago(0)},
    ])
    assert got == pytest.approx([0.5, 0.5, 0.25, 0.5, 1.0])


def test_half_life_table_and_columns() -> None:
    out = decay_frame(frame([{"importance": i, "created_at": ago(1.5)} for i in range(1, 6)]),
                      NOW, KoreSettings())
    assert out["half_life_days"].to_list() == [7.0, 14.0, 30.0, 90.0, 365.0]
    assert out["half_life_days"].to_list() == [HALF_LIVES_DAYS[i] for i in range(1, 6)]
    assert out["age_days"].to_list() == pytest.approx([1.5] * 5)
    assert out["forget"].dtype == pl.Boolean
    assert out["decay_score"].dtype == pl.Float64


def test_last_access_resets_the_clock() -> None:
    got = scores([{"importance": 1, "created_at": ago(100), "last_accessed_at": ago(7)}])
    assert got == pytest.approx([0.5])


def test_reinforcement_and_boost() -> None:
    rows = [{"importance": 3, "created_at": ago(30), "access_count": 2}]
    out = decay_frame(frame(rows), NOW, KoreSettings())
    half_life = 30.0 * 1.15**2
    assert out["half_life_days"][0] == pytest.approx(half_life)
    expected = math.exp(-30 * math.log(2) / half_life) + 0.10
    assert out["decay_score"][0] == pytest.approx(expected)
    capped = scores([{"importance": 5, "created_at": ago(1), "access_count": 2}])
    assert capped == [1.0]


def test_future_dated_memory_scores_one() -> None:
    assert scores([{"importance": 1, "created_at": iso(NOW + timedelta(days=3))}]) == [1.0]


def test_other_iso_forms_parse() -> None:
    got = scores([
        {"importance": 1, "created_at": "2026-04-24T09:30:00Z"},
        {"importance": 1, "created_at": "2026-04-24T11:30:00.000+02:00"},
        {"importance": 1, "created_at": "2026-04-24T09:30:00"},
    ])
    assert got == pytest.approx([0.5, 0.5, 0.5])


def test_forgetting_archives_and_restores(conn: sqlite3.Connection) -> None:
    add_memory(conn, 1, "Anna likes tea.", importance=1, created_at=ago(70))  # 2**-10
    add_memory(conn, 2, "Anna lives in Rome.", importance=5, created_at=ago(70))
    report = run_decay(conn, KoreSettings(), NOW, run_id="r1")
    assert (report.scored, report.forgotten, report.forgotten_ids) == (2, 1, [1])
    gone = row(conn, 1)
    assert gone["status"] == "forgotten" and gone["content"] == "Anna likes tea."
    assert gone["decay_score"] == pytest.approx(2**-10)
    arch = conn.execute("SELECT * FROM archive WHERE memory_id = 1").fetchone()
    assert (arch["reason"], arch["content"], arch["run_id"]) == ("forgotten", "Anna likes tea.",
                                                                 "r1")
    assert row(conn, 2)["status"] == "active"
    assert row(conn, 2)["decay_score"] == pytest.approx(2 ** (-70 / 365))
    assert store.restore_memory(conn, 1, iso(NOW))
    assert row(conn, 1)["status"] == "active"
    again = run_decay(conn, KoreSettings(), NOW)  # just accessed by the restore: fresh
    assert again.forgotten == 0 and row(conn, 1)["decay_score"] == pytest.approx(1.0)


def test_pending_accesses_are_applied(conn: sqlite3.Connection) -> None:
    add_memory(conn, 1, "Anna likes tea.", importance=1, created_at=ago(70),
               last_accessed_at=ago(20), access_count=1)
    add_memory(conn, 2, "Anna lives in Rome.", importance=3, created_at=ago(70))
    log = [(1, ago(10)), (1, ago(7)), (1, ago(30)), (2, ago(3)),
           (2, iso(NOW + timedelta(hours=1)))]  # the future one stays pending
    conn.executemany("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                     " VALUES (?, 'anna', ?, 'q')", log)
    assert apply_pending_accesses(conn, NOW) == 4
    assert (row(conn, 1)["access_count"], row(conn, 1)["last_accessed_at"]) == (4, ago(7))
    assert (row(conn, 2)["access_count"], row(conn, 2)["last_accessed_at"]) == (1, ago(3))
    pending = conn.execute("SELECT memory_id FROM access_log WHERE applied = 0").fetchall()
    assert [r[0] for r in pending] == [2]
    assert apply_pending_accesses(conn, NOW) == 0
    assert row(conn, 1)["access_count"] == 4


def test_older_access_does_not_move_last_access_back(conn: sqlite3.Connection) -> None:
    add_memory(conn, 1, "Anna likes tea.", created_at=ago(70), last_accessed_at=ago(1))
    conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at) VALUES (1, 'anna', ?)",
                 (ago(5),))
    report = run_decay(conn, KoreSettings(), NOW)
    assert report.accesses_applied == 1
    assert (row(conn, 1)["access_count"], row(conn, 1)["last_accessed_at"]) == (1, ago(1))


def test_run_decay_is_idempotent(conn: sqlite3.Connection) -> None:
    add_memory(conn, 1, "Anna likes tea.", importance=2, created_at=ago(20))
    add_memory(conn, 2, "Anna lives in Rome.", importance=4, created_at=ago(50),
               last_accessed_at=ago(9), access_count=3)
    run_decay(conn, KoreSettings(), NOW)
    first = [row(conn, i)["decay_score"] for i in (1, 2)]
    run_decay(conn, KoreSettings(), NOW)
    assert [row(conn, i)["decay_score"] for i in (1, 2)] == first
    assert first[0] == pytest.approx(2 ** (-20 / 14))


def test_run_decay_on_empty_store(conn: sqlite3.Connection) -> None:
    report = run_decay(conn, KoreSettings(), NOW)
    assert (report.scored, report.forgotten, report.accesses_applied) == (0, 0, 0)


def test_write_lock_is_held_from_read_to_write(tmp_path: Path, conn: sqlite3.Connection,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # A memory deleted by another writer while decay scores what it read must stay deleted:
    # the other writer waits for the lock instead of being overwritten as 'forgotten'.
    from kore_pipeline.lifecycle import decay

    add_memory(conn, 1, "Anna likes tea.", importance=1, created_at=ago(70))
    outcome: list[str] = []
    real = decay.decay_scores

    def racing(*args: object) -> object:
        other = sqlite3.connect(tmp_path / "kore.sqlite", timeout=0.05, isolation_level=None)
        try:
            other.execute("UPDATE memories SET status = 'deleted' WHERE id = 1")
            outcome.append("deleted")
        except sqlite3.OperationalError as exc:
            outcome.append(str(exc))
        finally:
            other.close()
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(decay, "decay_scores", racing)
    report = run_decay(conn, KoreSettings(), NOW)
    assert outcome == ["database is locked"]
    assert report.forgotten_ids == [1] and row(conn, 1)["status"] == "forgotten"
    assert not conn.in_transaction


def test_decay_never_archives_a_deleted_memory(conn: sqlite3.Connection) -> None:
    add_memory(conn, 1, "Anna likes tea.", importance=1, created_at=ago(70))
    conn.execute("UPDATE memories SET status = 'deleted' WHERE id = 1")
    report = run_decay(conn, KoreSettings(), NOW)
    assert report.scored == 0 and row(conn, 1)["status"] == "deleted"
    with store.transaction(conn):
        store.archive_memories(conn, [1], "forgotten", iso(NOW), None, only_active=True)
    assert row(conn, 1)["status"] == "deleted"
