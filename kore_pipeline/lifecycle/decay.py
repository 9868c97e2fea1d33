"""Ebbinghaus decay: score every active memory from its timestamps and forget the faded ones.

The score is always recomputed from ``created_at`` / ``last_accessed_at`` / ``access_count``
and an explicit ``now`` (never multiplied onto the previous score), so running the stage
twice at the same ``now`` gives the same result. Scoring is vectorised: the decay pass reads
only the columns it needs (SQLite parses the timestamps into Julian days), scores them with numpy
(:func:`decay_scores`) and writes back only the scores that changed, into the narrow
``memory_decay`` table (migration 0010); :func:`decay_frame` is the polars form used by search
and compaction, and :func:`decay_score_row` the per-row formula both are checked against.

A current fact of a durable slot (where one lives, works, one's partner, diet, the names of
family and pets: :mod:`.durable`) decays with a half-life of at least
``durable_half_life_days``: what a person is stays true until superseded. Every form takes
that flag (``durable``) per row; without it the importance alone sets the half-life.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import numpy as np
import polars as pl

from kore_pipeline.lifecycle.durable import durable_column, durable_sql
from kore_pipeline.settings import HALF_LIVES_DAYS, KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.store import lifecycle
from kore_pipeline.store.lifecycle import Status
from kore_pipeline.timeutil import iso, parse_ts

_TS_FORMAT = "%Y-%m-%dT%H:%M:%S%.f%z"  # what timeutil.iso writes (fraction optional)
_TS_DTYPE = pl.Datetime("us", "UTC")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_US_PER_DAY = 86_400_000_000
_JD_UNIX_EPOCH = 2440587.5  # Julian day number of 1970-01-01T00:00:00Z (SQLite julianday)


class DecayRefused(ValueError):
    """A decay pass that looks like a mistake (clock ahead, too much archived at once)."""


CLOCK_SLACK = timedelta(days=1)
"""A decay clock this far past the wall clock is refused without ``force``."""


def check_clock(now: datetime, wall: datetime | None = None) -> None:
    """Refuse a decay ``now`` ahead of the wall clock (a typo such as 2200-01-01)."""
    wall = wall or datetime.now(UTC)
    if now > wall + CLOCK_SLACK:
        raise DecayRefused(f"decay clock {iso(now)} is ahead of the wall clock ({iso(wall)}):"
                           " refusing to age every memory at once; pass --force if intended")


def check_share(inputs: DecayInputs, forgotten: np.ndarray, settings: KoreSettings) -> None:
    """Refuse archiving more than ``decay_max_archive_share`` of previously active memories.

    Previously active: active memories a decay pass has scored before (a stored score below
    1); a first import of old history (never scored) decays freely.
    """
    before = inputs.old_score < 1.0
    total = int(before.sum())
    if total < settings.decay_guard_min_active:
        return
    share = int((before & forgotten).sum()) / total
    if share > settings.decay_max_archive_share:
        raise DecayRefused(f"this decay pass would archive {share:.0%} of the {total}"
                           f" previously active memories (limit"
                           f" {settings.decay_max_archive_share:.0%},"
                           " KORE_DECAY_MAX_ARCHIVE_SHARE); pass --force if intended")


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
    """Add ``durable``, ``half_life_days``, ``age_days``, ``decay_score`` and ``forget`` to
    ``df`` (pure).

    The scores come from :func:`decay_scores`, the one vectorised formula the decay pass uses.

    Needs columns ``importance``, ``created_at``, ``last_accessed_at`` (nullable) and
    ``access_count``; a ``durable`` column, or ``type`` and ``slot`` (with ``valid_until``
    and ``status`` if known), mark the current facts of durable slots
    (:func:`.durable.durable_column`). ``age_days`` is measured from the last access (else
    creation) to ``now`` and clamped at 0, so a future-dated memory scores 1.0.
    """
    created = _to_datetime(df.get_column("created_at"))
    accessed = _to_datetime(df.get_column("last_accessed_at"))
    ref_us = accessed.fill_null(created).dt.epoch("us")
    age = ((pl.lit(_epoch_us(now), dtype=pl.Int64) - ref_us).cast(pl.Float64) / _US_PER_DAY)
    out = df.with_columns(age.clip(lower_bound=0.0).fill_null(0.0).alias("age_days"))
    importance = out.get_column("importance").cast(pl.Float64).to_numpy()
    count = out.get_column("access_count").cast(pl.Float64).to_numpy()
    durable = durable_column(df, settings)
    if durable is None:
        durable = np.zeros(len(df), dtype=bool)
    scores = decay_scores(importance, out.get_column("age_days").to_numpy(), count, settings,
                          durable)
    return out.with_columns(
        pl.Series("durable", durable, dtype=pl.Boolean),
        pl.Series("half_life_days", half_lives(importance, count, settings, durable)),
        pl.Series("decay_score", scores),
        pl.Series("forget", scores < float(settings.forget_threshold)),
    )


def base_half_life(importance: int | None, durable: bool, settings: KoreSettings) -> float:
    """Half-life in days before reinforcement: the importance's (missing -> 3, clamped to
    1..5), at least ``durable_half_life_days`` for a current fact of a durable slot."""
    half = HALF_LIVES_DAYS[min(5, max(1, int(3 if importance is None else importance)))]
    if durable and settings.durable_half_life_days > 0:
        return max(half, float(settings.durable_half_life_days))
    return half


def decay_score_row(importance: int | None, age_days: float, access_count: int | None,
                    settings: KoreSettings, durable: bool = False) -> float:
    """The Ebbinghaus score of one memory, computed row by row (Kore's formula, the reference).

    ``min(1, exp(-age * ln2 / (half_life * factor**count)) + boost * count)``, with the age
    clamped at 0 and :func:`base_half_life` (importance, durable) as ``half_life``.
    """
    count = float(access_count or 0)
    half = base_half_life(importance, durable, settings) \
        * float(settings.reinforcement_factor) ** count
    age = max(0.0, float(age_days))
    return min(math.exp(-age * math.log(2) / half) + float(settings.access_boost) * count, 1.0)


_HALF_LIFE_TABLE = np.array([np.nan, *(HALF_LIVES_DAYS[i] for i in range(1, 6))])


def half_lives(importance: np.ndarray, access_count: np.ndarray, settings: KoreSettings,
               durable: np.ndarray | None = None) -> np.ndarray:
    """Half-life in days per row: the importance's base (NaN -> 3; at least
    ``durable_half_life_days`` where ``durable``) x factor**accesses."""
    imp = np.asarray(importance, dtype=np.float64)
    imp = np.clip(np.where(np.isnan(imp), 3.0, imp), 1, 5).astype(np.int64)
    count = np.nan_to_num(np.asarray(access_count, dtype=np.float64), nan=0.0)
    base = _HALF_LIFE_TABLE[imp]
    if durable is not None and settings.durable_half_life_days > 0:
        np.maximum(base, float(settings.durable_half_life_days), out=base,
                   where=np.asarray(durable, dtype=bool))
    return base * np.exp(count * math.log(float(settings.reinforcement_factor)))


_RATE_TABLE = np.array([0.0, *(math.log(2) / HALF_LIVES_DAYS[i] for i in range(1, 6))])
"""ln 2 / base half-life, by importance (index 1-5)."""


def decay_scores(importance: np.ndarray, age_days: np.ndarray, access_count: np.ndarray,
                 settings: KoreSettings, durable: np.ndarray | None = None) -> np.ndarray:
    """:func:`decay_score_row` over whole columns with numpy (float64; NaN importance -> 3;
    ``durable``: a bool per row, None: none is).

    Written for speed at a million rows (about 10 ms): the decay rate comes from a table by
    importance (at most ln 2 / ``durable_half_life_days`` on the durable rows only), the
    reinforcement (``factor**count`` as ``exp(count * ln factor)``, the boost and the cap at
    1) is applied only to the rows that were ever accessed, and the rest runs in place. Equal
    to the row formula within float rounding (tested).
    """
    imp = np.asarray(importance, dtype=np.float64)
    if np.isnan(imp).any():
        imp = np.where(np.isnan(imp), 3.0, imp)
    idx = imp.astype(np.intp)
    np.clip(idx, 1, 5, out=idx)
    rate = _RATE_TABLE[idx]
    if durable is not None and settings.durable_half_life_days > 0:
        durable_rows = np.flatnonzero(durable)
        if durable_rows.size:
            rate[durable_rows] = np.minimum(
                rate[durable_rows], math.log(2) / float(settings.durable_half_life_days))
    count = np.asarray(access_count, dtype=np.float64)
    accessed = np.flatnonzero(count)  # NaN counts land here too, and count as 0
    counts = np.nan_to_num(count[accessed], nan=0.0)
    if accessed.size:
        rate[accessed] *= np.exp(-counts * math.log(float(settings.reinforcement_factor)))
    score = np.fmax(np.asarray(age_days, dtype=np.float64), 0.0)  # NaN age -> 0
    score *= rate
    np.negative(score, out=score)
    np.exp(score, out=score)
    if accessed.size:
        score[accessed] = np.minimum(score[accessed] + float(settings.access_boost) * counts,
                                     1.0)
    return score


def julian_day(dt: datetime) -> float:
    """SQLite's ``julianday()`` of an instant (days since noon UTC, 4713 BC)."""
    return _JD_UNIX_EPOCH + _epoch_us(dt) / _US_PER_DAY


