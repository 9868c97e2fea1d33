"""Embedding backends side by side: texts/s (medians, ratio to torch in the same run), thread
and batch settings, agreement with the torch vectors and MADial-Bench recall per backend.

    python benchmarks/bench_embedders.py [--n 600] [--reps 3] [--data ../shared/data]

Texts: user turns of Synthetic-Persona-Chat and MADial-Bench memories, read in place from
``--data`` (generated template sentences when it is missing). Every variant is run once per
repetition, variants interleaved, so machine noise hits them alike; the ratio to torch is
taken per repetition (same moment) and its median printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline.embed.factory import make_embedder
from kore_pipeline.settings import KoreSettings

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "sentence-transformers t0 b64"


def load_texts(data: Path, n: int, seed: int) -> list[str]:
    """``n`` distinct real texts (SPC user turns, MADial memories), else template sentences."""
    found: list[str] = []
    for path in sorted((data / "synthetic-persona-chat").rglob("*.csv"))[:1]:
        import csv

        with path.open(encoding="utf-8") as fh:
            for row in csv.reader(fh):
                for cell in row:
                    found += [line.split(":", 1)[1].strip() for line in cell.splitlines()
                              if line.startswith("User ") and ":" in line]
    if (data / "madial-bench").is_dir():
        from evals.madial import load_madial

        memories, _ = load_madial(data / "madial-bench")
        found += [m.event for m in memories]
    found = list(dict.fromkeys(t for t in found if t))
    if len(found) < n:
        print(f"# only {len(found)} real texts under {data}: adding template sentences",
              file=sys.stderr)
        sys.path.insert(0, str(Path(__file__).parent))
        from bench_texts import CATEGORY_WEIGHTS, make_sentence

        rng = random.Random(seed)
        while len(found) < n:
            found.append(make_sentence(rng, rng.choice(list(CATEGORY_WEIGHTS))))
    random.Random(seed).shuffle(found)
    return found[:n]


def variant(name: str, base: KoreSettings) -> tuple[str, Any]:
    """'backend tT bB' -> (name, embedder) with T threads (0 = default) and batch B."""
    backend, threads, batch = name.split()
    settings = base.model_copy(update={"embedder": backend, "embed_threads": int(threads[1:]),
                                       "embed_batch_size": int(batch[1:])})
    return name, make_embedder(settings)


def set_torch_threads(name: str) -> None:
    """torch's thread count is process-wide: set it before each torch variant runs."""
    if name.startswith("sentence-transformers"):
        import torch

        threads = int(name.split()[1][1:])
        torch.set_num_threads(threads if threads > 0 else DEFAULT_TORCH_THREADS)


def madial_recall(embedder: Any, data: Path) -> dict[str, float]:
    """R@5 / R@10 of hybrid and semantic search, ``user_turns`` queries, on MADial-Bench
    (the store, queries and clock of ``kore eval``; only the default query variant)."""
    from evals.madial import (
        DEFAULT_QUERY,
        MADIAL_NOW,
        MADIAL_OWNER,
        build_madial_store,
        load_madial,
        madial_query,
    )
    from evals.metrics import retrieval_metrics
    from kore_pipeline.serve.search import Searcher

    memories, dialogues = load_madial(data / "madial-bench")
    names = list(dict.fromkeys(d.user for d in dialogues if d.user)) or ["Bart", "Lisa"]
    queries = [madial_query(d, DEFAULT_QUERY) for d in dialogues]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = KoreSettings(home=Path(tmp))
        build_madial_store(settings, memories, names, embedder, MADIAL_NOW)
        searcher = Searcher(settings, embedder=embedder)
        try:
            for mode in ("hybrid", "semantic"):
                runs = [([h.memory_id for h in searcher.search(
                    q, MADIAL_OWNER, k=10, now=MADIAL_NOW, reinforce=False, mode=mode)],
                    d.relevant) for q, d in zip(queries, dialogues, strict=True)]
                m = retrieval_metrics(runs)
                out[f"{mode} R@5"] = 100 * m["recall@5"]
                out[f"{mode} R@10"] = 100 * m["recall@10"]
        finally:
            searcher.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=600)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--variants", default=",".join([
        BASELINE, "sentence-transformers t1 b64", "sentence-transformers t0 b16",
        "sentence-transformers t0 b128", "onnx t0 b64", "onnx-int8 t0 b64",
        "onnx-int8 t1 b64", "onnx-int8 t0 b16", "onnx-int8 t0 b128"]))
    parser.add_argument("--quality", default="sentence-transformers,onnx,onnx-int8",
                        help="backends to score on MADial-Bench ('' to skip)")
    args = parser.parse_args()

    import torch

    global DEFAULT_TORCH_THREADS
    DEFAULT_TORCH_THREADS = torch.get_num_threads()
    texts = load_texts(args.data, args.n, args.seed)
    base = KoreSettings(home=Path(tempfile.mkdtemp()))
    names = [v.strip() for v in args.variants.split(",") if v.strip()]
    embedders = dict(variant(n, base) for n in names)
    print(f"# {len(texts)} texts, mean {np.mean([len(t) for t in texts]):.0f} chars;"
          f" {args.reps} reps; torch default threads {DEFAULT_TORCH_THREADS}")
    load = {}
    for name, emb in embedders.items():  # load and warm up (exports ONNX on first use)
        set_torch_threads(name)
        t0 = time.perf_counter()
        emb.encode(texts[:32])
        load[name] = time.perf_counter() - t0
    times: dict[str, list[float]] = {n: [] for n in names}
    vectors: dict[str, np.ndarray] = {}
    for rep in range(args.reps):
        for name in names:
            set_torch_threads(name)
            t0 = time.perf_counter()
            vectors[name] = embedders[name].encode(texts)
            times[name].append(time.perf_counter() - t0)
        print(f"# rep {rep + 1}/{args.reps} done", file=sys.stderr, flush=True)
    base_times = times[BASELINE]
    print("| variant | texts/s (median) | runs (s) | ratio to torch (median of per-rep) |"
          " mean cos to torch | min cos | first load (s) |")
    print("|---|---:|---|---:|---:|---:|---:|")
    ref = vectors[BASELINE]
    for name in names:
        rate = len(texts) / statistics.median(times[name])
        ratio = statistics.median(b / t for b, t in zip(base_times, times[name], strict=True))
        cos = (vectors[name] * ref).sum(1)
        print(f"| {name} | {rate:.0f} | {' / '.join(f'{t:.2f}' for t in times[name])} |"
              f" {ratio:.2f} | {cos.mean():.4f} | {cos.min():.4f} | {load[name]:.1f} |")
    quality = [q.strip() for q in args.quality.split(",") if q.strip()]
    if quality and (args.data / "madial-bench").is_dir():
        print("\n| backend (MADial-Bench, user_turns, k=10) | hybrid R@5 | hybrid R@10 |"
              " semantic R@5 | semantic R@10 |")
        print("|---|---:|---:|---:|---:|")
        for backend in quality:
            name = next(n for n in names if n.startswith(backend + " "))
            set_torch_threads(name)
            r = madial_recall(embedders[name], args.data)
            print(f"| {backend} | {r['hybrid R@5']:.1f} | {r['hybrid R@10']:.1f} |"
                  f" {r['semantic R@5']:.1f} | {r['semantic R@10']:.1f} |")


DEFAULT_TORCH_THREADS = 0

if __name__ == "__main__":
    main()
