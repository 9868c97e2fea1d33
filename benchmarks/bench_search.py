"""Section 4, search: ``Searcher.search`` latency with its FTS stream, vector stream and
query encoding timed inside the same calls."""

from __future__ import annotations

import random
import statistics
from typing import Any

from bench_common import NOW, Snapshot, log, pct, perf
from bench_report import Table
from bench_texts import V

from kore_pipeline.embed import cache as embed
from kore_pipeline.serve import search
from kore_pipeline.settings import KoreSettings


def make_queries(rng: random.Random, n: int, corpus: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(kind, owner, text) with a mix of template words, names, questions and noise."""
    owners = sorted(corpus["owner_subjects"])
    out = []
    kinds = ["words"] * 4 + ["question"] * 2 + ["name"] * 2 + ["random"] * 2
    for i in range(n):
        kind = kinds[i % len(kinds)]
        owner = rng.choice(owners)
        if kind == "words":
            keys = rng.sample(["food", "drink", "city", "tool", "hobby", "project", "topic",
                               "lang", "job"], rng.randint(1, 3))
            q = " ".join(rng.choice(V[k]) for k in keys)
        elif kind == "question":
            name = rng.choice(corpus["owner_subjects"][owner][1:])
            q = rng.choice([
                f"What does {name} like to drink?",
                f"Which tool did {name} decide to use for {rng.choice(V['project'])}?",
                f"Where does {name} work?",
                f"When is {name} going to {rng.choice(V['city'])}?",
                f"what do I usually do on {rng.choice(V['day'])}",
            ])
        elif kind == "name":
            q = rng.choice(corpus["owner_subjects"][owner][1:])
        else:
            q = " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz")
                                 for _ in range(rng.randint(4, 9)))
                         for _ in range(rng.randint(1, 3)))
        out.append((kind, owner, q))
    return out


def _timed_wrapper(obj: Any, name: str, sink: dict[str, Any]) -> bool:
    """Replace ``obj.name`` by an instance attribute that records its time and result."""
    orig = getattr(obj, name, None)
    if orig is None or not callable(orig):
        return False

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = perf()
        try:
            out = orig(*args, **kwargs)
            sink[name + ":out"] = out
            return out
        finally:
            sink[name] = sink.get(name, 0.0) + perf() - t0

    setattr(obj, name, wrapper)
    return True


def bench_search(t: Table, settings: KoreSettings, snap: Snapshot, corpus: dict[str, Any],
                 embedder: embed.Embedder, nq: int, seed: int, warm: bool = True,
                 sec: str = "4 search") -> None:
    """search() latency; its FTS and vector streams and the query encoding are timed inside
    the same call by wrapping ``Searcher._fts``, ``Searcher._vector`` and ``Embedder.encode``
    on the instances (whatever their signatures are). With ``warm`` the searcher first runs
    ``Searcher.warm()`` as a server does at start; without it each owner's first query pays for
    reading its allowed ids and gathering its vectors."""
    conn = snap.restore()
    t0 = perf()
    s = search.Searcher(settings, embedder=embedder, conn=conn)
    _ = s.index  # load the FAISS index now (an attribute or a lazy property)
    t_open = perf() - t0
    t0 = perf()
    warmed = s.warm(now=NOW) if hasattr(s, "warm") and warm else None  # a server's start
    t_warm = perf() - t0
    queries = make_queries(random.Random(seed), nq, corpus)
    for _kind, owner, q in queries[:3]:  # warm-up (model, sqlite page cache)
        s.search(q, owner, k=10, now=NOW, reinforce=False)
    sink: dict[str, Any] = {}
    have = {name: _timed_wrapper(s, name, sink) for name in ("_fts", "_vector")}
    have["encode"] = _timed_wrapper(embedder, "encode", sink)
    tot, fts, vec, enc, nhits, nfts = [], [], [], [], [], []
    by_kind: dict[str, list[tuple[float, float, float]]] = {}
    log(f"{nq} queries")
    try:
        for kind, owner, q in queries:
            sink.clear()
            t0 = perf()
            hits = s.search(q, owner, k=10, now=NOW, reinforce=False)
            a = (perf() - t0) * 1000
            b = sink.get("_fts", 0.0) * 1000
            c = sink.get("_vector", 0.0) * 1000
            tot.append(a)
            fts.append(b)
            vec.append(c)
            enc.append(sink.get("encode", 0.0) * 1000)
            nhits.append(len(hits))
            nfts.append(len(sink.get("_fts:out") or {}))
            by_kind.setdefault(kind, []).append((a, b, c))
    finally:
        if have["encode"]:
            del embedder.encode  # back to the class method
    leaks = 0
    for _kind, owner, q in queries[:20]:
        leaks += sum(h.owner != owner for h in s.search(q, owner, k=10, now=NOW,
                                                        reinforce=False))
    s.close()
    t.note(sec, "query vectors from the real model; reinforce=False; k=10, "
                f"{settings.search_candidates} candidates per stream; stream times measured "
                "inside each search() call")
    t.add(sec, "queries", nq)
    t.add(sec, "Searcher open (store + index load)", t_open, "{:.2f}", "s")
    if warmed is not None:
        t.add(sec, f"Searcher.warm() ({warmed} owners: allowed ids, gathered vectors)", t_warm,
              "{:.2f}", "s")
    parts = [("search()", tot, True), ("  FTS stream (_fts)", fts, have["_fts"]),
             ("  vector stream (_vector, incl. encode)", vec, have["_vector"]),
             ("    query encode (Embedder.encode)", enc, have["encode"])]
    for label, xs, ok in parts:
        if not ok:
            t.note(sec, f"{label.strip()}: not found on Searcher, not timed")
            continue
        t.add(sec, f"{label} p50 / p95 / mean",
              f"{pct(xs, 50):.1f} / {pct(xs, 95):.1f} / {statistics.fmean(xs):.1f}", unit="ms")
    rest = [a - b - c for a, b, c in zip(tot, fts, vec, strict=True)]
    t.add(sec, "  remainder (fusion, _score, decay_frame) p50 / p95",
          f"{pct(rest, 50):.1f} / {pct(rest, 95):.1f}", unit="ms")
    for kind, xs in sorted(by_kind.items()):
        t.add(sec, f"by kind: {kind} (n={len(xs)}) search/fts/vector p50",
              " / ".join(f"{pct([x[i] for x in xs], 50):.1f}" for i in range(3)), unit="ms")
    t.add(sec, "mean hits returned / mean FTS candidates",
          f"{statistics.fmean(nhits):.1f} / {statistics.fmean(nfts):.1f}")
    t.add(sec, "hits of another owner (first 20 queries)", leaks)
