#!/usr/bin/env python
"""Real-text throughput: N messages of conversation, from files to a searchable store.

    python benchmarks/bench_realtext.py --messages 10000 [--baseline sentence-transformers]
        [--data ../shared/data] [--add 1000] [--json out.json]

The messages recombine real turns of the public sets in ``--data`` (Synthetic-Persona-Chat,
LoCoMo, MemoryBank): whole source conversations (or windows of them) become sessions of many
owners and conversations, at times spread over a year (30-90 s between turns). They are
written as JSON Lines to a temporary folder (removed afterwards; never in the project).

Then the real pipeline runs on them, step by step as ``run_pipeline`` chains them, in a fresh
home: ingest, extract (facts, scores, languages: what will be embedded), embed (the model
over every new text, cache writes), upsert (the extract stage, reusing those candidates),
index, decay, compress, publish.
Printed per step: seconds, messages/s and peak RSS (VmHWM, reset before each step). In the
same run, on the very texts the pipeline embedded, the raw ``encode`` of the same backend
(loaded, warmed): texts/s, the machine's limit for that model, and the ratio whole run /
raw encode (raw-encode seconds over whole-run seconds; 1.0 = the run costs only the model).
With ``--add K``: K more messages (new sessions of the same owners, a day later) are run
through the same home, the daily increment. With ``--baseline B[,C]``: the same messages
again with each backend in a fresh home, runs alternating (the ratios are of one run of this
script; a baseline's raw encode only with ``--baseline-raw``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from kore_pipeline.embed.cache import embed_text, embed_with_cache  # noqa: E402
from kore_pipeline.extract.facts import extract_memories  # noqa: E402
from kore_pipeline.ingest.reader import message_key  # noqa: E402
from kore_pipeline.run import pipeline as run  # noqa: E402
from kore_pipeline.serve.search import Searcher  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402
from kore_pipeline.timeutil import iso  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
START = datetime(2025, 6, 1, tzinfo=UTC)
NOW = START + timedelta(days=366)
Turns = list[tuple[str, str]]  # (role, text)


def log(msg: str) -> None:
    print(f"[realtext {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


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
                turns: Turns = []
                for pair in day:
                    turns += [("user", pair["query"]), ("assistant", pair["response"])]
                convs.append(turns)
    return [c for c in convs if c]


def write_messages(convs: list[Turns], n: int, owners: int, seed: int, folder: Path,
                   start: datetime, tag: str) -> int:
    """``n`` messages in one JSONL file per owner, sessions drawn from ``convs``."""
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
        ts = start + timedelta(seconds=rng.randrange(365 * 86400))
        sid = f"{tag}s{session}"
        for i, (role, text) in enumerate(turns):
            per_owner[owner].append({
                "owner": f"owner{owner:04d}", "conversation_id": f"c{rng.randrange(5)}",
                "session_id": sid, "message_id": f"{sid}-{i}", "ts": iso(ts), "role": role,
                "speaker": f"Person{owner:04d}" if role == "user" else "assistant",
                "text": text})
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
    """Reset the process's peak RSS (Linux ``clear_refs`` 5), so each step has its own."""
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


