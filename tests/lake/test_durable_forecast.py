"""The lake tells the truth about durable facts: ``current_memories.decay_now`` and the
``decay_forecast`` view score a current fact of a durable slot with its longer half-life, as
the decay pass does, and ``kore report`` draws its curve."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kore_pipeline.lake import publish as lake
from kore_pipeline.lake.report import decay_curves
from kore_pipeline.lifecycle.decay import run_decay
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import iso
from tests.helpers import say

SAID_AT = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
NOW = SAID_AT + timedelta(days=60)


def test_the_forecast_keeps_a_durable_fact_and_drops_an_age(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(settings.db_path())
    say(conn, "I live in Lyon.", iso(SAID_AT), 1)
    say(conn, "I'm 34 years old.", iso(SAID_AT), 2)  # an age is stale a year later
    importance = dict(conn.execute("SELECT slot, importance FROM memories"))
    assert importance == {"residence": 3, "age": 3}  # only durability differs
    run_decay(conn, settings, NOW)
    lake.publish(conn, tmp_path / "lake", settings)
    conn.close()

    con = lake.connect_views(tmp_path / "lake", settings, now=iso(NOW))
    try:
        current = dict(con.execute("SELECT slot, durable FROM current_memories").fetchall())
        assert current == {"residence": True, "age": False}
        decay = con.execute("SELECT durable, decay_now, stored_decay_score FROM"
                            " current_memories ORDER BY durable").fetchall()
        assert decay[1][1] == pytest.approx(math.exp(-60 * math.log(2) / 365))
        assert decay[0][1] == pytest.approx(0.25)
        assert all(abs(now - stored) < 1e-9 for _, now, stored in decay)  # as decay stored
        forecast = con.execute("SELECT horizon_days, active, already_below, falling_below,"
                               " durable_active FROM decay_forecast ORDER BY 1").fetchall()
    finally:
        con.close()
    # in 90 days the age (30-day half-life) falls below 0.05, Lyon (365 days) does not
    assert forecast == [(7, 2, 0, 0, 1), (30, 2, 0, 0, 1), (90, 2, 0, 1, 1)]


def test_the_report_draws_the_durable_curve() -> None:
    settings = KoreSettings()
    xs, curves = decay_curves(settings)
    durable = dict(zip(xs, curves["durable fact"], strict=True))
    assert durable[365.0] == pytest.approx(0.5)
    assert curves["importance 1"][-1] < settings.forget_threshold
    assert "durable fact" not in decay_curves(KoreSettings(durable_half_life_days=0))[1]
