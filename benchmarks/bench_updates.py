#!/usr/bin/env python
"""Knowledge updates: compression precision with the fact guard beside the plain
0.88 threshold, in one run, and compression time with and without the guard.

    python benchmarks/bench_updates.py                   # pairs + timing at 100,000 memories
    python benchmarks/bench_updates.py --scale 1000000   # timing at 1M (~25 min, 2 cores)
    python benchmarks/bench_updates.py --scale 0         # pairs only

1. pairs: generated pairs, each in its own (owner, subject) group so pairs never interact:
   paraphrases that should merge, and variants in a number, a date, a negation or a named
   entity that must not. Every text is embedded with the real model (MiniLM), inserted in a
   real store, and ``run_compress`` runs twice on copies of the same store: plain threshold
   (``fact_guard=False``, the behaviour before) and with the guard. A variant pair counts as
   fused when one of its memories was merged into the other; a superseded one is not fused
   (the later is current, the earlier archived with a link).
2. timing: ``run_compress`` over the synthetic scale corpus (``bench_corpus.generate_corpus``:
   synthetic vectors, 2% planted near-duplicates), guard off and on alternating on the
   restored snapshot; medians and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_common import NOW, Snapshot, cpu, log, med, perf  # noqa: E402
from bench_report import Table  # noqa: E402

from kore_pipeline import ids  # noqa: E402
from kore_pipeline.embed import cache as embed  # noqa: E402
from kore_pipeline.lifecycle.compress import run_compress  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.store import db as store  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402

NAMES = ["Anna", "Marco", "Sofia", "Luca", "Giulia", "Pietro", "Elena", "Tomas", "Ines", "Noah"]
CITIES = ["Turin", "Berlin", "Lisbon", "Madrid", "Vienna", "Dublin", "Prague", "Oslo"]
TOOLS = ["Kubernetes", "Nomad", "Terraform", "Ansible", "Jenkins", "GitLab", "Grafana", "Kafka"]
DRINKS = ["green tea", "espresso", "oat milk latte", "sparkling water", "hot chocolate"]
HOBBIES = ["hiking", "climbing", "painting", "cycling", "baking bread", "playing chess"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "March", "April", "June", "July", "September", "October", "November"]
WORDS = ["two", "three", "four", "five", "six"]


def paraphrases(rng: random.Random) -> list[tuple[str, str]]:
    """Pairs stating the same fact in other words (same numbers, names, dates, polarity)."""
    name, city, tool = rng.choice(NAMES), rng.choice(CITIES), rng.choice(TOOLS)
    drink, hobby, day = rng.choice(DRINKS), rng.choice(HOBBIES), rng.choice(DAYS)
    n, v = rng.randint(2, 6), rng.randint(10, 30)
    return [
        (f"{name} prefers {drink} in the morning.", f"In the morning {name} prefers {drink}."),
        (f"I really enjoy {hobby} on weekends.", f"On weekends I really enjoy {hobby}."),
        (f"Our team deploys the backend with {tool}.",
         f"Our team deploys the backend using {tool}."),
        (f"I have {WORDS[n - 2]} kids.", f"I have {n} kids."),
        (f"The {tool} upgrade is planned for {day}.",
         f"The {tool} upgrade is scheduled for {day}."),
        (f"React {v} supports server components natively.",
         f"React version {v} has built-in server component support."),
        (f"I don't drink {drink} after dinner.", f"I do not drink {drink} after dinner."),
        (f"{name} lives in {city} with her family.", f"{name} lives with her family in {city}."),
        (f"I started {hobby} last year.", f"Last year I started {hobby}."),
        (f"My favourite drink is {drink}.", f"My favorite drink is {drink}."),
    ]


def variants(rng: random.Random) -> list[tuple[str, str, str]]:
    """(kind, earlier, later) pairs that differ in one fact."""
    name, other = rng.sample(NAMES, 2)
    city, city2 = rng.sample(CITIES, 2)
    tool, tool2 = rng.sample(TOOLS, 2)
    day, day2 = rng.sample(DAYS, 2)
    month, month2 = rng.sample(MONTHS, 2)
    drink, hobby = rng.choice(DRINKS), rng.choice(HOBBIES)
    h, n = rng.randint(6, 20), rng.randint(2, 5)
    b, t, v = rng.randint(1, 8), rng.randint(1000, 9998), rng.randint(10, 30)
    return [
        ("number", f"My flight to {city} is at {h}:30.", f"My flight to {city} is at {h + 1}:30."),
        ("number", f"I have {WORDS[n - 2]} kids.", f"I have {WORDS[n - 1]} kids."),
        ("number", f"My budget for the kitchen is {b},500 euros.",
         f"My budget for the kitchen is {b + 1},500 euros."),
        ("number", f"Ticket {t} is blocked by the login bug.",
         f"Ticket {t + 1} is blocked by the login bug."),
        ("number", f"We use React {v} in the frontend.", f"We use React {v + 1} in the frontend."),
        ("date", f"The {tool} review is on {day}.", f"The {tool} review is on {day2}."),
        ("date", f"We go on holiday in {month}.", f"We go on holiday in {month2}."),
        ("negation", f"I like working from the office on {day}s.",
         f"I don't like working from the office on {day}s."),
        ("negation", f"{name} drinks {drink} after dinner.",
         f"{name} never drinks {drink} after dinner."),
        ("negation", f"I enjoy {hobby} in the rain.", f"I do not enjoy {hobby} in the rain."),
        ("entity", f"I live in {city} with my family.", f"I live in {city2} with my family."),
        ("entity", f"My manager {name} approved the plan.",
         f"My manager {other} approved the plan."),
        ("entity", f"We deploy the backend on {tool}.", f"We deploy the backend on {tool2}."),
    ]


def build_pairs_store(settings: KoreSettings, pairs: list[tuple[str, str, str]],
                      embedder: embed.Embedder) -> Snapshot:
    """One group per pair; vectors embedded by the model into the real cache."""
    conn = store.connect(settings.db_path())
    rows, texts = [], []
    for g, (_kind, a, b) in enumerate(pairs):
        for j, text in enumerate((a, b)):
            mid = 2 * g + j + 1
            said = iso(NOW.replace(month=1 + j * 2))
            rows.append((mid, "bench", f"p{g}", f"k{mid}", "factual", "profile", text,
                         ids.text_hash(text), "en", 3, json.dumps([f"m{mid}"]), said, said,
                         said))
            texts.append(embed.embed_text(f"p{g}", text))
    with store.transaction(conn):
        conn.executemany(
            "INSERT INTO memories(id, owner, subject, key, type, category, content,"
            " content_hash, language, importance, source_message_ids, created_at,"
            " updated_at, valid_from) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    cache = embed.EmbeddingCache(settings.cache_path())
    embed.embed_with_cache(texts, embedder, cache)
    cache.close()
    snap = Snapshot(settings)
    snap.take(conn)
    return snap


def bench_pairs(t: Table, work: Path, embedder: embed.Embedder, per_template: int,
                seed: int) -> None:
    sec = "1 precision"
    rng = random.Random(seed)
    pairs: list[tuple[str, str, str]] = []
    for _ in range(per_template):
        pairs += [("paraphrase", a, b) for a, b in paraphrases(rng)]
        pairs += variants(rng)
    pairs = list(dict.fromkeys(pairs))
    settings = KoreSettings(home=work / "pairs")
    log(f"embedding {2 * len(pairs)} texts")
    snap = build_pairs_store(settings, pairs, embedder)
    kinds = sorted({k for k, _a, _b in pairs})
    t.add(sec, "pairs (one group each)", " / ".join(
        f"{k} {sum(1 for p in pairs if p[0] == k)}" for k in kinds))
    results = {}
    for label, guard in (("plain 0.88", False), ("fact guard", True)):
        conn = snap.restore()
        cache = embed.EmbeddingCache(settings.cache_path())
        s = KoreSettings(home=settings.home, fact_guard=guard)
        rep = run_compress(conn, s, embedder, cache, NOW, run_id=label)
        status = dict(conn.execute("SELECT id, status FROM memories").fetchall())
        cache.close()
        conn.close()
        results[label] = (rep, status)
    cands = {g for g in range(len(pairs))}
    rep0 = results["plain 0.88"][0]
    above = {(a - 1) // 2 for a, _b, _c in rep0.pairs}  # groups whose pair merged plainly
    for label, (rep, status) in results.items():
        fused = {k: 0 for k in kinds}
        superseded = {k: 0 for k in kinds}
        for g in cands:
            kind = pairs[g][0]
            s1, s2 = status[2 * g + 1], status[2 * g + 2]
            fused[kind] += "merged" in (s1, s2)
            superseded[kind] += "superseded" in (s1, s2)
        n_para = sum(1 for p in pairs if p[0] == "paraphrase")
        n_var = len(pairs) - n_para
        var_fused = sum(v for k, v in fused.items() if k != "paraphrase")
        t.add(sec, f"{label}: variants fused into one memory",
              f"{var_fused} of {n_var} (" + ", ".join(
                  f"{k} {fused[k]}" for k in kinds if k != "paraphrase") + ")")
        t.add(sec, f"{label}: variants superseded (later current, earlier archived)",
              sum(v for k, v in superseded.items() if k != "paraphrase"))
        para_above = sum(1 for g in above if pairs[g][0] == "paraphrase")
        t.add(sec, f"{label}: paraphrases merged", f"{fused['paraphrase']} of {n_para}"
              f" ({100 * fused['paraphrase'] / n_para:.1f}%); of the {para_above} at cosine"
              f" >= 0.88: {100 * fused['paraphrase'] / max(para_above, 1):.1f}%")
        t.add(sec, f"{label}: pairs kept apart by the guard", rep.kept_apart)
        t.add(sec, f"{label}: run_compress steps", ", ".join(
            f"{k} {v:.3f}" for k, v in rep.seconds.items()), unit="s")


def bench_timing(t: Table, work: Path, n: int, reps: int, seed: int) -> None:
    from bench_corpus import INSERT_SQL, generate_corpus

    sec = f"2 timing at {n:,}"
    settings = KoreSettings(home=work / "scale")
    log(f"generating {n} memories (synthetic vectors)")
    embedder = embed.make_embedder(settings)
    corpus = generate_corpus(n, 50, 20, 0.02, embedder.dim, seed)
    conn = store.connect(settings.db_path())
    with store.transaction(conn):
        conn.executemany(INSERT_SQL, corpus["rows"])
    cache = embed.EmbeddingCache(settings.cache_path())
    cache.put_many([ids.embedding_key(settings.model_name, embed.embed_text(r[2], r[6]))
                    for r in corpus["rows"]], corpus["vectors"])
    cache.close()
    snap = Snapshot(settings)
    snap.take(conn)
    t.add(sec, "memories / planted near-duplicates", f"{n:,} / {len(corpus['planted']):,}")
    times: dict[bool, list[float]] = {False: [], True: []}
    cpus: dict[bool, list[float]] = {False: [], True: []}
    merged: dict[bool, int] = {}
    for r in range(reps):
        for guard in (False, True) if r % 2 == 0 else (True, False):
            conn = snap.restore()
            cache = embed.EmbeddingCache(settings.cache_path())
            s = KoreSettings(home=settings.home, fact_guard=guard)
            log(f"run_compress guard={guard} ({r + 1}/{reps}, load {os.getloadavg()[0]:.2f})")
            t0, c0 = perf(), cpu()
            rep = run_compress(conn, s, embedder, cache, NOW)
            times[guard].append(perf() - t0)
            cpus[guard].append(cpu() - c0)
            merged[guard] = rep.merged + rep.superseded
            cache.close()
            conn.close()
    for guard, label in ((False, "without guard"), (True, "with guard")):
        t.add(sec, f"run_compress {label}: median wall / CPU of {reps}",
              f"{med(times[guard]):.3f} / {med(cpus[guard]):.3f}", unit="s")
        t.add(sec, f"  runs wall ({label})", " / ".join(f"{x:.2f}" for x in times[guard]),
              unit="s")
        t.add(sec, f"  merged + superseded ({label})", merged[guard])
    t.add(sec, "ratio with / without (wall, CPU medians)",
          f"{med(times[True]) / med(times[False]):.3f} / "
          f"{med(cpus[True]) / med(cpus[False]):.3f}", unit="x")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--per-template", type=int, default=30, help="pairs per template")
    p.add_argument("--scale", type=int, default=100_000, help="timing corpus size (0: skip)")
    p.add_argument("--reps", type=int, default=3, help="timed runs per setting")
    p.add_argument("--seed", type=int, default=14)
    cfg = p.parse_args(argv)
    t = Table()
    t.add("0 machine", "load average at start", " / ".join(f"{x:.2f}" for x in os.getloadavg()))
    with tempfile.TemporaryDirectory(prefix="kore-bench-updates-") as tmp:
        work = Path(tmp)
        embedder = embed.make_embedder(KoreSettings(home=work / "pairs"))
        bench_pairs(t, work, embedder, cfg.per_template, cfg.seed)
        if cfg.scale:
            bench_timing(t, work, cfg.scale, cfg.reps, cfg.seed)
    print(t.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
