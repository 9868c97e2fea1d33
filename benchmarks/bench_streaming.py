"""Streaming figures with the real model: latency from a line appended to a watched file to
it being searchable, and micro-batch throughput, against baselines measured in the same run.

1. latency: `watch()` runs in a thread (``--interval`` seconds between probes) over a folder;
   the main thread appends one line at a time and polls search until the new memory comes
   back, first by keyword (FTS5, visible once extracted), then by vector (FAISS, visible
   once embedded and indexed). Median and max over ``--appends`` lines.
2. throughput: N lines appended at once, one `run_micro_batch` (ingest, extract, embed,
   index, publish): messages/s, median of ``--reps``; baseline: the same N lines through a
   full `run_pipeline` (decay and compression included) on a copy of the same store.
3. incremental read: reading the lines appended to a large file from its checkpoint vs
   reading the whole file again (the pre-checkpoint behaviour for a changed file).

    PYTHONPATH=src:. python benchmarks/bench_streaming.py [--appends 7] [--interval 0.5]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from kore_pipeline.embed.cache import Embedder, make_embedder
from kore_pipeline.ingest.reader import ingest_paths
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.run.watch import run_micro_batch, watch
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings

NOW = "2026-11-30T12:00:00Z"
PEOPLE = ("Anna", "Marco", "Priya", "Kai", "Lena", "Tomas")
THINGS = ("green tea", "jazz", "rock climbing", "Lisbon", "dark chocolate", "trail running",
          "board games", "sushi", "the piano", "early mornings", "sailing", "poetry")
TEMPLATES = ("I really like {x}.", "My favourite hobby is {x}.", "I decided to try {x} next week.",
             "I always think about {x} on Sundays.", "I don't like {x} at all.")


def line(rng: random.Random, i: int, text: str | None = None) -> str:
    who = rng.choice(PEOPLE)
    rec = {"owner": "bench", "conversation_id": f"c{i % 50}", "speaker": who,
           "ts": f"2026-11-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z",
           "role": "user" if i % 3 or text else "assistant",
           "text": text or rng.choice(TEMPLATES).format(x=rng.choice(THINGS)) + f" (note {i})"}
    return json.dumps(rec) + "\n"


def append(path: Path, data: str) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(data)
        fh.flush()


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def latency(home: Path, folder: Path, embedder: Embedder, appends: int, interval: float,
            rng: random.Random) -> tuple[list[float], list[float]]:
    settings = KoreSettings(home=home)
    stop = threading.Event()
    worker = threading.Thread(target=watch, kwargs=dict(
        paths=[folder], settings=settings, interval=interval, now=NOW, embedder=embedder,
        stop=stop), daemon=True)
    worker.start()
    searcher = Searcher(settings, make_embedder(settings))  # own model: no sharing across threads
    fts, vec = [], []
    try:
        searcher.search("warm up", "bench", k=1, now=NOW, reinforce=False)
        for i in range(appends):
            word = f"zephyrine{i}x{rng.randint(1000, 9999)}"
            text = f"My secret locker password is {word} and I keep it safe."
            time.sleep(rng.uniform(0, interval))  # appends land anywhere in the cycle
            t0 = time.perf_counter()
            append(folder / "chat.jsonl", line(rng, 10_000 + i, text))
            found_fts = found_vec = None
            while found_vec is None and time.perf_counter() - t0 < 120:
                if found_fts is None and searcher.search(word, "bench", k=1, now=NOW,
                                                         mode="fts", reinforce=False):
                    found_fts = time.perf_counter() - t0
                if found_fts is not None:
                    hits = searcher.search("secret locker password " + word, "bench",
                                           k=10 + i, now=NOW, mode="semantic",
                                           reinforce=False)  # earlier appends look alike
                    if any(word in h.content for h in hits):
                        found_vec = time.perf_counter() - t0
                time.sleep(0.02)
            fts.append(found_fts if found_fts is not None else float("nan"))
            vec.append(found_vec if found_vec is not None else float("nan"))
            log(f"append {i}: keyword {fts[-1]:.2f} s, vector {vec[-1]:.2f} s")
    finally:
        stop.set()
        worker.join(timeout=300)
        searcher.close()
    return fts, vec


def throughput(home: Path, folder: Path, embedder: Embedder, sizes: list[int], reps: int,
               rng: random.Random) -> None:
    settings = KoreSettings(home=home)
    counter = 20_000
    for n in sizes:
        micro, full = [], []
        for _ in range(reps):
            block = "".join(line(rng, counter + k) for k in range(n))
            counter += n
            twin = home.parent / "twin"  # the same store and input for the baseline
            shutil.rmtree(twin, ignore_errors=True)
            shutil.copytree(home, twin / "home")
            shutil.copytree(folder, twin / "logs")
            append(folder / "chat.jsonl", block)
            append(twin / "logs" / "chat.jsonl", block)
            t0 = time.perf_counter()
            summary = run_micro_batch([folder], settings, NOW, embedder)
            micro.append(time.perf_counter() - t0)
            assert summary["ingest"]["messages_new"] == n, summary["ingest"]
            t0 = time.perf_counter()
            run_pipeline([twin / "logs"], KoreSettings(home=twin / "home"), NOW, embedder)
            full.append(time.perf_counter() - t0)
        m, f = statistics.median(micro), statistics.median(full)
        print(f"  {n:5d} lines: micro-batch {m:6.2f} s ({n / m:7.1f} msg/s);"
              f" full run_pipeline {f:6.2f} s ({n / f:7.1f} msg/s); ratio {f / m:.2f}x")


def incremental_read(tmp: Path, rng: random.Random, lines: int) -> None:
    path = tmp / "big.jsonl"
    path.write_text("".join(line(rng, i) for i in range(lines)), encoding="utf-8")
    settings = KoreSettings(home=tmp / "unused")
    first = ingest_paths([path], settings)
    cps = {c.path: c for c in first.checkpoints}
    append(path, "".join(line(rng, lines + i) for i in range(100)))
    inc, whole = [], []
    for _ in range(3):
        t0 = time.perf_counter()
        res = ingest_paths([path], settings, checkpoints=cps)
        inc.append(time.perf_counter() - t0)
        assert len(res.messages) == 100
        t0 = time.perf_counter()
        res = ingest_paths([path], settings)
        whole.append(time.perf_counter() - t0)
    i, w = statistics.median(inc), statistics.median(whole)
    print(f"  100 lines appended to {lines:,} lines ({path.stat().st_size / 1e6:.1f} MB):"
          f" from checkpoint {i * 1000:.0f} ms vs whole file {w * 1000:.0f} ms"
          f" ({w / i:.1f}x)")


def main() -> None:
    ap = argparse.ArgumentParser(description="Streaming latency and throughput.")
    ap.add_argument("--appends", type=int, default=7)
    ap.add_argument("--interval", type=float, default=0.5)
    ap.add_argument("--sizes", default="10,100,500")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seed-lines", type=int, default=300)
    ap.add_argument("--big-lines", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        folder, home = tmp / "logs", tmp / "run" / "home"
        folder.mkdir()
        (folder / "chat.jsonl").write_text("".join(line(rng, i) for i in range(args.seed_lines)))
        embedder = make_embedder(KoreSettings(home=home))
        t0 = time.perf_counter()
        first = run_micro_batch([folder], KoreSettings(home=home), NOW, embedder)
        log(f"first batch ({args.seed_lines} lines, model load included):"
            f" {time.perf_counter() - t0:.1f} s, {first['ingest']['messages_new']} messages")
        print(f"latency from append to searchable (watch --interval {args.interval},"
              f" {args.appends} appends, store of {args.seed_lines}+ messages):")
        fts, vec = latency(home, folder, embedder, args.appends, args.interval, rng)
        print(f"  keyword (FTS5): median {statistics.median(fts):.2f} s, max {max(fts):.2f} s")
        print(f"  vector (FAISS): median {statistics.median(vec):.2f} s, max {max(vec):.2f} s")
        print(f"  (expected about interval/2 + one micro-batch; interval {args.interval} s)")
        print(f"throughput (median of {args.reps}; baseline: the same lines through a full run):")
        throughput(home, folder, embedder, [int(s) for s in args.sizes.split(",")], args.reps,
                   rng)
        print(f"incremental read (ingest only, median of 3; load {os.getloadavg()[0]:.1f}):")
        incremental_read(tmp, rng, args.big_lines)


if __name__ == "__main__":
    main()