@dataclass
class DecayInputs:
    """The active memories' decay inputs as numpy columns (aligned by position)."""

    ids: np.ndarray          # int64
    importance: np.ndarray   # float64
    access_count: np.ndarray  # float64
    ref_jd: np.ndarray       # Julian day of the last access, else of creation
    old_score: np.ndarray    # decay_score stored now
    durable: np.ndarray      # bool: a current fact of a durable slot (.durable)


def read_decay_inputs(conn: sqlite3.Connection,
                      settings: KoreSettings | None = None) -> DecayInputs:
    """Only the columns decay needs, for every active memory; timestamps parsed by SQLite,
    durability (:func:`.durable.durable_sql`, with ``settings``' slots) by SQLite too.

    A timestamp SQLite cannot read (``julianday`` is NULL) is parsed by ``timeutil.parse_ts``
    (which names the value if it is invalid). The stored scores come from ``memory_decay``
    (read whole, in id order, and aligned by id: cheaper than a join); no row means 1.0.
    """
    cur = conn.cursor()
    cur.row_factory = None
    durable = durable_sql(settings or KoreSettings())
    rows = cur.execute(
        "SELECT id, importance, access_count, julianday(coalesce(last_accessed_at, created_at)),"
        f" CASE WHEN slot IS NULL THEN 0 ELSE coalesce({durable}, 0) END"  # most have none
        " FROM memories NOT INDEXED WHERE status = 'active'"
        " ORDER BY id").fetchall()
    if not rows:
        empty = np.zeros(0)
        return DecayInputs(np.zeros(0, dtype=np.int64), empty, empty, empty, empty,
                           np.zeros(0, dtype=bool))
    arr = np.array(rows, dtype=np.float64).T.copy()  # one contiguous row per column
    ids = arr[0].astype(np.int64)
    ref = arr[3]
    bad = np.flatnonzero(np.isnan(ref))
    for pos in bad.tolist():  # rare: an ISO form SQLite does not read
        text = cur.execute("SELECT coalesce(last_accessed_at, created_at) FROM memories"
                           " WHERE id = ?", (int(ids[pos]),)).fetchone()[0]
        ref[pos] = julian_day(parse_ts(text))
    return DecayInputs(ids, arr[1], arr[2], ref, _stored_scores(cur, ids), arr[4] != 0)


