"""Section 5, embedding: plain ``model.encode`` vs ``embed_with_cache`` (cold, then warm)."""

from __future__ import annotations

import random

from bench_common import cpu, log, med, perf
from bench_report import Table
from bench_texts import CATEGORY_WEIGHTS, NAMES, make_sentence

from kore_pipeline.embed import cache as embed
from kore_pipeline.settings import KoreSettings


def bench_embedding(t: Table, settings: KoreSettings, embedder: embed.Embedder, n: int,
                    reps: int, seed: int) -> None:
    sec = "5 embedding"
    rng = random.Random(seed + 99)
    texts_set: dict[str, None] = {}
    cats = list(CATEGORY_WEIGHTS)
    while len(texts_set) < n:
        subject = rng.choice(["user", *NAMES])
        texts_set[embed.embed_text(subject, make_sentence(rng, rng.choice(cats)))] = None
    texts = list(texts_set)
    model = embedder.model
    model.encode(texts[:64], batch_size=64, normalize_embeddings=True,
                 show_progress_bar=False)  # warm-up
    ta, tb, tc, ca, cb = [], [], [], [], []
    cache_dir = settings.home / "bench_caches"
    for r in range(reps):
        log(f"embedding rep {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
        ta.append(perf() - t0)
        ca.append(cpu() - c0)
        cache = embed.EmbeddingCache(cache_dir / f"cold_{r}.sqlite")
        t0, c0 = perf(), cpu()
        _v, encoded = embed.embed_with_cache(texts, embedder, cache)
        tb.append(perf() - t0)
        cb.append(cpu() - c0)
        assert encoded == len(texts), encoded
        for _ in range(3 if r == reps - 1 else 0):
            t0 = perf()
            _v, encoded = embed.embed_with_cache(texts, embedder, cache)
            tc.append(perf() - t0)
            assert encoded == 0, encoded
        cache.close()
    a, b, c = n / med(ta), n / med(tb), n / med(tc)
    t.note(sec, f"{n} distinct template texts ('Subject: content'); (a) and (b) alternated "
                f"{reps}x, medians; torch threads left at default")
    t.add(sec, "(a) model.encode, batch 64", a, "{:.0f}", "texts/s")
    t.add(sec, "(a) runs wall", " / ".join(f"{x:.2f}" for x in ta), unit="s")
    t.add(sec, "(a) runs CPU", " / ".join(f"{x:.2f}" for x in ca), unit="s")
    t.add(sec, "(a) best run", n / min(ta), "{:.0f}", "texts/s")
    t.add(sec, "(b) embed_with_cache, empty cache", b, "{:.0f}", "texts/s")
    t.add(sec, "(b) runs wall", " / ".join(f"{x:.2f}" for x in tb), unit="s")
    t.add(sec, "(b) runs CPU", " / ".join(f"{x:.2f}" for x in cb), unit="s")
    t.add(sec, "(b) best run", n / min(tb), "{:.0f}", "texts/s")
    t.add(sec, "(c) embed_with_cache, warm cache", c, "{:,.0f}", "texts/s")
    t.add(sec, "ratio (b)/(a) medians", b / a, "{:.3f}")
    t.add(sec, "ratio (b)/(a) best runs", min(ta) / min(tb), "{:.3f}")
    t.add(sec, "ratio (b)/(a) CPU time, medians", med(ca) / med(cb), "{:.3f}")
    t.add(sec, "ratio (c)/(a)", c / a, "{:.1f}")
    t.add(sec, "implied time to embed 100k texts (a median / best)",
          f"{100_000 / a / 60:.1f} / {100_000 * min(ta) / n / 60:.1f}", unit="min")
