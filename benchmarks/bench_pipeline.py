#!/usr/bin/env python
"""Benchmark of the kore_pipeline stages on a generated corpus (default 100k memories).

Run from the repository root:

    PYTHONPATH=src:. python benchmarks/bench_pipeline.py            # full (~100k memories)
    PYTHONPATH=src:. python benchmarks/bench_pipeline.py --quick    # smoke test, < 1 minute
    PYTHONPATH=src:. python benchmarks/bench_pipeline.py --json out.json

What is measured (all with the real modules, in a temporary KORE home):

1. corpus: N template memories inserted with executemany into the real ``memories`` table
   (FTS triggers fire). Corpus vectors are SYNTHETIC random unit vectors written into the
   real EmbeddingCache under the real keys; ``indexing.sync_index`` then finds every
   vector in the cache (embeds nothing) and builds + saves the FAISS index.
2. decay: ``run_decay`` over the whole table, median of 3 (database restored between runs).
3. compress: ``run_compress`` over the whole store, median of 3 (restored between runs),
   merged vs planted near-duplicates; ``find_similar_pairs`` on the largest group; a
   numpy all-pairs baseline against the FAISS path on subsets of the same vectors.
4. search: p50/p95/mean of ``Searcher.search`` (real model for the query vector), plus the
   FTS stream, the vector stream and the query encoding timed separately.
5. embedding throughput: plain ``model.encode`` vs ``embed_with_cache`` (cold, warm).

The model is used only for query vectors, the index signature and the throughput figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from kore_pipeline import embed, ids, indexing, search, store  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402
from kore_pipeline.vector_index import VectorIndex  # noqa: E402

NOW = datetime(2026, 6, 1, 12, 0, 0, tzinfo=UTC)
"""Fixed clock of every stage; the corpus spans the year before it."""

IMPORTANCE_WEIGHTS = {1: 0.25, 2: 0.30, 3: 0.25, 4: 0.13, 5: 0.07}
"""Assumed spread of auto-scored importance (most memories low, few critical)."""

perf = time.perf_counter
cpu = time.process_time  # CPU seconds of this process (all threads): contention check


def log(msg: str) -> None:
    """Progress on stderr, so stdout holds only the figures."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------
# Corpus generation
# --------------------------------------------------------------------------------------

