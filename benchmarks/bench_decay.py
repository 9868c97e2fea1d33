"""Decay, section 2 of bench_pipeline and bench_scale: the vectorised pass (read the needed
columns, numpy, write changed rows) against a per-row Python loop (Kore's approach) over the
same rows, in the same run."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from bench_common import NOW, Snapshot, cpu, log, med, perf
from bench_report import Table

from kore_pipeline.lifecycle.decay import (
    decay_score_row,
    decay_scores,
    julian_day,
    read_decay_inputs,
    run_decay,
    write_scores,
)
from kore_pipeline.lifecycle.durable import is_durable
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.timeutil import iso

LOOP_PAIRS = 5
"""Alternated (numpy, loop) timings of the computation alone."""


def per_row_pass(conn, settings: KoreSettings, now: datetime) -> int:  # type: ignore[no-untyped-def]
    """Kore's approach: read the rows, parse each timestamp, score each row in Python and
    update each row with its own statement (one transaction). Returns rows updated."""
    n = 0
    with store.transaction(conn):
        rows = conn.execute("SELECT id, importance, created_at, last_accessed_at, access_count,"
                            " type, slot, valid_until FROM memories WHERE status = 'active'"
                            ).fetchall()
        for mid, imp, created, accessed, count, kind, slot, until in rows:
            ref = datetime.fromisoformat(accessed or created)
            age = (now - ref).total_seconds() / 86400
            lasts = is_durable({"type": kind, "slot": slot, "valid_until": until}, settings)
            score = decay_score_row(imp, age, count, settings, lasts)
            conn.execute("INSERT OR REPLACE INTO memory_decay(memory_id, decay_score)"
                         " VALUES (?, ?)", (mid, score))
            n += 1
    return n


def bench_decay(t: Table, settings: KoreSettings, snap: Snapshot, reps: int) -> None:
    sec = "2 decay"
    times, cpus, reports = [], [], []
    for r in range(reps):
        conn = snap.restore()
        log(f"run_decay {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        reports.append(run_decay(conn, settings, NOW, run_id=f"bench-{r}"))
        times.append(perf() - t0)
        cpus.append(cpu() - c0)
        conn.close()
    rep = reports[-1]
    # Breakdown on a fresh copy, pending accesses already applied: read, compute, write.
    conn = snap.restore()
    from kore_pipeline.lifecycle.decay import apply_pending_accesses

    apply_pending_accesses(conn, NOW)
    t_read, t_comp, t_write, t_loop = [], [], [], []
    now_jd = julian_day(NOW)
    for _ in range(reps):
        t0 = perf()
        with store.transaction(conn):
            inp = read_decay_inputs(conn, settings)
        t_read.append(perf() - t0)
    # numpy and the per-row loop (computation only) over exactly the same inputs, full data,
    # alternated so both see the same machine load.
    ages = now_jd - inp.ref_jd
    imps, ages_l, counts = inp.importance.tolist(), ages.tolist(), inp.access_count.tolist()
    lasting = inp.durable.tolist()
    for _ in range(LOOP_PAIRS):
        t0 = perf()
        scores = decay_scores(inp.importance, ages, inp.access_count, settings, inp.durable)
        t_comp.append(perf() - t0)
        t0 = perf()
        loop = [decay_score_row(int(i), a, int(c), settings, d)
                for i, a, c, d in zip(imps, ages_l, counts, lasting, strict=True)]
        t_loop.append(perf() - t0)
    max_diff = float(np.max(np.abs(np.asarray(loop) - scores)))
    for _ in range(reps):
        t0 = perf()
        with store.transaction(conn):
            write_scores(conn, inp.ids, scores + 1e-9 * (len(t_write) + 1))  # all rows change
        t_write.append(perf() - t0)
    conn.close()
    # Whole pass, per row (parse, score, one UPDATE per row), on the full data.
    conn = snap.restore()
    log("per-row Python pass (Kore's approach), full data")
    t0 = perf()
    n_loop = per_row_pass(conn, settings, NOW)
    t_row_pass = perf() - t0
    conn.close()
    # Steady state: the next day's pass (nothing archived any more; most scores change).
    conn = snap.restore()
    run_decay(conn, settings, NOW)
    t0 = perf()
    rep_next = run_decay(conn, settings, NOW + timedelta(days=1))
    t_next = perf() - t0
    t0 = perf()
    run_decay(conn, settings, NOW + timedelta(days=1))
    t_same = perf() - t0
    conn.close()
    n = rep.scored
    t.add(sec, f"run_decay whole pass, median of {reps} (first pass)", med(times), "{:.2f}", "s")
    t.add(sec, "runs wall / CPU", " / ".join(f"{a:.2f}|{b:.2f}" for a, b in
                                             zip(times, cpus, strict=True)), unit="s")
    t.add(sec, "rows scored / archived as forgotten / accesses applied",
          f"{n} / {rep.forgotten} / {rep.accesses_applied}")
    t.add(sec, "  durable facts among the rows read (current facts of durable slots)",
          int(inp.durable.sum()))
    t.add(sec, "  read needed columns (julianday in SQLite)", med(t_read), "{:.2f}", "s")
    t.add(sec, "  computation (numpy decay_scores)", med(t_comp), "{:.4f}", "s")
    t.add(sec, "  write all scores (memory_decay, executemany)", med(t_write), "{:.2f}", "s")
    t.add(sec, "next-day pass (all scores change, none archived)", t_next, "{:.2f}", "s")
    t.add(sec, "  archived in it", rep_next.forgotten)
    t.add(sec, "same-now pass again (nothing to write)", t_same, "{:.2f}", "s")
    t.add(sec, "baseline: per-row loop, computation only (same inputs)", med(t_loop),
          "{:.2f}", "s")
    t.add(sec, f"  ratio loop / numpy computation (medians of {LOOP_PAIRS} alternated pairs)",
          med(t_loop) / med(t_comp), "{:.0f}", "x")
    t.add(sec, "  max |numpy - loop| score difference", max_diff, "{:.1e}")
    t.add(sec, f"baseline: per-row whole pass (parse, score, UPDATE per row; {n_loop} rows)",
          t_row_pass, "{:.2f}", "s")
    t.add(sec, "  ratio per-row pass / vectorised first pass (which also archives)",
          t_row_pass / med(times), "{:.1f}", "x")
    t.add(sec, "  ratio per-row pass / vectorised next-day pass (both rescore all rows)",
          t_row_pass / t_next, "{:.1f}", "x")
    t.note(sec, f"now = {iso(NOW)}; store restored from a snapshot before each measured pass")
