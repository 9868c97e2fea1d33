"""Publish of the Parquet lake on a big home: the first (full) publish, then a day's.

Builds a store of N messages and N memories by plain SQL inserts into a fresh store made by
the package's own ``connect`` (realistic columns: owners of about 2,000 messages each,
sessions, times over a year, JSON source ids, ~5% archived, every memory scored), publishes
it once (full), then measures days: each adds 1,000 messages (for 20 owners) and 1,000
memories, rescores every memory (``memory_decay``, as a decay pass does), archives 300 as
forgotten, touches 1,000 (an access folded in: access_count, last_accessed_at) and logs
``--day-accesses`` search hits (``access_log`` rows, marked applied as decay does, plus
the same number still unapplied: tomorrow's decay marks them), opens and closes a run (its
stages), then publishes; the run's close publishes ``runs`` alone, as ``end_run`` does. The
store starts with ``--access-log`` access rows (default N: a busy home's every memory hit
once). Prints medians of ``--reps`` full publishes and ``--reps`` days.

The same file runs on older code (another checkout first on PYTHONPATH) for the baseline:

    python benchmarks/bench_publish.py --sizes 100000 1000000
    PYTHONPATH=/tmp/kore-main python benchmarks/bench_publish.py --sizes 100000 1000000

No model is loaded. Needs about 2 GB of RAM and 1.5 GB of disk at 1M.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import kore_pipeline
from kore_pipeline.lake import publish as lake
from kore_pipeline.store.db import SCHEMA_VERSION, connect, ensure_schema, transaction
from kore_pipeline.store.lifecycle import archive

START = datetime(2025, 6, 1, tzinfo=UTC)
WORDS = ["coffee", "tea", "berlin", "lisbon", "flight", "hotel", "meeting", "budget", "project",
         "deadline", "sister", "brother", "dinner", "hiking", "running", "guitar", "piano",
         "python", "rust", "report", "invoice", "doctor", "dentist", "school", "garden",
         "cooking", "paella", "sushi", "movie", "concert", "train", "bike", "car", "rent",
         "salary", "vacation", "birthday", "wedding", "gift", "book", "novel", "museum",
         "beach", "mountain"]
BULK_TRIGGERS = ("memories_ai", "memories_pending_ai", "memories_lake_ai", "messages_lake_ai")
"""Triggers dropped while the store is filled in bulk (FTS, compression and lake bookkeeping
of single writes); put back by ``ensure_schema`` before anything is measured."""


def iso(dt: datetime) -> str:
    return dt.astimezone(UTC).isoformat(timespec="seconds")


def text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def message_rows(rng: random.Random, start: int, n: int, owners: list[str],
                 day: datetime | None = None) -> list[tuple]:
    rows = []
    for i in range(start, start + n):
        owner = owners[i % len(owners)]
        at = day + timedelta(seconds=i % 80_000) if day else \
            START + timedelta(seconds=rng.randrange(365 * 86_400))
        conv = f"c{i // 40}"
        rows.append((f"m{i}", owner, conv, f"s{i // 20}", iso(at), "user" if i % 2 else
                     "assistant", "Anna", text(rng, rng.randint(8, 40)), None, "logs.jsonl",
                     i, "run-build", 1, "en"))
    return rows


def memory_rows(rng: random.Random, start: int, n: int, owners: list[str],
                day: datetime | None = None) -> list[tuple]:
    rows = []
    for i in range(start, start + n):
        at = iso(day or START + timedelta(seconds=rng.randrange(365 * 86_400)))
        content = text(rng, rng.randint(6, 16))
        rows.append((i + 1, owners[i % len(owners)], "Anna", f"preference:k{i}", "factual",
                     "preference", content, f"{hash(content) & 0xFFFFFFFF:08x}{i}", "en",
                     rng.randint(1, 5), 0, json.dumps([f"m{i}"]), f"s{i // 20}", at, at,
                     None, 0, "active", None, None, f"h{i}", at, None, None, None))
    return rows


def access_rows(rng: random.Random, n_memories: int, owners: list[str], count: int,
                 day: datetime, applied: int) -> list[tuple]:
    """``count`` search hits on random memories (the owner of the memory, as search logs)."""
    rows = []
    for _ in range(count):
        mid = rng.randrange(1, n_memories + 1)
        rows.append((mid, owners[(mid - 1) % len(owners)],
                     iso(day + timedelta(seconds=rng.randrange(86_400))),
                     " ".join(rng.sample(WORDS, 3)), applied))
    return rows


ACCESS_SQL = ("INSERT INTO access_log(memory_id, owner, accessed_at, query, applied)"
              " VALUES (?, ?, ?, ?, ?)")


def build(home: Path, n: int, accesses: int, seed: int = 7) -> sqlite3.Connection:
    """A store of ``n`` messages and ``n`` memories (5% archived, every memory scored) and
    ``accesses`` access-log rows over the year, every one applied."""
    rng = random.Random(seed)
    owners = [f"owner{k:04d}" for k in range(max(10, n // 2000))]
    conn = connect(home / "kore.sqlite")
    for name in BULK_TRIGGERS:
        conn.execute(f"DROP TRIGGER IF EXISTS {name}")
    with transaction(conn):
        for start in range(0, n, 100_000):
            conn.executemany("INSERT INTO messages(message_id, owner, conversation_id,"
                             " session_id, ts, role, speaker, text, importance, source_file,"
                             " source_line, run_id, extracted, language) VALUES"
                             f" ({', '.join('?' * 14)})",
                             message_rows(rng, start, min(100_000, n - start), owners))
            conn.executemany(
                "INSERT INTO memories(id, owner, subject, key, type, category, content,"
                " content_hash, language, importance, importance_explicit,"
                " source_message_ids, session_id, created_at, updated_at, last_accessed_at,"
                " access_count, status, merged_into, expires_at, embedded_hash, valid_from,"
                " valid_until, slot, slot_value) VALUES"
                f" ({', '.join('?' * 25)})",
                memory_rows(rng, start, min(100_000, n - start), owners))
        conn.execute("INSERT INTO memory_decay(memory_id, decay_score)"
                     " SELECT id, 0.2 + (id % 800) / 1000.0 FROM memories")
        picked = [(i,) for i in range(1, n + 1, 20)]
        conn.executemany("INSERT INTO archive(memory_id, archived_at, reason, content,"
                         " decay_score, run_id) SELECT id, updated_at, 'forgotten', content,"
                         " 0.01, 'decay-build' FROM memories WHERE id = ?", picked)
        conn.executemany("UPDATE memories SET status = 'forgotten' WHERE id = ?", picked)
        for start in range(0, accesses, 200_000):
            conn.executemany(ACCESS_SQL, access_rows(
                rng, n, owners, min(200_000, accesses - start),
                START + timedelta(days=start * 365 // max(accesses, 1)), 1))
    ensure_schema(conn)  # the bulk-dropped triggers back (writes below are recorded)
    return conn


def a_day(conn: sqlite3.Connection, day: int, n: int, rng: random.Random,
          accesses: int) -> str:
    """One day's writes: 1,000 messages (20 owners), 1,000 memories, every score rewritten,
    300 forgotten, 1,000 touched, ``accesses`` hits applied (yesterday's unapplied ones
    too) and as many left unapplied, a run with stages; returns the run's id."""
    owners = [f"owner{k:04d}" for k in range(max(10, n // 2000))]
    today = START + timedelta(days=365 + day)
    busy = rng.sample(owners, min(20, len(owners)))
    top = int(conn.execute("SELECT max(id) FROM memories").fetchone()[0])
    with transaction(conn):
        conn.executemany("INSERT INTO messages(message_id, owner, conversation_id, session_id,"
                         " ts, role, speaker, text, importance, source_file, source_line,"
                         " run_id, extracted, language) VALUES"
                         f" ({', '.join('?' * 14)})",
                         [(f"day{day}-{r[0]}", *r[1:]) for r in
                          message_rows(rng, n + day * 1000, 1000, busy, today)])
        conn.executemany(
            "INSERT INTO memories(id, owner, subject, key, type, category, content,"
            " content_hash, language, importance, importance_explicit, source_message_ids,"
            " session_id, created_at, updated_at, last_accessed_at, access_count, status,"
            " merged_into, expires_at, embedded_hash, valid_from, valid_until, slot,"
            f" slot_value) VALUES ({', '.join('?' * 25)})",
            memory_rows(rng, top, 1000, busy, today))
        conn.execute("INSERT OR REPLACE INTO memory_decay(memory_id, decay_score)"
                     " SELECT id, 0.2 + ((id + ?) % 800) / 1000.0 FROM memories"
                     " WHERE status = 'active'", (day,))
        active = [r[0] for r in conn.execute("SELECT id FROM memories WHERE status = 'active'"
                                             " AND id % 97 = ? LIMIT 1300", (day % 97,))]
        archive(conn, active[:300], "forgotten", iso(today), f"decay-{day}")
        conn.executemany("UPDATE memories SET access_count = access_count + 1,"
                         " last_accessed_at = ? WHERE id = ?",
                         [(iso(today), i) for i in active[300:]])
        conn.executemany("INSERT INTO access_log(memory_id, owner, accessed_at, query,"
                         " applied) SELECT id, owner, ?, 'coffee', 1 FROM memories WHERE id = ?",
                         [(iso(today), i) for i in active[300:]])
        conn.execute("UPDATE access_log SET applied = 1 WHERE applied = 0")  # decay's pass
        conn.executemany(ACCESS_SQL, access_rows(rng, n, owners, accesses, today, 1))
        conn.executemany(ACCESS_SQL, access_rows(rng, n, owners, accesses, today, 0))
        run_id = f"pipeline-bench-{day}"
        conn.execute("INSERT INTO runs(run_id, kind, state, started_at, now, stats) VALUES"
                     " (?, 'pipeline', 'started', ?, ?, ?)",
                     (run_id, iso(today), iso(today), json.dumps({"pid": 1})))
        conn.executemany("INSERT INTO run_stages(run_id, seq, stage, state, started_at,"
                         " duration_s, counts) VALUES (?, ?, ?, 'completed', ?, 1.5, ?)",
                         [(run_id, k + 1, stage, iso(today), json.dumps({"rows": 1000}))
                          for k, stage in enumerate(("ingest", "embed", "extract", "index",
                                                     "decay", "compress", "publish"))])
    return run_id


def close_run(conn: sqlite3.Connection, run_id: str, folder: Path) -> None:
    """The run's final state, then ``runs`` published alone (as ``end_run`` does)."""
    with transaction(conn):
        conn.execute("UPDATE runs SET state = 'completed', finished_at = started_at, stats = ?"
                     " WHERE run_id = ?", (json.dumps({"ingest": {"files_read": 1},
                                                       "seconds": 12.5}), run_id))
    lake.publish_runs(conn, folder)


def timed_publish(conn: sqlite3.Connection, folder: Path, cpu: list[float]) -> float:
    """Wall seconds of one publish; its CPU seconds (this process) appended to ``cpu``."""
    t, c = time.perf_counter(), time.process_time()
    lake.publish(conn, folder)
    cpu.append(time.process_time() - c)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    ap.add_argument("--reps", type=int, default=3, help="full publishes and days measured")
    ap.add_argument("--work", type=Path, default=None, help="folder for the homes (temp)")
    ap.add_argument("--access-log", type=int, default=None,
                    help="access-log rows in the store before the days (default: N)")
    ap.add_argument("--day-accesses", type=int, default=2_500,
                    help="search hits a day, applied (as many again left unapplied)")
    args = ap.parse_args()
    code = Path(kore_pipeline.__file__).parent.parent
    print(f"code: {code}  store schema {SCHEMA_VERSION}  lake schema"
          f" {lake.LAKE_SCHEMA_VERSION}")
    print("| N | access_log | build s | full publish s wall / CPU (median) | day's publish s"
          " wall / CPU (median) | run close s (median) | days (wall) |")
    print("|---|---|---|---|---|---|---|")
    for n in args.sizes:
        root = Path(tempfile.mkdtemp(prefix="bench-publish-", dir=args.work))
        try:
            t = time.perf_counter()
            accesses = n if args.access_log is None else args.access_log
            conn = build(root, n, accesses)
            built = time.perf_counter() - t
            print(f"[n={n}] built in {built:.1f} s", file=sys.stderr, flush=True)
            fulls: list[float] = []
            full_cpu: list[float] = []
            for rep in range(args.reps):  # a fresh lake each time: everything written
                shutil.rmtree(root / "lake", ignore_errors=True)
                fulls.append(timed_publish(conn, root / "lake", full_cpu))
                print(f"[n={n}] full {rep}: {fulls[-1]:.2f} s", file=sys.stderr, flush=True)
            rng = random.Random(11)
            days: list[float] = []
            day_cpu: list[float] = []
            closes: list[float] = []
            for day in range(args.reps):
                run_id = a_day(conn, day, n, rng, args.day_accesses)
                days.append(timed_publish(conn, root / "lake", day_cpu))
                t = time.perf_counter()
                close_run(conn, run_id, root / "lake")
                closes.append(time.perf_counter() - t)
                print(f"[n={n}] day {day}: {days[-1]:.2f} s, close {closes[-1]:.2f} s",
                      file=sys.stderr, flush=True)
            conn.close()
            med = statistics.median
            print(f"| {n:,} | {accesses:,} | {built:.1f} | {med(fulls):.2f} /"
                  f" {med(full_cpu):.2f} | {med(days):.2f} / {med(day_cpu):.2f} |"
                  f" {med(closes):.2f} |"
                  f" {', '.join(f'{d:.2f}' for d in days)} |", flush=True)
        finally:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