NAMES = [
    "Anna", "Marco", "Giulia", "Luca", "Sofia", "José", "Zoë", "Chloé", "François", "Björn",
    "Ingrid", "Mateo", "Aiko", "Kenji", "Priya", "Arjun", "Fatima", "Omar", "Noah", "Emma",
    "Liam", "Olivia", "Ethan", "Mia", "Lucas", "Amélie", "Søren", "Nadia", "Yusuf", "Elena",
    "Dmitri", "Katya", "Hiro", "Mei", "Chen", "Ana", "Pedro", "Inês", "Tomás", "Léa", "Hugo",
    "Clara", "Felix", "Greta", "Jonas", "Lena", "Paolo", "Chiara", "Matteo", "Francesca",
    "Rafael", "Lucía", "Diego", "Valentina", "Samir", "Leila", "Kofi", "Amara", "Tariq", "Nora",
]
V: dict[str, list[str]] = {
    "food": ["pizza margherita", "sushi", "ramen", "tacos al pastor", "risotto", "pad thai",
             "falafel", "lasagne", "dumplings", "paella", "pho", "croissants", "carbonara",
             "biryani", "ceviche", "gnocchi", "bibimbap", "moussaka", "tiramisu", "goulash",
             "kimchi", "hummus", "poke bowls", "empanadas", "shakshuka", "pierogi", "couscous",
             "bruschetta", "quiche", "tortellini", "burrata", "katsu curry", "gelato"],
    "drink": ["espresso", "caffè ristretto", "green tea", "oat milk latte", "sparkling water",
              "red wine", "craft beer", "matcha", "chai", "cappuccino", "kombucha",
              "orange juice", "hot chocolate", "mint tea", "negroni", "lemonade", "cold brew",
              "yerba mate", "flat white", "rooibos", "macchiato", "earl grey"],
    "city": ["Rome", "Milan", "Lisbon", "Berlin", "Kyoto", "Oslo", "Barcelona", "Vienna",
             "Prague", "Dublin", "Seoul", "Montreal", "Buenos Aires", "Istanbul", "Copenhagen",
             "Porto", "Zürich", "Naples", "Edinburgh", "Marrakesh", "Bologna", "Helsinki",
             "Valencia", "Kraków", "Osaka", "Tbilisi"],
    "tool": ["PostgreSQL", "SQLite", "Kubernetes", "Terraform", "React", "Svelte", "Rust",
             "Go", "Python", "TypeScript", "Django", "FastAPI", "Redis", "Kafka", "DuckDB",
             "Polars", "Airflow", "Prefect", "Grafana", "Neovim", "VS Code", "Docker",
             "Ansible", "GraphQL", "gRPC", "ClickHouse", "Elasticsearch", "Next.js"],
    "hobby": ["bouldering", "trail running", "chess", "watercolor painting", "sourdough baking",
              "birdwatching", "jazz piano", "pottery", "sailing", "salsa dancing", "cycling",
              "yoga", "photography", "knitting", "gardening", "skiing", "rowing",
              "calligraphy", "stargazing", "woodworking", "fencing", "surfing"],
    "project": ["the billing migration", "the mobile app redesign", "the data warehouse",
                "the onboarding flow", "the search service", "the quarterly report",
                "the API gateway", "the analytics dashboard", "the payment retries",
                "the recommendation engine", "the wedding plans", "the kitchen renovation",
                "the garden shed", "the marathon training", "the thesis draft",
                "the podcast launch", "the tax return", "the hiring pipeline",
                "the security audit", "the conference talk"],
    "day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "time": ["early in the morning", "before lunch", "after lunch", "in the late afternoon",
             "in the evening", "late at night", "during the commute", "at the weekend"],
    "month": ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"],
    "job": ["data engineer", "nurse", "architect", "high school teacher", "product manager",
            "chef", "veterinarian", "backend developer", "translator", "pharmacist",
            "civil engineer", "journalist", "UX designer", "physiotherapist", "accountant"],
    "lang": ["Italian", "Spanish", "Japanese", "German", "Portuguese", "French", "Korean",
             "Arabic", "Swedish", "Polish", "Greek", "Hindi", "Turkish", "Dutch"],
    "pet": ["a golden retriever", "two cats", "a parrot", "a rabbit", "a border collie",
            "a tortoise", "a beagle", "three goldfish", "a ferret", "a Maine Coon"],
    "petname": ["Biscotto", "Luna", "Pepper", "Milo", "Nala", "Otto", "Ziggy", "Tofu",
                "Mochi", "Bruno", "Kiwi", "Pixel"],
    "allergen": ["peanuts", "shellfish", "gluten", "lactose", "pollen", "cats", "penicillin",
                 "sesame", "kiwi fruit", "dust mites"],
    "opinion": ["excellent", "disappointing", "surprisingly good", "too salty", "overpriced",
                "worth the queue", "a bit bland", "fantastic"],
    "freq": ["every week", "twice a month", "on special occasions", "whenever possible",
             "almost every Friday", "after long runs"],
    "qual": ["usually", "always", "often", "politely", "quietly", "firmly"],
    "topic": ["vector databases", "sleep hygiene", "Roman history", "index funds",
              "container networking", "fermentation", "stoic philosophy", "sourdough starters",
              "query planners", "climbing technique", "negotiation", "urban gardening"],
}
TEMPLATES: dict[str, list[str]] = {
    "preference": [
        "Prefers {drink} over {drink2}, especially {time}.",
        "Loves {food} and orders it {freq}.",
        "Does not like {food}; {qual} avoids it when eating out.",
        "Favourite city is {city}, mostly because of the {food}.",
        "Enjoys {hobby} on {day}s {time}.",
        "Likes working with {tool} more than with {tool2}.",
    ],
    "decision": [
        "Decided to use {tool} instead of {tool2} for {project}.",
        "Chose {city} for the next team offsite in {month}.",
        "Agreed to ship {project} by the end of {month}.",
        "Will stop using {tool} once {project} is done.",
        "Decided to take {lang} lessons starting in {month}.",
    ],
    "habit": [
        "Goes {hobby} every {day} {time}.",
        "Drinks {drink} {time} every day.",
        "Reviews the notes on {project} each {day}.",
        "Calls family in {city} every {day} {time}.",
        "Reads about {topic} {time}.",
    ],
    "profile": [
        "Works as a {job} in {city}.",
        "Speaks {lang} and is learning {lang2}.",
        "Has {pet} named {petname}.",
        "Moved to {city} in {year} from {city2}.",
        "Is allergic to {allergen}.",
        "Grew up in {city} and studied {topic} at university.",
    ],
    "episode": [
        "I spent {day} {time} debugging {tool} for {project} and finally found the issue in "
        "the config.",
        "Yesterday I tried a new {food} place in {city} and it was {opinion}.",
        "We had a long meeting about {project}; {name} wants to move it to {tool} but I am "
        "not convinced.",
        "I booked a trip to {city} in {month} to go {hobby} with {name}.",
        "Finished reading about {topic} {time}, need to remember the part about {tool}.",
        "Met {name} for {drink} in {city} and we talked about {project} for hours.",
        "My {pet} kept me awake all night so I skipped {hobby} on {day}.",
    ],
}
TAILS = [
    "{name} agreed.", "It cost more than expected.", "Need to follow up in {month}.",
    "This came up again on {day}.", "{name} recommended it.", "Mentioned it twice already.",
    "Not sure it will last.", "It is related to {project}.", "Said it while talking about "
    "{topic}.", "Will tell {name} about it.",
]
CATEGORY_WEIGHTS = {"preference": 0.22, "decision": 0.14, "habit": 0.16, "profile": 0.13,
                    "episode": 0.35}
