"""Section 1, corpus: generated memories inserted into the real store, synthetic vectors
written into the real EmbeddingCache, then ``sync_index`` builds and saves the index."""

from __future__ import annotations

import argparse
import json
import random
import shutil
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
from bench_common import NOW, log, model_id, perf
from bench_report import Table
from bench_texts import CATEGORY_WEIGHTS, NAMES, make_sentence, reword

from kore_pipeline import ids
from kore_pipeline.embed import cache as embed
from kore_pipeline.index import sync as indexing
from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.timeutil import iso

IMPORTANCE_WEIGHTS = {1: 0.25, 2: 0.30, 3: 0.25, 4: 0.13, 5: 0.07}
"""Assumed spread of auto-scored importance (most memories low, few critical)."""


def _zipf_weights(n: int, s: float = 1.0) -> list[float]:
    w = [1.0 / (i + 1) ** s for i in range(n)]
    total = sum(w)
    return [x / total for x in w]


def generate_corpus(n: int, owners: int, subjects: int, dup_frac: float, dim: int,
                    seed: int) -> dict[str, Any]:
    """Rows for ``memories`` (ids 1..n), unit vectors aligned with them, planted pairs."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    owner_names = [f"owner{i:02d}" for i in range(owners)]
    # The speaker of most memories is the user; the other subjects follow a Zipf curve.
    owner_subjects = {o: ["user", *rng.sample(NAMES, subjects - 1)] for o in owner_names}
    subj_w = _zipf_weights(subjects)
    cats = list(CATEGORY_WEIGHTS)
    cat_w = list(CATEGORY_WEIGHTS.values())
    imps = list(IMPORTANCE_WEIGHTS)
    imp_w = list(IMPORTANCE_WEIGHTS.values())
    n_dup = int(round(n * dup_frac))
    n_orig = n - n_dup
    seen: set[str] = set()
    recs: list[dict[str, Any]] = []
    year_s = 365 * 86400

    def unique_text(subject: str, make: Callable[[], str]) -> str:
        for attempt in range(50):
            content = make()
            if attempt > 5:
                content += f" Note {rng.randint(2, 9999)}."
            key = embed.embed_text(subject, content)
            if key not in seen:
                seen.add(key)
                return content
        raise RuntimeError("cannot generate a unique text")

    for _ in range(n_orig):
        owner = rng.choice(owner_names)
        subject = rng.choices(owner_subjects[owner], weights=subj_w)[0]
        category = rng.choices(cats, weights=cat_w)[0]
        content = unique_text(subject, lambda c=category: make_sentence(rng, c))
        created = NOW - timedelta(seconds=rng.randint(0, year_s))
        recs.append({"owner": owner, "subject": subject, "category": category,
                     "content": content, "importance": rng.choices(imps, weights=imp_w)[0],
                     "created": created, "dup_of": None})
    originals = rng.sample(range(n_orig), n_dup)
    for o in originals:
        src = recs[o]
        content = unique_text(src["subject"], lambda s=src: reword(rng, s["content"]))
        created = min(NOW, src["created"] + timedelta(days=rng.uniform(0.5, 60)))
        imp = min(5, max(1, src["importance"] + rng.choice((-1, 0, 0, 1))))
        recs.append({**src, "content": content, "importance": imp, "created": created,
                     "dup_of": o})
    # Shuffle so planted duplicates are interleaved with the rest; ids are 1..n after this.
    order = list(range(n))
    rng.shuffle(order)
    new_pos = {old: new for new, old in enumerate(order)}
    recs = [recs[i] for i in order]

    vecs = nrng.standard_normal((n, dim), dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    planted: list[tuple[int, int]] = []
    for pos, r in enumerate(recs):
        if r["dup_of"] is None:
            continue
        opos = new_pos[r["dup_of"]]
        noise = nrng.standard_normal(dim).astype(np.float32)
        noise /= np.linalg.norm(noise)
        v = vecs[opos] + noise * np.float32(nrng.uniform(0.15, 0.40))
        vecs[pos] = v / np.linalg.norm(v)
        planted.append((min(opos, pos) + 1, max(opos, pos) + 1))
    planted_cos = np.array([float(vecs[a - 1] @ vecs[b - 1]) for a, b in planted])

    rows = []
    for pos, r in enumerate(recs):
        mid = pos + 1
        created = r["created"]
        access_count = 0
        last_accessed = None
        if rng.random() < 0.3:
            access_count = min(30, int(nrng.geometric(0.35)))
            span = max(1, int((NOW - created).total_seconds()))
            last_accessed = iso(created + timedelta(seconds=rng.randint(0, span)))
        mtype = "episodic" if r["category"] == "episode" else "factual"
        key = f"{r['category']}:bench_{mid:07d}"
        msg = "m_" + ids.digest(r["owner"], str(mid))
        rows.append((
            mid, r["owner"], r["subject"], key, mtype, r["category"], r["content"],
            ids.text_hash(r["content"]), "en", r["importance"], 0, json.dumps([msg]),
            f"s_{r['owner']}_{rng.randint(0, 400)}", iso(created), iso(created),
            last_accessed, access_count, "active"))
    return {"rows": rows, "vectors": vecs, "planted": planted, "planted_cos": planted_cos,
            "owner_subjects": owner_subjects}


INSERT_SQL = (
    "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
    " language, importance, importance_explicit, source_message_ids, session_id, created_at,"
    " updated_at, last_accessed_at, access_count, status)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")


def bench_corpus(t: Table, settings: KoreSettings, cfg: argparse.Namespace,
                 embedder: embed.Embedder) -> dict[str, Any]:
    dim = embedder.dim
    log(f"generating {cfg.memories} memories")
    t0 = perf()
    corpus = generate_corpus(cfg.memories, cfg.owners, cfg.subjects, cfg.dup_frac, dim,
                             cfg.seed)
    t_gen = perf() - t0
    rows = corpus["rows"]
    conn = store.connect(settings.db_path())
    log("inserting")
    t0 = perf()
    with store.transaction(conn):
        conn.executemany(INSERT_SQL, rows)
    t_insert = perf() - t0
    # Some search hits not yet folded in by decay, so run_decay has accesses to apply.
    arng = random.Random(cfg.seed + 1)
    n_acc = max(1, len(rows) // 100)
    acc = []
    for _ in range(n_acc):
        r = rows[arng.randrange(len(rows))]
        acc.append((r[0], r[1], iso(NOW - timedelta(seconds=arng.randint(0, 30 * 86400))),
                    "bench"))
    with store.transaction(conn):
        conn.executemany("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                         " VALUES (?,?,?,?)", acc)

    log("writing synthetic vectors into the embedding cache")
    cache = embed.EmbeddingCache(settings.cache_path())
    keys = [ids.embedding_key(model_id(settings), embed.embed_text(r[2], r[6])) for r in rows]
    t0 = perf()
    cache.put_many(keys, corpus["vectors"])
    t_cache = perf() - t0

    log("sync_index (cache hits only)")
    t0 = perf()
    rep = indexing.sync_index(conn, settings, embedder, cache)
    t_sync = perf() - t0
    if rep.encoded:
        raise RuntimeError(f"sync_index encoded {rep.encoded} texts; the cache was bypassed")
    # Breakdown: build and save alone on the same vectors.
    id_arr = np.arange(1, len(rows) + 1, dtype=np.int64)
    t0 = perf()
    vi = VectorIndex.build(id_arr, corpus["vectors"], embedder.signature)
    t_build = perf() - t0
    tmp_dir = settings.home / "bench_index_copy"
    t0 = perf()
    vi.save(tmp_dir)
    t_save = perf() - t0
    t0 = perf()
    VectorIndex.load(settings.index_dir())
    t_load = perf() - t0
    t0 = perf()
    current = indexing.index_is_current(conn, settings)
    t_current = perf() - t0
    shutil.rmtree(tmp_dir)
    del vi

    groups: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        groups.setdefault((r[1], r[2]), []).append(r[0])
    sizes = sorted(len(g) for g in groups.values())
    imp_counts = {i: 0 for i in range(1, 6)}
    for r in rows:
        imp_counts[r[9]] += 1
    db_mb = sum(Path(str(settings.db_path()) + s).stat().st_size
                for s in ("", "-wal") if Path(str(settings.db_path()) + s).exists()) / 1e6

    sec = "1 corpus"
    t.note(sec, "corpus vectors are SYNTHETIC random unit vectors put in the real "
                "EmbeddingCache; the model is used only for query vectors, the index "
                "signature and the throughput figures (section 5)")
    t.add(sec, "memories", len(rows))
    t.add(sec, "owners x subjects (groups)", f"{cfg.owners} x {cfg.subjects} ({len(groups)})")
    t.add(sec, "group size min/median/max",
          f"{sizes[0]} / {sizes[len(sizes) // 2]} / {sizes[-1]}")
    t.add(sec, "importance 1..5 counts", " / ".join(str(imp_counts[i]) for i in range(1, 6)))
    t.add(sec, "planted near-duplicates", len(corpus["planted"]))
    t.add(sec, "planted cosine min/mean", f"{corpus['planted_cos'].min():.3f} / "
          f"{corpus['planted_cos'].mean():.3f}")
    t.add(sec, "pending access_log rows", n_acc)
    t.add(sec, "generate texts+vectors", t_gen, "{:.2f}", "s")
    t.add(sec, "insert (executemany, FTS triggers)", t_insert, "{:.2f}", "s")
    t.add(sec, "insert rate", len(rows) / t_insert, "{:,.0f}", "rows/s")
    t.add(sec, "cache put_many (synthetic vectors)", t_cache, "{:.2f}", "s")
    t.add(sec, "sync_index total (0 encoded)", t_sync, "{:.2f}", "s")
    t.add(sec, "  VectorIndex.build alone", t_build, "{:.3f}", "s")
    t.add(sec, "  VectorIndex.save alone", t_save, "{:.3f}", "s")
    t.add(sec, "VectorIndex.load", t_load, "{:.3f}", "s")
    t.add(sec, "index_is_current (after sync)", t_current, "{:.3f}", "s")
    t.add(sec, "corpus build total (gen+insert+cache+index)",
          t_gen + t_insert + t_cache + t_sync, "{:.2f}", "s")
    t.add(sec, "store size (db+wal)", db_mb, "{:.0f}", "MB")
    if not current:
        t.note(sec, "WARNING: index_is_current() is False right after sync_index")
    corpus["groups"] = groups
    corpus["cache"] = cache
    corpus["conn"] = conn
    return corpus
