"""Lake publish, analyst views and the HTML report on a generated store (no model needed).

    PYTHONPATH=src:. python benchmarks/bench_lake.py                 # 100k messages, 50k memories
    PYTHONPATH=src:. python benchmarks/bench_lake.py --messages 10000 --memories 5000

Prints medians of ``--reps`` runs: a full publish (messages rewritten as a new partitioned
version), a publish with messages unchanged (snapshots only), the partitioned messages write
against a baseline of one unpartitioned file of the same messages (both read from the store;
ratio partitioned / baseline), every view queried once through ``kore sql``'s connection,
and ``build_report``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyarrow.parquet as pq

from kore_pipeline.lake import publish as lake
from kore_pipeline.lake.report import build_report
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, transaction
from kore_pipeline.timeutil import iso

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)


def fill(settings: KoreSettings, n_messages: int, n_memories: int, owners: int,
         seed: int) -> None:
    """Messages over the year before NOW across owners; memories with mixed importance."""
    rng = random.Random(seed)
    conn = connect(settings.db_path())
    with transaction(conn):
        conn.executemany(
            "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts, role,"
            " speaker, text, source_file, source_line, run_id, extracted) VALUES"
            " (?,?,?,?,?,?,?,?,?,?,?,1)",
            [(f"m{i}", f"owner-{i % owners}", f"c{i % 97}", "s1",
              iso(NOW - timedelta(minutes=rng.randrange(365 * 24 * 60))), "user", "Ann",
              f"message number {i} about topic {rng.randrange(1000)}", "gen.jsonl", i, "r1")
             for i in range(n_messages)])
        conn.executemany(
            "INSERT INTO memories(owner, subject, key, type, category, content, content_hash,"
            " importance, source_message_ids, created_at, updated_at, access_count)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [(f"owner-{i % owners}", f"subject-{i % 20}", f"k{i}",
              "factual" if i % 3 else "episodic", ("preference", "habit", "episode")[i % 3],
              f"memory {i}", f"h{i}", rng.randint(1, 5), json.dumps([f"m{i}"]),
              iso(NOW - timedelta(days=rng.randrange(365))), iso(NOW), rng.randrange(3))
             for i in range(n_memories)])
        conn.execute("INSERT INTO memory_decay(memory_id, decay_score) SELECT id, 0.5"
                     " FROM memories")
        conn.execute("INSERT INTO runs(run_id, kind, state, started_at, finished_at, now)"
                     " VALUES ('r1', 'pipeline', 'completed', ?, ?, ?)",
                     (iso(NOW), iso(NOW), iso(NOW)))
    conn.close()


def timed(fn: object, reps: int) -> float:
    runs = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--messages", type=int, default=100_000)
    p.add_argument("--memories", type=int, default=50_000)
    p.add_argument("--owners", type=int, default=50)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--seed", type=int, default=7)
    cfg = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = KoreSettings(home=Path(tmp) / "home")
        fill(settings, cfg.messages, cfg.memories, cfg.owners, cfg.seed)
        conn = connect(settings.db_path())
        root = settings.lake_dir()
        flip = iter(range(10**9))

        def full() -> None:  # a changed extraction flag forces a new messages version
            conn.execute("UPDATE messages SET extracted = ? WHERE message_id = 'm0'",
                         (next(flip) % 2,))
            lake.publish(conn, root, settings)

        t_full = timed(full, cfg.reps)
        t_snap = timed(lambda: lake.publish(conn, root, settings), cfg.reps)
        base = Path(tmp) / "baseline.parquet"
        t_base = timed(lambda: pq.write_table(lake.typed_rows(conn, "messages",
                                                              lake.MESSAGES_SQL),
                                              base, compression="zstd"), cfg.reps)
        t_write = timed(lambda: lake.write_messages(conn, root), cfg.reps)
        conn.close()
        parts = sum(1 for _ in (root / "messages").rglob("*.parquet"))
        con = lake.connect_views(root, settings)
        view_times = {}
        for name in lake.view_names():
            start = time.perf_counter()
            con.execute(f"SELECT count(*) FROM {name}").fetchall()
            view_times[name] = time.perf_counter() - start
        con.close()
        t_report = timed(lambda: build_report(settings), cfg.reps)
    print(f"messages {cfg.messages}, memories {cfg.memories}, owners {cfg.owners},"
          f" reps {cfg.reps} (medians)")
    print(f"publish, messages rewritten        {t_full:8.3f} s")
    print(f"publish, messages unchanged        {t_snap:8.3f} s")
    print(f"messages: partitioned version      {t_write:8.3f} s  ({parts} files)")
    print(f"messages: one file (baseline)      {t_base:8.3f} s  ratio {t_write / t_base:.2f}x")
    print(f"build_report                       {t_report:8.3f} s")
    for name, seconds in view_times.items():
        print(f"view {name:<30}{seconds:8.3f} s")


if __name__ == "__main__":
    main()