REWORD = [
    ("Prefers", "Really prefers"), ("Loves", "Really loves"), ("Decided", "Finally decided"),
    ("Goes", "Usually goes"), ("Works as", "Is working as"), ("Yesterday", "The other day"),
    ("every", "each"), ("instead of", "rather than"), ("especially", "particularly"),
    ("and it was", "which was"), ("Enjoys", "Really enjoys"), ("Drinks", "Usually drinks"),
    ("I spent", "I spent all of"), ("We had", "We just had"), ("Agreed", "Has agreed"),
    ("Chose", "Picked"), ("Speaks", "Speaks fluent"), ("Has ", "Owns "),
    ("Is allergic", "Is quite allergic"), ("I booked", "I finally booked"),
]


def _fill(rng: random.Random, template: str) -> str:
    def pick(key: str) -> str:
        return rng.choice(V[key])

    return template.format(
        drink=pick("drink"), drink2=pick("drink"), food=pick("food"), city=pick("city"),
        city2=pick("city"), tool=pick("tool"), tool2=pick("tool"), hobby=pick("hobby"),
        project=pick("project"), day=pick("day"), time=pick("time"), month=pick("month"),
        job=pick("job"), lang=pick("lang"), lang2=pick("lang"), pet=pick("pet"),
        petname=pick("petname"), allergen=pick("allergen"), opinion=pick("opinion"),
        freq=pick("freq"), qual=pick("qual"), topic=pick("topic"), name=rng.choice(NAMES),
        year=rng.randint(1995, 2025))


def make_sentence(rng: random.Random, category: str) -> str:
    """One memory text of a category, sometimes with a second sentence."""
    text = _fill(rng, rng.choice(TEMPLATES[category]))
    if rng.random() < 0.45:
        text += " " + _fill(rng, rng.choice(TAILS))
    return text