def _stored_scores(cur: sqlite3.Cursor, ids: np.ndarray) -> np.ndarray:
    """The ``memory_decay`` score of each id (ascending ids), 1.0 where it has none."""
    old = np.ones(len(ids))
    stored = cur.execute("SELECT memory_id, decay_score FROM memory_decay"
                         " ORDER BY memory_id").fetchall()
    if stored:
        table = np.array(stored, dtype=np.float64)
        known = table[:, 0].astype(np.int64)
        pos = np.minimum(np.searchsorted(known, ids), len(known) - 1)
        hit = known[pos] == ids
        old[hit] = table[pos[hit], 1]
    return old


def _temp_ids(conn: sqlite3.Connection, name: str, rows: list[tuple[int]]) -> None:
    """(Re)fill a connection-local temp table of ids."""
    conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {name} (id INTEGER PRIMARY KEY)")
    conn.execute(f"DELETE FROM {name}")
    conn.executemany(f"INSERT INTO {name} VALUES (?)", rows)


def write_scores(conn: sqlite3.Connection, ids: np.ndarray, scores: np.ndarray) -> int:
    """Store the decay scores of the given memories in ``memory_decay`` (one executemany into
    the narrow table: a daily pass rewrites ~20 bytes per memory, not its whole row).

    Call inside a transaction, with ids read in it. Returns the number of rows written.
    """
    if len(ids) == 0:
        return 0
    return store.set_decay_scores(conn, zip(ids.tolist(), scores.tolist(), strict=True))


