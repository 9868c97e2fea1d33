"""Ebbinghaus decay: score every active memory from its timestamps and forget the faded ones.

The score is always recomputed from ``created_at`` / ``last_accessed_at`` / ``access_count``
and an explicit ``now`` (never multiplied onto the previous score), so running the stage
twice at the same ``now`` gives the same result. Scoring is vectorised with polars.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import polars as pl

from . import store
from .settings import HALF_LIVES_DAYS, KoreSettings
from .timeutil import iso, parse_ts

_TS_FORMAT = "%Y-%m-%dT%H:%M:%S%.f%z"  # what timeutil.iso writes (fraction optional)
_TS_DTYPE = pl.Datetime("us", "UTC")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_US_PER_DAY = 86_400_000_000


@dataclass
class DecayReport:
    """Outcome of one decay run."""

    scored: int
    forgotten: int
    accesses_applied: int
    forgotten_ids: list[int] = field(default_factory=list)


def _to_datetime(series: pl.Series) -> pl.Series:
    """A column of ISO 8601 text (or datetimes, or all nulls) as UTC datetimes.

    The canonical format is parsed natively; the rare value in another ISO form ('Z' suffix,
    naive, date only) falls back to ``timeutil.parse_ts`` for those values only.
    """
    if series.dtype == pl.Null:
        return pl.Series(series.name, [None] * len(series), dtype=_TS_DTYPE)
    if isinstance(series.dtype, pl.Datetime):
        if series.dtype.time_zone is None:
            return series.dt.replace_time_zone("UTC").cast(_TS_DTYPE)
        return series.dt.convert_time_zone("UTC").cast(_TS_DTYPE)
    text = series.cast(pl.String)
    parsed = text.str.to_datetime(format=_TS_FORMAT, time_zone="UTC", time_unit="us",
                                  strict=False)
    bad = parsed.is_null() & text.is_not_null()
    if bad.any():
        slow = pl.Series([parse_ts(v) for v in text.filter(bad)], dtype=_TS_DTYPE)
        parsed = parsed.scatter(bad.arg_true(), slow)
    return parsed.alias(series.name)


def _epoch_us(dt: datetime) -> int:
    """Exact microseconds since the Unix epoch of an (aware or naive-UTC) datetime."""
    return (parse_ts(dt) - _EPOCH) // timedelta(microseconds=1)


def decay_frame(df: pl.DataFrame, now: datetime, settings: KoreSettings) -> pl.DataFrame:
    """Add ``half_life_days``, ``age_days``, ``decay_score`` and ``forget`` to ``df`` (pure).

    Needs columns ``importance``, ``created_at``, ``last_accessed_at`` (nullable) and
    ``access_count``. ``age_days`` is measured from the last access (else creation) to
    ``now`` and clamped at 0, so a future-dated memory scores 1.0.
    """
    created = _to_datetime(df.get_column("created_at"))
    accessed = _to_datetime(df.get_column("last_accessed_at"))
    ref_us = accessed.fill_null(created).dt.epoch("us")
    now_us = _epoch_us(now)
    base = {int(k): float(v) for k, v in HALF_LIVES_DAYS.items()}
    count = pl.col("access_count").fill_null(0).cast(pl.Float64)
    out = df.with_columns(
        (
            pl.col("importance").fill_null(3).cast(pl.Int64).clip(1, 5)
            .replace_strict(base, return_dtype=pl.Float64)
            * pl.lit(float(settings.reinforcement_factor)).pow(count)
        ).alias("half_life_days"),
        ((pl.lit(now_us, dtype=pl.Int64) - ref_us).cast(pl.Float64) / _US_PER_DAY)
        .clip(lower_bound=0.0).fill_null(0.0).alias("age_days"),
    )
    out = out.with_columns(
        pl.min_horizontal(
            (-pl.col("age_days") * math.log(2) / pl.col("half_life_days")).exp()
            + float(settings.access_boost) * count,
            pl.lit(1.0),
        ).alias("decay_score"),
    )
    return out.with_columns(
        (pl.col("decay_score") < float(settings.forget_threshold)).alias("forget"))


def apply_pending_accesses(conn: sqlite3.Connection, now: datetime) -> int:
    """Fold unapplied ``access_log`` rows up to ``now`` into the memories; return rows applied.

    Per memory: ``access_count += n`` and ``last_accessed_at = max(existing, newest access)``.
    Times are compared with ``julianday`` so any ISO 8601 form orders correctly; a row whose
    ``accessed_at`` cannot be read stays pending. One transaction.
    """
    cutoff = iso(now)
    pending = "applied = 0 AND julianday(accessed_at) <= julianday(?)"
    with store.transaction(conn):
        # With exactly one max() aggregate, SQLite takes the bare column accessed_at from
        # the row holding the max, i.e. the newest access text of each memory.
        conn.execute(
            "UPDATE memories SET access_count = access_count + p.n,"
            " last_accessed_at = CASE WHEN memories.last_accessed_at IS NULL"
            "  OR julianday(memories.last_accessed_at) IS NULL"
            "  OR p.jd > julianday(memories.last_accessed_at)"
            "  THEN p.accessed_at ELSE memories.last_accessed_at END"
            " FROM (SELECT memory_id, COUNT(*) AS n, MAX(julianday(accessed_at)) AS jd,"
            "       accessed_at FROM access_log WHERE " + pending + " GROUP BY memory_id) AS p"
            " WHERE memories.id = p.memory_id",
            (cutoff,),
        )
        cur = conn.execute("UPDATE access_log SET applied = 1 WHERE " + pending, (cutoff,))
        return int(cur.rowcount)


def run_decay(conn: sqlite3.Connection, settings: KoreSettings, now: datetime,
              run_id: str | None = None) -> DecayReport:
    """Apply pending accesses, rescore every active memory and archive the forgotten ones.

    The accesses are applied in their own transaction; the active rows are then read, scored
    and written back in one transaction (write lock taken before the read), so a memory
    deleted or changed meanwhile by another writer is never archived from a stale read.
    """
    applied = apply_pending_accesses(conn, now)
    with store.transaction(conn):
        table = store.query_arrow(
            conn, "SELECT id, importance, created_at, last_accessed_at, access_count"
            " FROM memories WHERE status = 'active' ORDER BY id")
        if table.num_rows == 0:
            return DecayReport(scored=0, forgotten=0, accesses_applied=applied,
                               forgotten_ids=[])
        df = pl.from_arrow(table)
        assert isinstance(df, pl.DataFrame)
        scored = decay_frame(df, now, settings)
        updates = list(zip(scored.get_column("decay_score").to_list(),
                           scored.get_column("id").to_list(), strict=True))
        forgotten = [int(i) for i in scored.filter(pl.col("forget")).get_column("id").to_list()]
        conn.executemany(
            "UPDATE memories SET decay_score = ? WHERE id = ? AND status = 'active'", updates)
        if forgotten:
            store.archive_memories(conn, forgotten, "forgotten", iso(now), run_id,
                                   only_active=True)
    return DecayReport(scored=scored.height, forgotten=len(forgotten),
                       accesses_applied=applied, forgotten_ids=forgotten)
