"""The vectorised decay pass equals the per-row formula and writes only what changed."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from kore_pipeline.lifecycle.decay import decay_score_row, decay_scores, julian_day, run_decay
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso

NOW = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)

row_strategy = st.tuples(
    st.one_of(st.none(), st.integers(min_value=-2, max_value=8)),      # importance
    st.floats(min_value=-30, max_value=5000, allow_nan=False),        # age in days
    st.one_of(st.none(), st.integers(min_value=0, max_value=60)),      # access count
)


@hsettings(max_examples=200, deadline=None)
@given(rows=st.lists(row_strategy, min_size=1, max_size=40),
       factor=st.floats(min_value=1.0, max_value=2.0),
       boost=st.floats(min_value=0.0, max_value=0.2))
def test_vectorised_scores_equal_the_per_row_formula(rows: list[tuple], factor: float,
                                                     boost: float) -> None:
    cfg = KoreSettings(reinforcement_factor=factor, access_boost=boost)
    imp = np.array([np.nan if r[0] is None else r[0] for r in rows], dtype=np.float64)
    age = np.array([r[1] for r in rows])
    count = np.array([np.nan if r[2] is None else r[2] for r in rows], dtype=np.float64)
    got = decay_scores(imp, age, count, cfg)
    want = [decay_score_row(i, a, c, cfg) for i, a, c in rows]
    assert got.tolist() == pytest.approx(want, rel=1e-9, abs=1e-12)


def test_julian_day_matches_sqlite() -> None:
    conn = sqlite3.connect(":memory:")
    for text in ("2026-05-01T09:30:00+00:00", "2026-04-24T11:30:00.250+02:00", "1999-12-31"):
        from kore_pipeline.timeutil import parse_ts

        sql = conn.execute("SELECT julianday(?)", (text,)).fetchone()[0]
        assert julian_day(parse_ts(text)) == pytest.approx(sql, abs=1e-9)


def _add(conn: sqlite3.Connection, mid: int, importance: int, created: str,
         accessed: str | None = None, count: int = 0) -> None:
    conn.execute(
        "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
        " importance, source_message_ids, created_at, updated_at, last_accessed_at,"
        " access_count) VALUES (?, 'o', 'Anna', ?, 'factual', 'preference', ?, 'h', ?,"
        " '[]', ?, ?, ?, ?)", (mid, f"k{mid}", f"text {mid}", importance, created, created,
                               accessed, count))


def test_run_decay_scores_like_the_row_formula_and_writes_only_changes(
        conn: sqlite3.Connection) -> None:
    cfg = KoreSettings()
    cases = [(1, 1, 70.0, None, 0), (2, 5, 70.0, None, 0), (3, 3, 10.5, 2.0, 3),
             (4, 2, -3.0, None, 0), (5, 4, 400.0, 100.0, 12)]
    for mid, imp, age, acc_age, count in cases:
        acc = None if acc_age is None else iso(NOW - timedelta(days=acc_age))
        _add(conn, mid, imp, iso(NOW - timedelta(days=age)), acc, count)
    report = run_decay(conn, cfg, NOW, run_id="r1")
    stored = dict(conn.execute("SELECT id, decay_score FROM memories_scored").fetchall())
    for mid, imp, age, acc_age, count in cases:
        ref_age = age if acc_age is None else acc_age
        assert stored[mid] == pytest.approx(decay_score_row(imp, ref_age, count, cfg), rel=1e-9)
    assert report.forgotten_ids == [1]
    # Nothing changed at the same now: the second pass writes no row (updated_at untouched,
    # and a trigger-free check: total_changes does not move beyond the access-log update).
    before = conn.total_changes
    again = run_decay(conn, cfg, NOW)
    assert again.scored == 4 and again.forgotten == 0
    assert conn.total_changes == before
