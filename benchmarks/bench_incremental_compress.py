#!/usr/bin/env python
"""Incremental compression: a day of new memories on a big, compressed home, compared with
what is there (the default) against a full pass over every pair (``full=True``), same home.

    python benchmarks/bench_incremental_compress.py [--memories 100000] [--add 1000]
        [--reps 3]

The home is built as ``bench_scale_store.build_store`` builds it (generated memories of 50
owners x 20 subjects, 2% planted near-duplicates, SYNTHETIC unit vectors in the real
embedding cache), then compressed until nothing merges ("yesterday"). The day adds
``--add`` memories: 10% near-duplicates of existing ones (cosine about 0.9-0.99), the rest
unrelated, of ``--day-owners`` owners (a day's users; 0: all). Timed, alternating, each
from the same copy of the home: passes of
``run_compress`` until nothing merges, incremental vs full; the merged texts of a pass get
their keeper's vector in the cache before the next pass (no model work is timed). Prints
medians, the ratio, the steps of the first pass, and whether both end in the same store.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from bench_common import NOW, log, model_id, perf  # noqa: E402
from bench_corpus import INSERT_SQL  # noqa: E402
from bench_report import Table  # noqa: E402
from bench_scale_store import build_store  # noqa: E402

from kore_pipeline import ids  # noqa: E402
from kore_pipeline.embed import cache as embed  # noqa: E402
from kore_pipeline.lifecycle.compress import run_compress  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.store import db as store  # noqa: E402


def seed_changed(conn: sqlite3.Connection, cache: embed.EmbeddingCache,
                 settings: KoreSettings, vectors: np.ndarray) -> None:
    """Give every active memory whose text is not cached (a merged keeper) its row's vector."""
    rows = conn.execute("SELECT id, subject, content FROM memories WHERE status = 'active'"
                        " AND updated_at > created_at").fetchall()
    keys = [ids.embedding_key(model_id(settings), embed.embed_text(r[1], r[2])) for r in rows]
    known = cache.get_many(keys)
    todo = [(k, int(r[0])) for k, r in zip(keys, rows, strict=True) if k not in known]
    if todo:
        cache.put_many([k for k, _ in todo], vectors[[i - 1 for _, i in todo]])


def until_stable(settings: KoreSettings, embedder: Any, vectors: np.ndarray,
                 full: bool) -> tuple[float, list[Any]]:
    """Passes until nothing merges; returns (seconds in run_compress, reports)."""
    conn = store.connect(settings.db_path())
    cache = embed.EmbeddingCache(settings.cache_path())
    took, reports = 0.0, []
    for _ in range(10):
        seed_changed(conn, cache, settings, vectors)
        t0 = perf()
        reports.append(run_compress(conn, settings, embedder, cache, NOW, full=full))
        took += perf() - t0
        if reports[-1].merged == 0:
            break
    cache.close()
    conn.close()
    return took, reports


def final_state(settings: KoreSettings) -> list[tuple[Any, ...]]:
    conn = store.connect(settings.db_path())
    out = [tuple(r) for r in conn.execute(
        "SELECT id, status, merged_into, content, importance FROM memories ORDER BY id")]
    conn.close()
    return out


def copy_store(src: Path, dst: Path) -> None:
    conn = sqlite3.connect(src)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    for suffix in ("-wal", "-shm"):
        Path(str(dst) + suffix).unlink(missing_ok=True)
    shutil.copyfile(src, dst)


