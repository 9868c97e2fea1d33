"""Scale benchmark, corpus: N generated memories in a real store, their SYNTHETIC vectors in
the real EmbeddingCache, and the index built by the real ``sync_index`` (which embeds nothing)."""

from __future__ import annotations

import random
import shutil
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench_common import NOW, log, model_id, perf
from bench_corpus import INSERT_SQL, generate_corpus
from bench_report import Table

from kore_pipeline import ids
from kore_pipeline.embed import cache as embed
from kore_pipeline.index import sync as indexing
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.timeutil import iso


def build_store(t: Table, sec: str, settings: KoreSettings, n: int, owners: int, subjects: int,
                seed: int, embedder: embed.Embedder) -> dict[str, Any]:
    """Generate, insert, cache and index ``n`` memories; return the corpus (vectors, groups)."""
    log(f"[{n}] generating memories")
    t0 = perf()
    corpus = generate_corpus(n, owners, subjects, 0.02, embedder.dim, seed)
    t_gen = perf() - t0
    rows = corpus.pop("rows")
    conn = store.connect(settings.db_path())
    log(f"[{n}] inserting")
    t0 = perf()
    with store.transaction(conn):
        conn.executemany(INSERT_SQL, rows)
    t_insert = perf() - t0
    arng = random.Random(seed + 1)
    acc = [(r[0], r[1], iso(NOW - timedelta(seconds=arng.randint(0, 30 * 86400))), "bench")
           for r in (rows[arng.randrange(n)] for _ in range(max(1, n // 100)))]
    with store.transaction(conn):
        conn.executemany("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                         " VALUES (?,?,?,?)", acc)
    log(f"[{n}] writing synthetic vectors into the embedding cache")
    cache = embed.EmbeddingCache(settings.cache_path())
    t0 = perf()
    for start in range(0, n, 100_000):
        part = rows[start : start + 100_000]
        cache.put_many([ids.embedding_key(model_id(settings), embed.embed_text(r[2], r[6]))
                        for r in part], corpus["vectors"][start : start + 100_000])
    t_cache = perf() - t0
    cache.close()
    log(f"[{n}] sync_index (cache hits only)")
    cache = embed.EmbeddingCache(settings.cache_path())
    t0 = perf()
    rep = indexing.sync_index(conn, settings, embedder, cache)
    t_sync = perf() - t0
    cache.close()
    if rep.encoded:
        raise RuntimeError(f"sync_index encoded {rep.encoded} texts; the cache was bypassed")
    groups: dict[tuple[str, str, str], list[int]] = {}
    for r in rows:
        groups.setdefault((r[1], r[2], r[4]), []).append(r[0])
    sizes = sorted(len(g) for g in groups.values())
    corpus["groups"] = groups
    corpus["rows_count"] = n
    corpus["rows"] = rows
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    db_mb = Path(settings.db_path()).stat().st_size / 1e6
    t.add(sec, "memories", n)
    t.add(sec, "owners x subjects; (owner,subject,type) groups", f"{owners} x {subjects}; "
          f"{len(groups)}")
    t.add(sec, "group size median / p99 / max",
          f"{sizes[len(sizes) // 2]} / {sizes[int(len(sizes) * 0.99)]} / {sizes[-1]}")
    t.add(sec, "generate / insert / cache put", f"{t_gen:.1f} / {t_insert:.1f} / {t_cache:.1f}",
          unit="s")
    t.add(sec, f"sync_index full build ({rep.kind}, 0 encoded)", t_sync, "{:.1f}", "s")
    t.add(sec, "store size", db_mb, "{:.0f}", "MB")
    return corpus


def copy_home(src: KoreSettings, dst: Path) -> KoreSettings:
    """A copy of a home folder (store, cache, index) to run a destructive stage on."""
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src.home, dst, ignore=shutil.ignore_patterns("snapshot*", "copy-*"))
    return KoreSettings(home=dst)
