"""Scale benchmark, vector index: recall@10 of the approximate kinds against exact search on
REAL sentence embeddings (user turns of Synthetic-Persona-Chat, embedded once with the packaged
MiniLM and cached in a temp folder, never in the repository), and in-place index updates."""

from __future__ import annotations

import csv
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from bench_common import log, med, model_id, perf
from bench_report import Table

from kore_pipeline import ids
from kore_pipeline.embed import cache as embed
from kore_pipeline.index import sync as indexing
from kore_pipeline.index.vectors import VectorIndex, ivf_nlist
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store

DATA = Path("../shared/data")
"""Default folder of the public datasets (``--data``); Synthetic-Persona-Chat is read from it."""


def real_sentences(data: Path, n: int, seed: int) -> list[str]:
    """Up to ``n`` distinct utterances (speaker prefix removed) from the dataset's CSV files."""
    seen: dict[str, None] = {}
    for path in sorted(data.glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as fh:
            for rec in csv.DictReader(fh):
                for line in (rec.get("Best Generated Conversation") or "").splitlines():
                    text = line.split(":", 1)[1].strip() if ":" in line[:10] else line.strip()
                    if len(text.split()) >= 4:
                        seen.setdefault(text, None)
    out = list(seen)
    random.Random(seed).shuffle(out)
    return out[:n]


def real_vectors(embedder: embed.Embedder, data: Path, n: int, seed: int,
                 folder: Path | None = None) -> tuple[np.ndarray, float, bool]:
    """(vectors, seconds to embed, from the file cache) for ``n`` real sentences."""
    folder = folder or Path(tempfile.gettempdir()) / "kore-bench-scale"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"real-{embedder.signature.replace(':', '-')}-{n}-{seed}.npy"
    if path.is_file():
        return np.load(path), 0.0, True
    texts = real_sentences(data, n, seed)
    log(f"embedding {len(texts)} real sentences (once; cached in {folder})")
    t0 = perf()
    vecs = embedder.encode(texts)
    took = perf() - t0
    np.save(path, vecs)
    (folder / (path.stem + ".json")).write_text(json.dumps(texts[:50]), encoding="utf-8")
    return vecs, took, False


def recall_at_k(exact: list[list[int]], got: list[list[int]], k: int = 10) -> float:
    return float(np.mean([len(set(a[:k]) & set(b[:k])) / max(1, min(k, len(a)))
                          for a, b in zip(exact, got, strict=True)]))


def bench_recall(t: Table, sec: str, embedder: embed.Embedder, n_real: int, n_queries: int,
                 seed: int, data: Path = DATA) -> None:
    vecs, took, cached = real_vectors(embedder, data / "synthetic-persona-chat",
                                      n_real + n_queries, seed)
    db, qs = vecs[:-n_queries], vecs[-n_queries:]
    id_arr = np.arange(1, len(db) + 1, dtype=np.int64) * 7  # ids are not positions
    owners = np.random.default_rng(seed).integers(0, 50, len(db))
    t.note(sec, f"{len(db)} real user sentences (Synthetic-Persona-Chat) as the indexed set, "
                f"{len(qs)} other sentences as queries; exact = IndexFlatIP")
    t.add(sec, "embedding the real sentences", "cached file" if cached else f"{took:.0f} s "
          f"({len(vecs) / max(took, 1e-9):.0f}/s)")
    exact = VectorIndex.build(id_arr, db, embedder.signature, kind="flat")
    want = [[i for i, _ in exact.search(q, 10)] for q in qs]
    allowed = id_arr[owners == 3]
    want_f = [[i for i, _ in exact.search(q, 10, allowed_ids=allowed)] for q in qs[:200]]
    for kind, storage in (("flat", "sq8"), ("ivf", "float32"), ("ivf", "sq8")):
        t0 = perf()
        idx = VectorIndex.build(id_arr, db, embedder.signature, kind=kind, storage=storage)
        t_build = perf() - t0
        probes = [32] if kind == "flat" else [8, 16, 32, 64]
        for nprobe in probes:
            idx.nprobe = nprobe
            lat = []
            got = []
            for q in qs:
                t0 = perf()
                got.append([i for i, _ in idx.search(q, 10)])
                lat.append(perf() - t0)
            got_f = [[i for i, _ in idx.search(q, 10, allowed_ids=allowed)] for q in qs[:200]]
            label = f"{kind}/{storage}" + (f" nlist={ivf_nlist(len(db))} nprobe={nprobe}"
                                           if kind == "ivf" else "")
            t.add(sec, f"recall@10 {label}", f"{recall_at_k(want, got):.3f} (owner-filtered "
                  f"{recall_at_k(want_f, got_f):.3f}); {med(lat) * 1000:.2f} ms/query; "
                  f"build {t_build:.1f} s")


def bench_incremental(t: Table, sec: str, settings: KoreSettings, frac: float,
                      embedder: embed.Embedder, seed: int) -> None:
    """Change ``frac`` of the memories' texts (vectors put in the cache) and sync in place."""
    conn = store.connect(settings.db_path())
    n = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    rng = np.random.default_rng(seed)
    picked = rng.choice(np.arange(1, n + 1), max(1, int(n * frac)), replace=False).tolist()
    rows = conn.execute(f"SELECT id, subject, content FROM memories WHERE id IN "
                        f"({','.join(map(str, picked))})").fetchall()
    new = [(r["id"], r["subject"], r["content"] + " Updated.") for r in rows]
    v = rng.standard_normal((len(new), embedder.dim)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    cache = embed.EmbeddingCache(settings.cache_path())
    cache.put_many([ids.embedding_key(model_id(settings), embed.embed_text(s, c))
                    for _i, s, c in new], v)
    with store.transaction(conn):
        conn.executemany("UPDATE memories SET content = ?, content_hash = ? WHERE id = ?",
                         [(c, ids.text_hash(c), i) for i, _s, c in new])
    t0 = perf()
    rep = indexing.sync_index(conn, settings, embedder, cache)
    took = perf() - t0
    cache.close()
    conn.close()
    t.add(sec, f"sync_index after {len(new)} changed memories ({frac:.0%})",
          f"{took:.1f} s (in place: {rep.updated_in_place}, kind {rep.kind}, "
          f"{rep.stale} re-added, {rep.encoded} encoded)")


def summary(t: Table) -> dict[str, Any]:
    return t.data