def add_day(settings: KoreSettings, vectors: np.ndarray, n_add: int, seed: int,
            day_owners: int) -> np.ndarray:
    """Insert ``n_add`` new memories (10% near-duplicates) of ``day_owners`` owners (0: all)
    and cache their vectors."""
    rng = np.random.default_rng(seed)
    conn = store.connect(settings.db_path())
    active = [tuple(r) for r in conn.execute(
        "SELECT id, owner, subject, type, category FROM memories WHERE status = 'active'")]
    if day_owners:
        owners = sorted({r[1] for r in active})[:day_owners]
        active = [r for r in active if r[1] in owners]
    first = int(conn.execute("SELECT max(id) FROM memories").fetchone()[0]) + 1
    rows, vecs = [], []
    for k in range(n_add):
        mid = first + k
        src = active[int(rng.integers(len(active)))]
        if k % 10 == 0:  # a near-duplicate of an existing memory
            noise = rng.standard_normal(vectors.shape[1]).astype(np.float32)
            v = vectors[src[0] - 1] + noise / np.linalg.norm(noise) * rng.uniform(0.1, 0.4)
            content = f"Today again: memory {src[0]} said once more (day note {k})."
        else:
            v = rng.standard_normal(vectors.shape[1]).astype(np.float32)
            content = f"Something new on the day, number {k}, for {src[1]}."
        vecs.append(v / np.linalg.norm(v))
        rows.append((mid, src[1], src[2], f"{src[4]}:day_{mid}", src[3], src[4], content,
                     ids.text_hash(content), "en", int(rng.integers(1, 6)), 0,
                     f'["day_{mid}"]', "s_day", "2026-05-31T12:00:00+00:00",
                     "2026-05-31T12:00:00+00:00", None, 0, "active"))
    with store.transaction(conn):
        conn.executemany(INSERT_SQL, rows)
    conn.close()
    new_vecs = np.stack(vecs).astype(np.float32)
    cache = embed.EmbeddingCache(settings.cache_path())
    cache.put_many([ids.embedding_key(model_id(settings), embed.embed_text(r[2], r[6]))
                    for r in rows], new_vecs)
    cache.close()
    return np.vstack([vectors, new_vecs])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--memories", type=int, default=100_000)
    p.add_argument("--add", type=int, default=1000)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--day-owners", type=int, default=5,
                   help="owners the day's memories belong to (0: all 50)")
    p.add_argument("--seed", type=int, default=1234)
    cfg = p.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="kore-bench-incr-"))
    t = Table()
    sec = "incremental compress"
    try:
        settings = KoreSettings(home=work)
        embedder = embed.make_embedder(settings)
        corpus = build_store(t, sec, settings, cfg.memories, 50, 20, cfg.seed, embedder)
        vectors = corpus["vectors"]
        vectors = vectors[np.argsort([r[0] for r in corpus["rows"]])]  # row = id - 1
        log("yesterday: compressing until nothing merges")
        t_settle, settle = until_stable(settings, embedder, vectors, full=True)
        t.add(sec, "yesterday: full compression until stable",
              f"{t_settle:.1f} s, {len(settle)} passes, {sum(r.merged for r in settle)} merged")
        vectors = add_day(settings, vectors, cfg.add, cfg.seed + 7, cfg.day_owners)
        day = work / "day.sqlite"
        copy_store(settings.db_path(), day)
        times: dict[str, list[float]] = {"incremental": [], "full": []}
        reports: dict[str, list[Any]] = {}
        states: dict[str, list[tuple[Any, ...]]] = {}
        t.add(sec, "load average at start", f"{os.getloadavg()[0]:.1f}")
        for rep in range(cfg.reps):
            for mode in ("incremental", "full"):
                copy_store(day, settings.db_path())
                log(f"{mode} {rep + 1}/{cfg.reps}")
                took, reports[mode] = until_stable(settings, embedder, vectors,
                                                   full=mode == "full")
                times[mode].append(took)
                states[mode] = final_state(settings)
        for mode in ("incremental", "full"):
            first = reports[mode][0]
            t.add(sec, f"{mode}: a day of {cfg.add:,} ({cfg.day_owners or 50} owners) on"
                  f" {cfg.memories:,}, median of"
                  f" {cfg.reps} (runs)", f"{statistics.median(times[mode]):.2f} s ("
                  + " / ".join(f"{x:.2f}" for x in times[mode]) + ")")
            t.add(sec, f"  {mode}: passes, compared in pass 1, merged",
                  f"{len(reports[mode])}, {first.compared:,}, "
                  f"{sum(r.merged for r in reports[mode])}")
            t.add(sec, f"  {mode}: pass 1 steps", ", ".join(
                f"{k} {v:.2f}" for k, v in first.seconds.items()), unit="s")
        t.add(sec, "ratio full / incremental (medians, this run)",
              f"{statistics.median(times['full']) / statistics.median(times['incremental']):.1f}",
              unit="x")
        t.add(sec, "same final store (every memory: status, merged_into, text, importance)",
              "yes" if states["incremental"] == states["full"] else "NO")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(t.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
