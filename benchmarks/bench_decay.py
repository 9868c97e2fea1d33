"""Section 2, decay: ``run_decay`` over the whole table and its breakdown."""

from __future__ import annotations

from bench_common import NOW, Snapshot, cpu, log, med, perf
from bench_report import Table

from kore_pipeline import store
from kore_pipeline.settings import KoreSettings


def bench_decay(t: Table, settings: KoreSettings, snap: Snapshot, reps: int) -> None:
    import polars as pl

    from kore_pipeline.decay import decay_frame, run_decay

    sec = "2 decay"
    times, cpus, reports = [], [], []
    for r in range(reps):
        conn = snap.restore()
        log(f"run_decay {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        rep = run_decay(conn, settings, NOW, run_id=f"bench-decay-{r}")
        times.append(perf() - t0)
        cpus.append(cpu() - c0)
        reports.append(rep)
        conn.close()
    rep = reports[-1]
    # Breakdown on a fresh copy: the read, the pure scoring, a second (idempotent) pass.
    conn = snap.restore()
    t_read, t_frame = [], []
    for _ in range(reps):
        t0 = perf()
        table = store.memories_table(conn, "status = 'active'")
        t_read.append(perf() - t0)
        df = pl.from_arrow(table.select(["id", "importance", "created_at", "last_accessed_at",
                                         "access_count"]))
        t0 = perf()
        decay_frame(df, NOW, settings)
        t_frame.append(perf() - t0)
    run_decay(conn, settings, NOW)
    t0 = perf()
    rep2 = run_decay(conn, settings, NOW)
    t_second = perf() - t0
    conn.close()
    t.add(sec, f"run_decay median of {reps}", med(times), "{:.2f}", "s")
    t.add(sec, "runs wall", " / ".join(f"{x:.2f}" for x in times), unit="s")
    t.add(sec, "runs CPU (process, all threads)", " / ".join(f"{x:.2f}" for x in cpus),
          unit="s")
    t.add(sec, "rows scored", rep.scored)
    t.add(sec, "throughput", rep.scored / med(times), "{:,.0f}", "rows/s")
    t.add(sec, "forgotten (archived) per run", rep.forgotten)
    t.add(sec, "access_log rows applied", rep.accesses_applied)
    t.add(sec, "  memories_table read (all columns)", med(t_read), "{:.2f}", "s")
    t.add(sec, "  decay_frame alone (polars)", med(t_frame), "{:.3f}", "s")
    t.add(sec, "second run at same now (nothing new)", t_second, "{:.2f}", "s")
    t.add(sec, "  rows scored / forgotten in it", f"{rep2.scored} / {rep2.forgotten}")