def archive_forgotten(conn: sqlite3.Connection, ids: list[int], at: str,
                      run_id: str | None) -> None:
    """Archive active memories as 'forgotten' in bulk (:func:`lifecycle.archive_selected`:
    two set-based statements instead of two per row). Call inside a transaction."""
    _temp_ids(conn, "decay_forget", [(i,) for i in ids])
    lifecycle.archive_selected(conn, "SELECT id FROM temp.decay_forget", Status.FORGOTTEN, at,
                               run_id)


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


def recall_accessed(conn: sqlite3.Connection, now: datetime) -> list[int]:
    """Forgotten memories with accesses pending up to ``now``: search found them again."""
    rows = conn.execute(
        "SELECT DISTINCT a.memory_id FROM access_log AS a JOIN memories AS m"
        " ON m.id = a.memory_id WHERE a.applied = 0 AND m.status = 'forgotten'"
        " AND julianday(a.accessed_at) <= julianday(?)", (iso(now),)).fetchall()
    return [int(r[0]) for r in rows]


def revive_recalled(conn: sqlite3.Connection, ids: list[int], at: str) -> int:
    """Make forgotten memories that search returned active again (a cue brings an old memory
    back), through ``store.lifecycle.revive``; the pass rescores them with their new access.
    Call in a transaction."""
    from kore_pipeline.store.lifecycle import Status, revive

    return len(revive(conn, ids, at, only={Status.FORGOTTEN}))


def run_decay(conn: sqlite3.Connection, settings: KoreSettings, now: datetime,
              run_id: str | None = None, guard: bool = False) -> DecayReport:
    """Apply pending accesses, rescore every active memory and archive the forgotten ones.

    The accesses are applied in their own transaction; the active rows are then read, scored
    and written back in one transaction (write lock taken before the read), so a memory
    deleted or changed meanwhile by another writer is never archived from a stale read.
    Only scores that changed are written (a second run at the same ``now`` writes nothing).
    With ``guard``, a clock ahead of the wall clock or an implausible share archived at once
    raises :class:`DecayRefused` before anything is written. A forgotten memory that search
    returned since the last pass (an access pending) is made active first and rescored with
    that access: recalled, it stays in the working set. A current fact of a durable slot is
    scored with at least ``durable_half_life_days`` (:mod:`.durable`).
    """
    if guard:
        check_clock(now)
    recalled = recall_accessed(conn, now)
    applied = apply_pending_accesses(conn, now)
    with store.transaction(conn):
        revive_recalled(conn, recalled, iso(now))
        inputs = read_decay_inputs(conn, settings)
        if len(inputs.ids) == 0:
            return DecayReport(scored=0, forgotten=0, accesses_applied=applied,
                               forgotten_ids=[])
        age = julian_day(now) - inputs.ref_jd
        scores = decay_scores(inputs.importance, age, inputs.access_count, settings,
                              inputs.durable)
        changed = np.abs(scores - inputs.old_score) > 1e-12
        if guard:
            check_share(inputs, scores < float(settings.forget_threshold), settings)
        write_scores(conn, inputs.ids[changed], scores[changed])
        forgotten = inputs.ids[scores < float(settings.forget_threshold)].tolist()
        if forgotten:
            archive_forgotten(conn, forgotten, iso(now), run_id)
    return DecayReport(scored=len(inputs.ids), forgotten=len(forgotten),
                       accesses_applied=applied, forgotten_ids=forgotten)
