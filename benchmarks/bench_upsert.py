#!/usr/bin/env python
"""The extract stage's upsert alone: candidates of N real messages into a fresh store.

    python benchmarks/bench_upsert.py --messages 30000,100000 [--distinct] [--add 10000]
        [--owners K] [--data ../shared/data] [--profile out.prof]

Messages are built as ``bench_realtext.py`` builds them (recombined real turns, N / 1,000
owners unless ``--owners``, a year of timestamps; ``--distinct`` makes every text unique, as
in the 1M run) and ingested into a fresh home (``stage_ingest``, timed). Then, inside one
transaction as the serving unit of a run opens it, and timed on their own (wall and CPU
seconds of this process):

* ``extraction``: ``extract_memories`` of the pending messages (facts, scores, and the fold of
  a key said again in the batch), extraction caches cleared first;
* ``upsert``: ``upsert_memories`` of those candidates (the messages marked extracted too);
* with ``--add K``: K more messages of the same owners a day later (new sessions, turns said
  again), their extraction and upsert into the store of the first batch.

After each size, a digest (SHA-256) of what a user sees: every memory row (provenance, times,
importance, status, supersessions), the archive, and the pending rows of compression and the
lake. Run the same command on another checkout (``PYTHONPATH=that/checkout``) to compare the
code before and after: the digests must be equal. With two sizes or more, each timed step's
growth exponent between consecutive sizes (log of the time ratio over log of the size ratio).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import math
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_realtext import (  # noqa: E402
    NOW,
    START,
    Distinct,
    load,
    source_conversations,
    write_messages,
)

import kore_pipeline  # noqa: E402
from kore_pipeline.extract.facts import (  # noqa: E402
    clear_caches,
    extract_memories,
    upsert_memories,
)
from kore_pipeline.ingest.reader import message_key  # noqa: E402
from kore_pipeline.run.pipeline import open_run, pending_messages, stage_ingest  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.store.db import transaction  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DIGEST_QUERIES = (
    "SELECT id, owner, subject, key, type, category, content, content_hash, language,"
    " importance, importance_explicit, source_message_ids, session_id, created_at, updated_at,"
    " last_accessed_at, access_count, status, merged_into, expires_at, valid_from, valid_until,"
    " slot, slot_value FROM memories ORDER BY id",
    "SELECT memory_id, archived_at, reason, merged_into, content FROM archive ORDER BY memory_id",
    "SELECT memory_id FROM compress_pending ORDER BY memory_id",
    "SELECT memory_id, changes FROM lake_pending_memories ORDER BY memory_id",
    "SELECT owner, changes FROM lake_pending_owners ORDER BY owner",
    "SELECT owner, conversation_id, message_id, extracted FROM messages"
    " ORDER BY owner, conversation_id, message_id",
)


def digest(conn: sqlite3.Connection) -> str:
    """SHA-256 of the store as a user and the later stages see it."""
    h = hashlib.sha256()
    for query in DIGEST_QUERIES:
        for row in conn.execute(query):
            h.update(repr(tuple(row)).encode())
        h.update(b"|")
    return h.hexdigest()[:16]


def timed(fn: Callable[[], Any], prof: cProfile.Profile | None) -> tuple[Any, float, float]:
    """``fn()`` with its wall and CPU seconds (profiled with ``prof``)."""
    wall, cpu = time.perf_counter(), time.process_time()
    if prof is not None:
        prof.enable()
    out = fn()
    if prof is not None:
        prof.disable()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def one_batch(conn: sqlite3.Connection, settings: KoreSettings, now: str,
              prof: cProfile.Profile | None) -> dict[str, Any]:
    """Extract and upsert the pending messages, each timed."""
    pending = pending_messages(conn)
    clear_caches()
    cands, ex_wall, ex_cpu = timed(lambda: extract_memories(pending, settings), None)
    done = [message_key(m) for m in pending]

    def upsert() -> Any:
        with transaction(conn):  # the serving transaction of the run's unit
            return upsert_memories(conn, cands, now, done_messages=done)

    rep, up_wall, up_cpu = timed(upsert, prof)
    return {"messages": len(pending), "candidates": len(cands), "inserted": rep.inserted,
            "updated": rep.updated, "unchanged": rep.unchanged, "superseded": rep.superseded,
            "extraction": (ex_wall, ex_cpu), "upsert": (up_wall, up_cpu)}


def run_size(size: int, cfg: argparse.Namespace, convs: list[Any], work: Path,
             prof: cProfile.Profile | None) -> dict[str, Any]:
    """One size in a fresh home: the first batch, then (``--add``) a day later."""
    owners = cfg.owners or max(8, size // 1000)
    distinct = Distinct(convs, random.Random(cfg.seed)) if cfg.distinct else None
    day0 = work / f"day0-{size}"
    write_messages(convs, size, owners, cfg.seed, day0, START, "d0", distinct=distinct)
    settings = KoreSettings(home=work / f"home-{size}")
    ctx = open_run(settings, "pipeline", now=NOW)
    try:
        _, in_wall, in_cpu = timed(lambda: stage_ingest(ctx, [day0]), None)
        out = {"first": {**one_batch(ctx.conn, settings, iso(NOW), prof),
                         "ingest": (in_wall, in_cpu)}}
        out["digest_first"] = digest(ctx.conn)
        out["store_mb"] = settings.db_path().stat().st_size / 2**20
        if cfg.add:
            later = NOW + timedelta(days=1)
            day1 = work / f"day1-{size}"
            write_messages(convs, cfg.add, owners, cfg.seed + 1, day1, NOW + timedelta(hours=1),
                           "d1", span_s=20 * 3600, distinct=distinct)
            stage_ingest(ctx, [day1])
            out["add"] = one_batch(ctx.conn, settings, iso(later), prof)
            out["digest_add"] = digest(ctx.conn)
    finally:
        ctx.close()
        shutil.rmtree(settings.home, ignore_errors=True)
        shutil.rmtree(day0, ignore_errors=True)
    return out


def show(size: int, res: dict[str, Any]) -> None:
    for part in ("first", "add"):
        if part not in res:
            continue
        r = res[part]
        print(f"{size:>9,} {part:<5} messages {r['messages']:>9,} candidates"
              f" {r['candidates']:>9,} (ins {r['inserted']:,} upd {r['updated']:,} same"
              f" {r['unchanged']:,} sup {r['superseded']:,}) | extraction wall/CPU"
              f" {r['extraction'][0]:7.2f} / {r['extraction'][1]:7.2f} s | upsert wall/CPU"
              f" {r['upsert'][0]:7.2f} / {r['upsert'][1]:7.2f} s | digest"
              f" {res['digest_' + part]}")
        if "ingest" in r:
            print(f"{size:>9,} {part:<5} ingest wall/CPU {r['ingest'][0]:.2f} /"
                  f" {r['ingest'][1]:.2f} s")
    print(f"{size:>9,} store after the first batch {res['store_mb']:.0f} MB", flush=True)


def growth(sizes: list[int], results: dict[int, dict[str, Any]]) -> None:
    print("\ngrowth exponent (CPU) between consecutive sizes:")
    for a, b in zip(sizes, sizes[1:], strict=False):
        ra, rb = results[a]["first"], results[b]["first"]
        parts = []
        for step in ("ingest", "extraction", "upsert"):
            ta, tb = ra[step][1], rb[step][1]
            parts.append(f"{step} x{tb / ta:.2f} (exponent"
                         f" {math.log(tb / ta) / math.log(b / a):.2f})")
        print(f"  {a:,} -> {b:,} (x{b / a:.2f}): " + ", ".join(parts))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--messages", default="30000,100000", help="sizes, comma-separated")
    p.add_argument("--distinct", action="store_true", help="every message's text unique")
    p.add_argument("--owners", type=int, default=0, help="default: messages / 1000, >= 8")
    p.add_argument("--add", type=int, default=0, help="messages of a second batch a day later")
    p.add_argument("--seed", type=int, default=16)
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--profile", type=Path, default=None, help="cProfile of the upserts")
    cfg = p.parse_args(argv)
    sizes = sorted(int(s) for s in cfg.messages.split(",") if s.strip())
    print(f"# bench_upsert {' '.join(sys.argv[1:])}; code {Path(kore_pipeline.__file__).parent};"
          f" load average {load()}; {os.cpu_count()} CPUs;"
          f" {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
    convs = source_conversations(cfg.data)
    prof = cProfile.Profile() if cfg.profile else None
    work = Path(tempfile.mkdtemp(prefix="kore-upsert-"))
    results: dict[int, dict[str, Any]] = {}
    try:
        for size in sizes:
            results[size] = run_size(size, cfg, convs, work, prof)
            show(size, results[size])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if len(sizes) > 1:
        growth(sizes, results)
    if prof is not None:
        prof.dump_stats(cfg.profile)
    print(f"# load average at the end {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