def run_steps(paths: list[Path], settings: KoreSettings, embedder: Any) -> dict[str, Any]:
    """The pipeline of ``run_pipeline``, each step timed; returns figures per step."""
    steps: dict[str, dict[str, float]] = {}
    ctx = run.open_run(settings, "pipeline", NOW, embedder)
    out: dict[str, Any] = {"steps": steps}

    def step(name: str, fn: Any, *args: Any) -> Any:
        reset_peak()
        t0, c0 = time.perf_counter(), time.process_time()
        result = fn(*args)
        steps[name] = {"s": time.perf_counter() - t0, "cpu": time.process_time() - c0,
                       "peak_mb": peak_mb()}
        return result

    def body() -> None:
        step("ingest", run.stage_ingest, ctx, paths)
        pending = run.pending_messages(ctx.conn)
        out["messages"] = len(pending)
        candidates = step("extract", extract_memories, pending, ctx.settings)
        # as prepare_vectors leaves them: the upsert step reuses these candidates
        ctx.prepared = ([message_key(m) for m in pending], candidates)
        texts = sorted({embed_text(c.subject, c.content) for c in candidates})
        out["texts"] = texts
        out["encoded"] = step("embed", lambda: embed_with_cache(texts, ctx.embedder,
                                                                  ctx.cache)[1])
        with run.serving_transaction(ctx):
            step("upsert (extract stage)", run.stage_extract, ctx)
            step("index", run.stage_index, ctx)
            step("decay", run.stage_decay, ctx)
            out["compress"] = step("compress", run.stage_compress, ctx)
        step("publish", run.stage_publish, ctx)

    run.execute(ctx, body)
    out["total_s"] = sum(s["s"] for s in steps.values())
    out["total_cpu"] = sum(s["cpu"] for s in steps.values())
    return out


def raw_encode(texts: list[str], embedder: Any) -> tuple[float, float]:
    """(wall, CPU) seconds of ``embedder.encode(texts)``, loaded and warmed first."""
    embedder.encode(texts[:64])
    t0, c0 = time.perf_counter(), time.process_time()
    embedder.encode(texts)
    return time.perf_counter() - t0, time.process_time() - c0


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


