#!/usr/bin/env python
"""Real-text throughput: N messages of conversation, from files to a searchable store.

    python benchmarks/bench_realtext.py --messages 30000,100000 [--add 1000]
        [--baseline sentence-transformers] [--reps 1] [--data ../shared/data] [--json out.json]

The messages recombine real turns of the public sets in ``--data`` (Synthetic-Persona-Chat,
LoCoMo, MemoryBank): whole source conversations (or windows of them) become sessions of many
owners and conversations, at times spread over a year (30-90 s between turns). They are
written as JSON Lines to a temporary folder (removed afterwards; never in the project).

Each size runs the real ``run_pipeline`` (the plan runner, its units and home lock) in a fresh
home. A stage listener times every recorded stage: wall and CPU seconds, messages/s and peak
RSS (VmHWM, reset before each top-level stage); the ``embed`` stage is split into its
extraction (the candidates whose texts it encodes) and the model's work. Right after the run,
the raw ``encode`` of the same backend (a fresh model, loaded and warmed) on the very texts the
run embedded: the machine's limit for that model, and the ratio whole run / raw encode
(raw-encode seconds over whole-run seconds; 1.0 = the run costs only the model). With two sizes
or more, the growth of each stage between consecutive sizes, and an *estimate* at
``--estimate`` messages (power law through the last two sizes; not a measurement).

``--add K``: a day later, K more messages (new sessions of the same owners, during that day)
run through the biggest home: every stage on its own, and how many memories compression
compared (the new and changed ones) against the active memories of the home.
``--distinct``: every message's text is made unique (a repeated turn gets one of its sentences
swapped for, or one added from, another real turn), so the model encodes one text per message
as a store of real chats would; without it the recombined turns repeat and the embedding cache
encodes each distinct text once. ``--raw-sample K``: the raw encode runs on K of the run's texts
(drawn at random) and its throughput stands for all of them (for runs too long to encode twice).
``--baseline B[,C]``: each size again with each backend in a fresh home, runs alternating (a
baseline's raw encode only with ``--baseline-raw``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import math
import os
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from kore_pipeline.embed.factory import make_embedder  # noqa: E402
from kore_pipeline.run import pipeline as run  # noqa: E402
from kore_pipeline.serve.search import Searcher  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.store.runlog import StageEvent, listening  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
START = datetime(2025, 6, 1, tzinfo=UTC)
NOW = START + timedelta(days=366)
NEXT_DAY = NOW + timedelta(days=1)
Turns = list[tuple[str, str]]  # (role, text)
EXTRACTION = "embed: extraction"
ENCODE = "embed: encode (model)"


def log(msg: str) -> None:
    print(f"[realtext {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def source_conversations(data: Path) -> list[Turns]:
    """Real conversations as (role, text) turns: SPC rows, LoCoMo sessions, MemoryBank days."""
    convs: list[Turns] = []
    for path in sorted((data / "synthetic-persona-chat").glob("*.csv")):
        with path.open(encoding="utf-8") as fh:
            for row in csv.reader(fh):
                turns = [("user" if line.startswith("User 1") else "assistant",
                          line.split(":", 1)[1].strip())
                         for cell in row for line in cell.splitlines()
                         if line.startswith(("User 1:", "User 2:"))]
                if len(turns) >= 4:
                    convs.append(turns)
    locomo = data / "locomo-dev" / "locomo_dev5.json"
    if locomo.is_file():
        for sample in json.loads(locomo.read_text(encoding="utf-8")):
            conv = sample["conversation"]
            n = 1
            while f"session_{n}" in conv:
                convs.append([("user" if t["speaker"] == conv["speaker_a"] else "assistant",
                               t["text"]) for t in conv[f"session_{n}"] if t.get("text")])
                n += 1
    bank = data / "memorybank" / "en" / "memory_bank_en.json"
    if bank.is_file():
        for user in json.loads(bank.read_text(encoding="utf-8")).values():
            for day in user.get("history", {}).values():
                day_turns: Turns = []
                for pair in day:
                    day_turns += [("user", pair["query"]), ("assistant", pair["response"])]
                convs.append(day_turns)
    return [c for c in convs if c]


SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class Distinct:
    """Makes texts unique: a text seen before gets a sentence of another real turn in place
    of one of its own (or added, for a one-sentence text) until it is new."""

    def __init__(self, convs: list[Turns], rng: random.Random) -> None:
        self.rng = rng
        self.pool = [s for turns in convs for _, text in turns
                     for s in SENTENCE_END.split(text) if 3 <= len(s.split()) <= 25]
        self.seen: set[str] = set()

    def __call__(self, text: str) -> str:
        while text in self.seen:
            parts = SENTENCE_END.split(text)
            other = self.rng.choice(self.pool)
            if len(parts) > 1:
                parts[self.rng.randrange(len(parts))] = other
                text = " ".join(parts)
            else:
                text = f"{text} {other}"
        self.seen.add(text)
        return text


def write_messages(convs: list[Turns], n: int, owners: int, seed: int, folder: Path,
                   start: datetime, tag: str, span_s: int = 365 * 86400,
                   distinct: Distinct | None = None) -> int:
    """``n`` messages in one JSONL file per owner, sessions drawn from ``convs``, starting
    within ``span_s`` seconds of ``start`` (each text unique with ``distinct``)."""
    rng = random.Random(seed)
    per_owner: dict[int, list[dict[str, Any]]] = {o: [] for o in range(owners)}
    written = 0
    session = 0
    while written < n:
        owner = rng.randrange(owners)
        turns = rng.choice(convs)
        if len(turns) > 40:
            first = rng.randrange(len(turns) - 20)
            turns = turns[first : first + rng.randint(20, 40)]
        turns = turns[: n - written]
        ts = start + timedelta(seconds=rng.randrange(span_s))
        sid = f"{tag}s{session}"
        for i, (role, text) in enumerate(turns):
            per_owner[owner].append({
                "owner": f"owner{owner:04d}", "conversation_id": f"c{rng.randrange(5)}",
                "session_id": sid, "message_id": f"{sid}-{i}", "ts": iso(ts), "role": role,
                "speaker": f"Person{owner:04d}" if role == "user" else "assistant",
                "text": distinct(text) if distinct else text})
            ts += timedelta(seconds=rng.randint(30, 90))
        written += len(turns)
        session += 1
    folder.mkdir(parents=True, exist_ok=True)
    for owner, recs in per_owner.items():
        if recs:
            with (folder / f"{tag}-owner{owner:04d}.jsonl").open("w", encoding="utf-8") as fh:
                fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in recs)
    return written


def reset_peak() -> None:
    """Reset the process's peak RSS (Linux ``clear_refs`` 5), so each stage has its own."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def peak_mb() -> float:
    """Peak RSS since the last :func:`reset_peak` (VmHWM), else of the whole process."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class StageMeter:
    """A stage listener: wall, CPU and peak RSS of every stage of the run, in start order
    (a stage run inside another, e.g. compression's re-index, is marked ``nested``)."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.open: dict[int, tuple[int, float, float]] = {}

    def __call__(self, event: StageEvent) -> None:
        if event.phase == "start":
            if not self.open:
                reset_peak()
            self.rows.append({"stage": event.stage, "nested": bool(self.open)})
            self.open[event.seq] = (len(self.rows) - 1, time.perf_counter(),
                                    time.process_time())
        elif event.phase in ("end", "error") and event.seq in self.open:
            row, t0, c0 = self.open.pop(event.seq)
            self.rows[row] |= {"s": time.perf_counter() - t0, "cpu": time.process_time() - c0,
                               "counts": dict(event.counts)}
            if not self.rows[row]["nested"]:
                self.rows[row]["peak_mb"] = peak_mb()


@contextlib.contextmanager
def recording_candidates(sink: dict[str, Any]) -> Iterator[None]:
    """Time the embed stage's extraction and keep the texts it hands to the model."""
    real: Callable[[run.RunContext], list[str]] = run.candidate_texts

    def timed(ctx: run.RunContext) -> list[str]:
        t0, c0 = time.perf_counter(), time.process_time()
        texts = real(ctx)
        sink["extraction"] = {"s": time.perf_counter() - t0, "cpu": time.process_time() - c0}
        sink["texts"] = texts
        return texts

    setattr(run, "candidate_texts", timed)  # noqa: B010 (the stage calls it by name)
    try:
        yield
    finally:
        setattr(run, "candidate_texts", real)  # noqa: B010


def whole_run(paths: list[Path], settings: KoreSettings, embedder: Any,
              now: datetime) -> dict[str, Any]:
    """One real ``run_pipeline``, every stage timed; figures per stage and in all."""
    meter, sink = StageMeter(), dict[str, Any]()
    load_before = load()
    with listening(meter), recording_candidates(sink):
        reset_peak()
        t0, c0 = time.perf_counter(), time.process_time()
        summary = run.run_pipeline(paths, settings, now=now, embedder=embedder)
        total_s, total_cpu = time.perf_counter() - t0, time.process_time() - c0
    stages: dict[str, dict[str, Any]] = {}
    for row in meter.rows:
        name = f"{row['stage']} (in compress)" if row["nested"] else row["stage"]
        into = stages.setdefault(name, {"s": 0.0, "cpu": 0.0, "peak_mb": 0.0, "times": 0})
        into["s"] += row.get("s", 0.0)
        into["cpu"] += row.get("cpu", 0.0)
        into["peak_mb"] = max(into["peak_mb"], row.get("peak_mb", 0.0))
        into["times"] += 1
        if row["stage"] == "embed" and "extraction" in sink:
            ext = sink["extraction"]
            stages[EXTRACTION] = {"s": ext["s"], "cpu": ext["cpu"], "sub": True}
            stages[ENCODE] = {"s": row["s"] - ext["s"], "cpu": row["cpu"] - ext["cpu"],
                              "sub": True,
                              "model_load_s": row["counts"].get("model_load_s", 0.0)}
    return {"stages": stages, "total_s": total_s, "total_cpu": total_cpu,
            "peak_mb": peak_mb(), "texts": sink.get("texts", []), "summary": summary,
            "messages": summary.get("ingest", {}).get("messages_new", 0),
            "load": f"{load_before} -> {load()}"}


def raw_encode(texts: list[str], settings: KoreSettings,
               sample: int = 0) -> tuple[float, float]:
    """(wall, CPU) seconds of ``encode(texts)`` by a fresh model, loaded and warmed first;
    with ``sample``, of that many random texts, scaled to all of them."""
    embedder = make_embedder(settings)
    embedder.encode(texts[:64])
    some = random.Random(0).sample(texts, sample) if 0 < sample < len(texts) else texts
    t0, c0 = time.perf_counter(), time.process_time()
    embedder.encode(some)
    scale = len(texts) / max(len(some), 1)
    return scale * (time.perf_counter() - t0), scale * (time.process_time() - c0)


def search_ms(settings: KoreSettings, embedder: Any, queries: int, seed: int) -> float:
    """Median milliseconds of a hybrid search of one owner (the store is searchable)."""
    rng = random.Random(seed)
    searcher = Searcher(settings, embedder=embedder)
    owners = [r[0] for r in searcher.conn.execute("SELECT DISTINCT owner FROM memories")]
    words = ["coffee", "my sister", "what do I do for work", "dog", "favourite food",
             "where do I live", "hobbies", "music", "travel plans", "allergic"]
    took = []
    try:
        for _ in range(queries):
            t0 = time.perf_counter()
            searcher.search(rng.choice(words), rng.choice(owners), k=10, now=NOW,
                            reinforce=False)
            took.append(1000 * (time.perf_counter() - t0))
    finally:
        searcher.close()
    return statistics.median(took)


def med(xs: list[float]) -> float:
    return float(statistics.median(xs))


def stage_medians(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per stage: median wall and CPU seconds over the runs, max peak RSS."""
    out: dict[str, dict[str, float]] = {}
    for name, first in runs[0]["stages"].items():
        out[name] = {"s": med([r["stages"][name]["s"] for r in runs]),
                     "cpu": med([r["stages"][name]["cpu"] for r in runs]),
                     "peak_mb": max(r["stages"][name].get("peak_mb", 0.0) for r in runs),
                     "sub": float(bool(first.get("sub")))}
    return out


def report(title: str, runs: list[dict[str, Any]]) -> None:
    """The table of one size and backend (medians over the runs)."""
    first = runs[0]
    messages = first["messages"]
    summ = first["summary"]
    print(f"\n### {title}: {messages:,} messages, {len(first['texts']):,} texts embedded,"
          f" {summ.get('extract', {}).get('inserted', 0):,} memories inserted;"
          f" compress {summ.get('compress')}; load {first['load']};"
          f" medians of {len(runs)} run(s)")
    print("| stage | wall s | CPU s | messages/s (wall) | peak RSS MB |")
    print("|---|---:|---:|---:|---:|")
    for name, f in stage_medians(runs).items():
        label = f"  ↳ {name}" if f["sub"] else name
        peak = f"{f['peak_mb']:,.0f}" if f["peak_mb"] else ""
        print(f"| {label} | {f['s']:.1f} | {f['cpu']:.1f} |"
              f" {messages / max(f['s'], 1e-9):,.0f} | {peak} |")
    wall, cpu = med([r["total_s"] for r in runs]), med([r["total_cpu"] for r in runs])
    print(f"| **whole run** | **{wall:.1f}** | **{cpu:.1f}** | **{messages / wall:,.0f}** |"
          f" {max(r['peak_mb'] for r in runs):,.0f} |")
    raws = [r for r in runs if r.get("raw")]
    if raws:
        n_texts = len(first["texts"])
        rw, rc = med([r["raw"][0] for r in raws]), med([r["raw"][1] for r in raws])
        ratio_wall = med([r["raw"][0] / r["total_s"] for r in raws])
        ratio_cpu = med([r["raw"][1] / r["total_cpu"] for r in raws])
        embed_wall = med([r["raw"][0] / r["stages"][ENCODE]["s"] for r in raws])
        sampled = raws[0].get("raw_sample", 0)
        how = f" (timed on {sampled:,} of them at random, scaled)" if sampled else ""
        print(f"\nraw encode of the same {n_texts:,} texts{how}, right after the run: {rw:.1f} s"
              f" wall ({n_texts / rw:,.0f} texts/s), {rc:.1f} s CPU; load {raws[0]['raw_load']}."
              f" Ratio whole run / raw encode: wall **{ratio_wall:.2f}**, CPU"
              f" **{ratio_cpu:.2f}**; raw encode / the run's encode (wall) {embed_wall:.2f}")
    if "search_ms" in first:
        print(f"search p50 (hybrid, one owner, 30 queries): {first['search_ms']:.1f} ms")


def growth(sizes: list[int], by_size: dict[int, list[dict[str, Any]]], estimate: int) -> None:
    """Per stage: time ratio between consecutive sizes, and the power-law estimate."""
    for small, big in zip(sizes, sizes[1:], strict=False):
        a, b = stage_medians(by_size[small]), stage_medians(by_size[big])
        scale = big / small
        print(f"\n### growth {small:,} -> {big:,} messages (x{scale:.2f});"
              f" ESTIMATE at {estimate:,} (power law through these two sizes, not measured)")
        print("| stage | wall ratio | CPU ratio | exponent (CPU) | est. wall s | est. CPU s |")
        print("|---|---:|---:|---:|---:|---:|")
        rows = [(n, a[n], b[n]) for n in b if n in a]
        rows.append(("whole run",
                     {"s": med([r["total_s"] for r in by_size[small]]),
                      "cpu": med([r["total_cpu"] for r in by_size[small]])},
                     {"s": med([r["total_s"] for r in by_size[big]]),
                      "cpu": med([r["total_cpu"] for r in by_size[big]])}))
        for name, fa, fb in rows:
            rw = fb["s"] / max(fa["s"], 1e-9)
            rc = fb["cpu"] / max(fa["cpu"], 1e-9)
            exp = math.log(max(rc, 1e-9)) / math.log(scale)
            est_c = fb["cpu"] * (estimate / big) ** exp
            est_w = fb["s"] * (estimate / big) ** (math.log(max(rw, 1e-9)) / math.log(scale))
            print(f"| {name} | {rw:.2f} | {rc:.2f} | {exp:.2f} | {est_w:,.0f} | {est_c:,.0f} |")
        pa = max(r["peak_mb"] for r in by_size[small])
        pb = max(r["peak_mb"] for r in by_size[big])
        print(f"peak RSS {pa:,.0f} -> {pb:,.0f} MB (x{pb / pa:.2f})")


def increment_report(res: dict[str, Any], added: int) -> None:
    """The daily increment's stages, and what compression compared."""
    report(f"a day later: +{added:,} messages on that home", [res])
    comp = res["summary"].get("compress", {})
    print(f"compression compared {comp.get('compared', '?'):,} memories (new or changed) of"
          f" {res.get('active', 0):,} active, in {comp.get('passes')} pass(es);"
          f" {comp.get('merged')} merged")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--messages", default="10000",
                   help="sizes, comma-separated, each a fresh home (e.g. 30000,100000)")
    p.add_argument("--owners", type=int, default=None, help="default: messages / 1000, >= 8")
    p.add_argument("--add", type=int, default=1000,
                   help="the next day's messages on the biggest home (0: skip)")
    p.add_argument("--baseline", default="",
                   help="backends run again as baselines (comma-separated)")
    p.add_argument("--reps", type=int, default=1, help="whole runs per backend (alternating)")
    p.add_argument("--baseline-raw", action="store_true",
                   help="also time the baseline backend's raw encode")
    p.add_argument("--no-raw", action="store_true",
                   help="no raw encode (stage figures only: no ratio)")
    p.add_argument("--raw-largest-only", action="store_true",
                   help="the raw encode (and ratio) at the largest size only")
    p.add_argument("--distinct", action="store_true",
                   help="make every message's text unique (one encode per message)")
    p.add_argument("--raw-sample", type=int, default=0,
                   help="raw encode of this many random texts, scaled (0: all of them)")
    p.add_argument("--estimate", type=int, default=1_000_000,
                   help="messages of the growth estimate")
    p.add_argument("--seed", type=int, default=16)
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--json", type=Path, default=None)
    cfg = p.parse_args(argv)
    sizes = sorted(int(s) for s in cfg.messages.split(",") if s.strip())
    work = Path(tempfile.mkdtemp(prefix="kore-realtext-"))
    baselines = [b.strip() for b in cfg.baseline.split(",") if b.strip()]
    backends = [KoreSettings().embedder, *baselines]
    figures: dict[str, Any] = {"argv": sys.argv[1:], "sizes": {}}
    print(f"# bench_realtext {' '.join(sys.argv[1:])}; load average {load()};"
          f" {os.cpu_count()} CPUs; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    by_size: dict[int, list[dict[str, Any]]] = {}
    try:
        convs = source_conversations(cfg.data)
        log(f"{len(convs):,} source conversations, {sum(map(len, convs)):,} turns")
        distinct = Distinct(convs, random.Random(cfg.seed)) if cfg.distinct else None
        for size in sizes:
            owners = cfg.owners or max(8, size // 1000)
            day = work / f"day0-{size}"
            write_messages(convs, size, owners, cfg.seed, day, START, "d0", distinct=distinct)
            runs: dict[str, list[dict[str, Any]]] = {b: [] for b in backends}
            for rep in range(cfg.reps):  # backends alternate, so load hits them alike
                for backend in backends:
                    settings = KoreSettings(home=work / f"home-{size}-{backend}-{rep}",
                                            embedder=backend)
                    log(f"{size:,} messages, {owners} owners, {backend} {rep + 1}/{cfg.reps}"
                        f" (load {load()})")
                    res = whole_run([day], settings, make_embedder(settings), NOW)
                    log(f"whole run {res['total_s']:.1f} s; raw encode of"
                        f" {len(res['texts']):,} texts")
                    raw_here = not cfg.no_raw and (size == sizes[-1]
                                                   or not cfg.raw_largest_only)
                    if raw_here and (backend == backends[0] or cfg.baseline_raw):
                        res["raw_load"] = load()
                        res["raw"] = raw_encode(res["texts"], settings, cfg.raw_sample)
                        res["raw_sample"] = min(cfg.raw_sample, len(res["texts"]))
                    last = rep == 0 and backend == backends[0]
                    if last:
                        res["search_ms"] = search_ms(settings, make_embedder(settings), 30,
                                                     cfg.seed)
                    if last and cfg.add and size == sizes[-1]:
                        day1 = work / f"day1-{size}"
                        write_messages(convs, cfg.add, owners, cfg.seed + 1, day1,
                                       NOW + timedelta(hours=1), "d1", span_s=20 * 3600,
                                       distinct=distinct)
                        log(f"a day later: {cfg.add:,} more messages (load {load()})")
                        add = whole_run([day, day1], settings, make_embedder(settings),
                                        NEXT_DAY)
                        add["active"] = active_memories(settings)
                        res["add"] = add
                    runs[backend].append(res)
                    shutil.rmtree(settings.home, ignore_errors=True)
            by_size[size] = runs[backends[0]]
            for backend in backends:
                report(f"{size:,} messages, {backend}", runs[backend])
                if "add" in runs[backend][0]:
                    increment_report(runs[backend][0]["add"], cfg.add)
            for baseline in baselines:
                base, main_b = runs[baseline], runs[backends[0]]
                pairs = list(zip(base, main_b, strict=True))
                print(f"\nwhole run {baseline} / {backends[0]} (median of per-rep ratios):"
                      f" wall {med([b['total_s'] / m['total_s'] for b, m in pairs]):.2f}x, CPU"
                      f" {med([b['total_cpu'] / m['total_cpu'] for b, m in pairs]):.2f}x")
            figures["sizes"][size] = {b: [strip(r) for r in rs] for b, rs in runs.items()}
            sys.stdout.flush()
        if len(sizes) > 1:
            growth(sizes, by_size, cfg.estimate)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if cfg.json:
        cfg.json.write_text(json.dumps(figures, indent=1, default=str))
    return 0


def active_memories(settings: KoreSettings) -> int:
    """Active memories of the home (what a full compression pass would compare)."""
    from kore_pipeline.store.db import connect

    conn = connect(settings.db_path())
    try:
        return int(conn.execute("SELECT count(*) FROM memories WHERE status = 'active'"
                                " AND type != 'summary' AND category != 'summary'")
                   .fetchone()[0])
    finally:
        conn.close()


def strip(res: dict[str, Any]) -> dict[str, Any]:
    """A run's figures without the texts (for the JSON file)."""
    out = {k: v for k, v in res.items() if k != "texts"}
    out["texts"] = len(res.get("texts", []))
    if "add" in res:
        out["add"] = strip(res["add"])
    return out


if __name__ == "__main__":
    sys.exit(main())