def reword(rng: random.Random, text: str) -> str:
    """A light rewording: one or two phrase swaps, else a small prefix."""
    out = text
    swaps = [(a, b) for a, b in REWORD if a in out]
    rng.shuffle(swaps)
    for a, b in swaps[: rng.randint(1, 2)]:
        out = out.replace(a, b, 1)
    if out == text:
        out = "Also, " + text[0].lower() + text[1:]
    return out


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
            last_accessed, access_count, 1.0, "active"))
    return {"rows": rows, "vectors": vecs, "planted": planted, "planted_cos": planted_cos,
            "owner_subjects": owner_subjects}


INSERT_SQL = (
    "INSERT INTO memories(id, owner, subject, key, type, category, content, content_hash,"
    " language, importance, importance_explicit, source_message_ids, session_id, created_at,"
    " updated_at, last_accessed_at, access_count, decay_score, status)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------

def med(xs: list[float]) -> float:
    return float(statistics.median(xs))


def pct(xs: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(xs), q))


class Snapshot:
    """A checkpointed copy of the store file, restored before each measured run."""

    def __init__(self, settings: KoreSettings) -> None:
        self.db = settings.db_path()
        self.copy = settings.home / "snapshot.sqlite"

    def take(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        shutil.copyfile(self.db, self.copy)

    def restore(self) -> sqlite3.Connection:
        for suffix in ("", "-wal", "-shm"):
            Path(str(self.db) + suffix).unlink(missing_ok=True)
        shutil.copyfile(self.copy, self.db)
        return store.connect(self.db)


class Table:
    """Rows of (section, metric, value) printed as a plain text table."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str]] = []
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, section: str, metric: str, value: Any, fmt: str = "{}",
            unit: str = "") -> None:
        self.data.setdefault(section, {})[metric + (f" [{unit}]" if unit else "")] = value
        text = fmt.format(value) if isinstance(value, int | float) else str(value)
        self.rows.append((section, metric, f"{text} {unit}".rstrip()))

    def note(self, section: str, text: str) -> None:
        self.data.setdefault(section, {}).setdefault("notes", []).append(text)
        self.rows.append((section, "note", text))

    def render(self) -> str:
        w1 = max(len(r[0]) for r in self.rows)
        w2 = max(len(r[1]) for r in self.rows)
        out, last = [], None
        for sec, metric, value in self.rows:
            if sec != last and last is not None:
                out.append("-" * (w1 + w2 + 30))
            out.append(f"{sec if sec != last else '':<{w1}}  {metric:<{w2}}  {value}")
            last = sec
        return "\n".join(out)


def machine_info() -> dict[str, str]:
    import faiss
    import polars
    import sentence_transformers
    import torch

    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu, "cores (os.cpu_count)": str(os.cpu_count()),
        "usable cores": str(len(os.sched_getaffinity(0))) if hasattr(os, "sched_getaffinity")
        else "?",
        "torch threads": str(torch.get_num_threads()),
        "python": platform.python_version(), "platform": platform.platform(),
        "faiss": faiss.__version__, "torch": torch.__version__, "polars": polars.__version__,
        "numpy": np.__version__, "sentence-transformers": sentence_transformers.__version__,
        "sqlite": sqlite3.sqlite_version,
    }


def source_digests() -> str:
    """Short hashes of the measured modules, so a figure can be tied to the code it timed."""
    import hashlib

    import kore_pipeline
    from kore_pipeline.sqlfiles import sql_dir

    pkg = Path(kore_pipeline.__file__).parent
    files = [pkg / f"{m}.py" for m in ("decay", "compress", "search", "indexing", "embed",
                                       "store", "vector_index")]
    files.append(sql_dir() / "search_fts.sql")
    return " ".join(f"{f.stem}={hashlib.sha256(f.read_bytes()).hexdigest()[:8]}"
                    for f in files if f.is_file())


# --------------------------------------------------------------------------------------
# Benchmarks
# --------------------------------------------------------------------------------------

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
    keys = [ids.embedding_key(settings.model_name, embed.embed_text(r[2], r[6])) for r in rows]
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


def bench_decay(t: Table, settings: KoreSettings, snap: Snapshot, reps: int) -> None:
    import polars as pl

    from kore_pipeline.decay import decay_frame, run_decay

    sec = "2 decay"
    times, cpus, reports = [], [], []
    for r in range(reps):
        conn = snap.restore()
        log(f"run_decay {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        rep = run_decay(conn, settings, NOW, run_id=f"bench-decay-{r}")
        times.append(perf() - t0)
        cpus.append(cpu() - c0)
        reports.append(rep)
        conn.close()
    rep = reports[-1]
    # Breakdown on a fresh copy: the read, the pure scoring, a second (idempotent) pass.
    conn = snap.restore()
    t_read, t_frame = [], []
    for _ in range(reps):
        t0 = perf()
        table = store.memories_table(conn, "status = 'active'")
        t_read.append(perf() - t0)
        df = pl.from_arrow(table.select(["id", "importance", "created_at", "last_accessed_at",
                                         "access_count"]))
        t0 = perf()
        decay_frame(df, NOW, settings)
        t_frame.append(perf() - t0)
    run_decay(conn, settings, NOW)
    t0 = perf()
    rep2 = run_decay(conn, settings, NOW)
    t_second = perf() - t0
    conn.close()
    t.add(sec, f"run_decay median of {reps}", med(times), "{:.2f}", "s")
    t.add(sec, "runs wall", " / ".join(f"{x:.2f}" for x in times), unit="s")
    t.add(sec, "runs CPU (process, all threads)", " / ".join(f"{x:.2f}" for x in cpus),
          unit="s")
    t.add(sec, "rows scored", rep.scored)
    t.add(sec, "throughput", rep.scored / med(times), "{:,.0f}", "rows/s")
    t.add(sec, "forgotten (archived) per run", rep.forgotten)
    t.add(sec, "access_log rows applied", rep.accesses_applied)
    t.add(sec, "  memories_table read (all columns)", med(t_read), "{:.2f}", "s")
    t.add(sec, "  decay_frame alone (polars)", med(t_frame), "{:.3f}", "s")
    t.add(sec, "second run at same now (nothing new)", t_second, "{:.2f}", "s")
    t.add(sec, "  rows scored / forgotten in it", f"{rep2.scored} / {rep2.forgotten}")


def bench_compress(t: Table, settings: KoreSettings, snap: Snapshot, corpus: dict[str, Any],
                   embedder: embed.Embedder, reps: int, subsets: list[int]) -> None:
    from kore_pipeline.compress import find_similar_pairs, run_compress

    sec = "3 compress"
    cache = corpus["cache"]
    times, cpus, reports = [], [], []
    for r in range(reps):
        conn = snap.restore()
        log(f"run_compress {r + 1}/{reps}")
        t0, c0 = perf(), cpu()
        rep = run_compress(conn, settings, embedder, cache, NOW, run_id=f"bench-compress-{r}")
        times.append(perf() - t0)
        cpus.append(cpu() - c0)
        reports.append(rep)
        conn.close()
    rep = reports[-1]
    planted = set(corpus["planted"])
    merged = {(min(a, b), max(a, b)) for a, b, _c in rep.pairs}
    hit = len(merged & planted)
    n_active = len(corpus["rows"])
    t.add(sec, f"run_compress median of {reps}", med(times), "{:.2f}", "s")
    t.add(sec, "runs wall", " / ".join(f"{x:.2f}" for x in times), unit="s")
    t.add(sec, "runs CPU (process, all threads)", " / ".join(f"{x:.2f}" for x in cpus),
          unit="s")
    t.add(sec, "throughput", n_active / med(times), "{:,.0f}", "memories/s")
    t.add(sec, "groups / candidate pairs", f"{rep.groups} / {rep.candidates}")
    t.add(sec, "merged / planted", f"{rep.merged} / {len(planted)}")
    t.add(sec, "merged pairs that were planted", hit)
    t.add(sec, "merged pairs not planted (false +)", len(merged - planted))

    # Breakdown: the cache read of every text, and pair finding summed over all groups.
    vecs = corpus["vectors"]
    rows = corpus["rows"]
    texts = [embed.embed_text(r[2], r[6]) for r in rows]
    t0 = perf()
    embed.embed_with_cache(texts, embedder, cache)
    t_cache = perf() - t0
    thr = settings.similarity_threshold
    group_arrays = [np.asarray(m, dtype=np.int64) for m in corpus["groups"].values()
                    if len(m) > 1]
    t_pairs, t_np = [], []
    n_f = n_n = 0
    for _ in range(reps):
        t0 = perf()
        n_f = sum(len(find_similar_pairs(m, vecs[m - 1], thr)) for m in group_arrays)
        t_pairs.append(perf() - t0)
        t0 = perf()
        n_n = 0
        for m in group_arrays:
            x = vecs[m - 1]
            n_n += int(np.count_nonzero(np.triu(x @ x.T >= thr, k=1)))
        t_np.append(perf() - t0)
    t.add(sec, "  embed_with_cache, all texts, warm", t_cache, "{:.2f}", "s")
    t.add(sec, f"  find_similar_pairs over (owner,subject) groups (med {reps})", med(t_pairs),
          "{:.2f}", "s")
    t.add(sec, "  per call (mean over groups)", med(t_pairs) / len(group_arrays) * 1000,
          "{:.2f}", "ms")
    t.add(sec, f"  numpy X@X.T over the same groups (med {reps})", med(t_np), "{:.3f}", "s")
    t.add(sec, "  pairs faiss / numpy over groups", f"{n_f} / {n_n}")

    big_key, big = max(corpus["groups"].items(), key=lambda kv: len(kv[1]))
    b = np.asarray(big, dtype=np.int64)
    tb = []
    for _ in range(5):
        t0 = perf()
        pairs = find_similar_pairs(b, vecs[b - 1], settings.similarity_threshold)
        tb.append(perf() - t0)
    t.add(sec, f"largest group {big_key[0]}/{big_key[1]} size", len(big))
    t.add(sec, "  find_similar_pairs median of 5", med(tb) * 1000, "{:.2f}", "ms")
    t.add(sec, "  pairs found", len(pairs))

    # Baseline: numpy all-pairs vs the FAISS path on subsets of the same vectors.
    rng = np.random.default_rng(7)
    for n in subsets:
        if n > len(rows):
            continue
        # About 1% of the subset is planted pairs (both ends), the rest random memories.
        npairs = min(len(corpus["planted"]), n // 100)
        chosen = [p for i in rng.choice(len(corpus["planted"]), npairs, replace=False)
                  for p in corpus["planted"][i]]
        rest = np.setdiff1d(np.arange(1, len(rows) + 1), chosen)
        sub = np.concatenate([np.asarray(chosen, dtype=np.int64),
                              rng.choice(rest, n - len(chosen), replace=False)])
        x = np.ascontiguousarray(vecs[sub - 1])
        tn, tf = [], []
        np_pairs = faiss_pairs = 0
        for _ in range(3):
            t0 = perf()
            sim = x @ x.T
            ii, jj = np.nonzero(np.triu(sim >= thr, k=1))
            tn.append(perf() - t0)
            np_pairs = len(ii)
            del sim
            t0 = perf()
            fp = find_similar_pairs(sub, x, thr)
            tf.append(perf() - t0)
            faiss_pairs = len(fp)
        path = "IVF" if n >= 20_000 else "flat"
        t.add(sec, f"subset {n}: numpy X@X.T all-pairs", med(tn), "{:.3f}", "s")
        t.add(sec, f"subset {n}: find_similar_pairs ({path})", med(tf), "{:.3f}", "s")
        t.add(sec, f"subset {n}: ratio numpy / faiss", med(tn) / med(tf), "{:.2f}", "x")
        t.add(sec, f"subset {n}: pairs numpy / faiss", f"{np_pairs} / {faiss_pairs}")


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
                 embedder: embed.Embedder, nq: int, seed: int) -> None:
    """search() latency; its FTS and vector streams and the query encoding are timed inside
    the same call by wrapping ``Searcher._fts``, ``Searcher._vector`` and ``Embedder.encode``
    on the instances (whatever their signatures are)."""
    sec = "4 search"
    conn = snap.restore()
    t0 = perf()
    s = search.Searcher(settings, embedder=embedder, conn=conn)
    _ = s.index  # load the FAISS index now (an attribute or a lazy property)
    t_open = perf() - t0
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--memories", type=int, default=100_000)
    p.add_argument("--owners", type=int, default=50)
    p.add_argument("--subjects", type=int, default=20)
    p.add_argument("--dup-frac", type=float, default=0.02)
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--embed-texts", type=int, default=2000)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--subsets", default="5000,10000",
                   help="comma-separated subset sizes for the numpy vs FAISS baseline")
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--home", type=Path, default=None,
                   help="empty or new folder to use as KORE home (kept); default a temp dir "
                        "that is removed afterwards")
    p.add_argument("--json", type=Path, default=None, help="also write the figures here")
    p.add_argument("--quick", action="store_true",
                   help="smoke test: 10k memories, 30 queries, 128 embedding texts, 2 reps")
    p.add_argument("--skip", default="", help="comma list of sections to skip: "
                   "decay,compress,search,embedding")
    cfg = p.parse_args(argv)
    if cfg.quick:
        cfg.memories = min(cfg.memories, 10_000)
        cfg.queries = min(cfg.queries, 30)
        cfg.embed_texts = min(cfg.embed_texts, 128)
        cfg.reps = min(cfg.reps, 2)
        cfg.subsets = "2000,5000"
    skip = {s.strip() for s in cfg.skip.split(",") if s.strip()}
    subsets = [int(x) for x in cfg.subsets.split(",") if x.strip()]

    if cfg.home is None:
        home = Path(tempfile.mkdtemp(prefix="kore-bench-"))
        remove = True
    else:
        home = cfg.home
        if home.exists() and any(home.iterdir()):
            p.error(f"--home {home} is not empty")
        home.mkdir(parents=True, exist_ok=True)
        remove = False
    settings = KoreSettings(home=home)
    t = Table()
    t_start = perf()
    try:
        for k, v in machine_info().items():
            t.add("0 machine", k, v)
        t.add("0 machine", "command", " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]))
        t.add("0 machine", "fixed now", iso(NOW))
        t.add("0 machine", "sources (sha256[:8]; files change under work)", source_digests())
        embedder = embed.Embedder(settings)
        t0 = perf()
        _ = embedder.dim
        t.add("0 machine", "model load", perf() - t0, "{:.2f}", "s")

        def load(section: str) -> None:
            if hasattr(os, "getloadavg"):
                t.add(section, "load average at start (1/5/15 min)",
                      " / ".join(f"{x:.2f}" for x in os.getloadavg()))

        load("1 corpus")
        corpus = bench_corpus(t, settings, cfg, embedder)
        snap = Snapshot(settings)
        snap.take(corpus.pop("conn"))
        if "decay" not in skip:
            load("2 decay")
            bench_decay(t, settings, snap, cfg.reps)
        if "compress" not in skip:
            load("3 compress")
            bench_compress(t, settings, snap, corpus, embedder, cfg.reps, subsets)
        if "search" not in skip:
            load("4 search")
            bench_search(t, settings, snap, corpus, embedder, cfg.queries, cfg.seed)
        if "embedding" not in skip:
            load("5 embedding")
            bench_embedding(t, settings, embedder, cfg.embed_texts, cfg.reps, cfg.seed)
        corpus["cache"].close()
        t.add("9 total", "benchmark wall time", perf() - t_start, "{:.0f}", "s")
        load("9 total")
    finally:
        if remove:
            shutil.rmtree(home, ignore_errors=True)
    print(t.render())
    if cfg.json is not None:
        cfg.json.parent.mkdir(parents=True, exist_ok=True)
        cfg.json.write_text(json.dumps(t.data, indent=2, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        log(f"figures written to {cfg.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