def report(name: str, runs: list[dict[str, Any]]) -> None:
    """Per step: medians of wall and CPU seconds over the runs, messages/s, peak RSS."""
    first = runs[0]
    messages, n_texts = first["messages"], len(first["texts"])
    print(f"\n### {name}: {messages:,} messages, {n_texts:,} texts embedded"
          f" ({first['encoded']:,} encoded), compress {first['compress']};"
          f" medians of {len(runs)} run(s)")
    print("| step | wall s | CPU s | messages/s (wall) | peak RSS (MB) |")
    print("|---|---:|---:|---:|---:|")
    for step in first["steps"]:
        wall = med([r["steps"][step]["s"] for r in runs])
        cpu = med([r["steps"][step]["cpu"] for r in runs])
        peak = max(r["steps"][step]["peak_mb"] for r in runs)
        print(f"| {step} | {wall:.1f} | {cpu:.1f} | {messages / max(wall, 1e-9):,.0f} |"
              f" {peak:,.0f} |")
    wall, cpu = med([r["total_s"] for r in runs]), med([r["total_cpu"] for r in runs])
    print(f"| **whole run** | **{wall:.1f}** | **{cpu:.1f}** | **{messages / wall:,.0f}** |"
          f" {max(max(f['peak_mb'] for f in r['steps'].values()) for r in runs):,.0f} |")
    raws = [r["raw"] for r in runs if r.get("raw")]
    if raws:
        rw, rc = med([x[0] for x in raws]), med([x[1] for x in raws])
        ratio_wall = med([r["raw"][0] / r["total_s"] for r in runs if r.get("raw")])
        ratio_cpu = med([r["raw"][1] / r["total_cpu"] for r in runs if r.get("raw")])
        embed_wall = med([r["raw"][0] / r["steps"]["embed"]["s"] for r in runs if r.get("raw")])
        print(f"\nraw encode of the same {n_texts:,} texts, right after each run: {rw:.1f} s"
              f" wall ({n_texts / rw:,.0f} texts/s), {rc:.1f} s CPU. Ratio whole run / raw"
              f" encode (median of per-run ratios): wall **{ratio_wall:.2f}**, CPU"
              f" **{ratio_cpu:.2f}**; embed step / raw encode (wall) {embed_wall:.2f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--messages", type=int, default=10_000)
    p.add_argument("--owners", type=int, default=None, help="default: messages / 1000, >= 8")
    p.add_argument("--add", type=int, default=1000, help="daily increment (0: skip)")
    p.add_argument("--baseline", default="",
                   help="backends run again as baselines (comma-separated)")
    p.add_argument("--reps", type=int, default=1, help="whole runs per backend (alternating)")
    p.add_argument("--baseline-raw", action="store_true",
                   help="also time the baseline backend's raw encode")
    p.add_argument("--seed", type=int, default=16)
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--json", type=Path, default=None)
    cfg = p.parse_args(argv)
    owners = cfg.owners or max(8, cfg.messages // 1000)
    work = Path(tempfile.mkdtemp(prefix="kore-realtext-"))
    figures: dict[str, Any] = {"messages": cfg.messages, "owners": owners}
    try:
        convs = source_conversations(cfg.data)
        log(f"{len(convs):,} source conversations, {sum(map(len, convs)):,} turns")
        day = work / "day0"
        write_messages(convs, cfg.messages, owners, cfg.seed, day, START, "d0")
        if cfg.add:
            write_messages(convs, cfg.add, owners, cfg.seed + 1, work / "day1",
                           NOW - timedelta(hours=20), "d1")
        baselines = [b.strip() for b in cfg.baseline.split(",") if b.strip()]
        backends = [KoreSettings().embedder, *baselines]
        print(f"# bench_realtext {' '.join(sys.argv[1:])}; {owners} owners;"
              f" load average {os.getloadavg()[0]:.1f}; {os.cpu_count()} CPUs")
        from kore_pipeline.embed.factory import make_embedder

        runs: dict[str, list[dict[str, Any]]] = {b: [] for b in backends}
        for rep in range(cfg.reps):  # backends alternate, so load hits them alike
            for backend in backends:
                settings = KoreSettings(home=work / f"home-{backend}-{rep}", embedder=backend)
                embedder = make_embedder(settings)
                log(f"{backend} {rep + 1}/{cfg.reps}: whole run on {cfg.messages:,} messages"
                    f" (load {os.getloadavg()[0]:.1f})")
                res = run_steps([day], settings, embedder)
                if backend == backends[0] or cfg.baseline_raw:
                    res["raw"] = raw_encode(res["texts"], make_embedder(settings))
                if rep == 0 and backend == backends[0]:
                    res["search_ms"] = search_ms(settings, embedder, 30, cfg.seed)
                    if cfg.add:
                        log(f"{backend}: daily increment of {cfg.add:,} messages")
                        res["add"] = run_steps([day, work / "day1"], settings, embedder)
                runs[backend].append(res)
                shutil.rmtree(settings.home, ignore_errors=True)
        for backend in backends:
            report(backend, runs[backend])
            first = runs[backend][0]
            if "search_ms" in first:
                print(f"\nsearch p50 (hybrid, one owner, 30 queries): {first['search_ms']:.1f} ms")
            if "add" in first:
                report(f"{backend}, +{cfg.add:,} messages on that home", [first["add"]])
            figures[backend] = [{k: v for k, v in r.items() if k != "texts"}
                                | {"add": {k: v for k, v in r.get("add", {}).items()
                                           if k != "texts"}}
                                for r in runs[backend]]
        for baseline in baselines:
            base, main_b = runs[baseline], runs[backends[0]]
            ratios = [b["total_s"] / m["total_s"] for b, m in zip(base, main_b, strict=True)]
            cpu_r = [b["total_cpu"] / m["total_cpu"] for b, m in zip(base, main_b, strict=True)]
            emb = [b["steps"]["embed"]["cpu"] / m["steps"]["embed"]["cpu"]
                   for b, m in zip(base, main_b, strict=True)]
            print(f"\nwhole run {baseline} / {backends[0]} (median of per-rep ratios):"
                  f" wall {med(ratios):.2f}x, CPU {med(cpu_r):.2f}x; embed step CPU"
                  f" {med(emb):.2f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if cfg.json:
        cfg.json.write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
