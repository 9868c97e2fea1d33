#!/usr/bin/env python
"""Search latency of two code versions side by side, in one run, on one synthetic store.

    python benchmarks/bench_search_ab.py --size 100000                # main vs this tree
    python benchmarks/bench_search_ab.py --size 1000000 --old main --new .   # the 1M figure
    python benchmarks/bench_search_ab.py --old main --new main        # A/A: the noise floor
    python benchmarks/bench_search_ab.py --old . --new . --new-env KORE_RRF_K=20  # a setting
    python benchmarks/bench_search_ab.py --old . --new . --old-env KORE_TIME_BOOST=0 \
        --time-phrase "last month"     # what a query that says when costs (text/when)
    python benchmarks/bench_search_ab.py --size 1000000 --home /tmp/ab1m   # keep the store;
                                                     # a rerun with --home skips the build

Each side is a code version: ``.`` (this working tree, uncommitted edits included) or a git
ref, whose ``kore_pipeline/`` and ``sql/`` are taken with ``git archive`` into a temporary
folder. The store (``bench_scale_store.build_store``: generated memories, synthetic unit
vectors in the real cache, the index built by the real ``sync_index``) is built ONCE, by the
old side's code in a subprocess; if the new side's schema is newer it gets a copy of that
home, which its own code migrates when it opens it. Each side then runs in its own worker
process (``PYTHONPATH`` = its code): the real model, ``Searcher`` opened and ``warm()``-ed as
a server does, 3 warm-up queries; the parent then asks the workers for ``--rounds`` rounds of
the same ``--queries`` hybrid queries (``k=10``, ``reinforce=False``, fixed clock), the order
alternating ABBA so that load drifts fall on both sides. Printed: p50/p95/mean per round and
pooled, and the new/old ratios of the pooled p50 and p95.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def log(msg: str) -> None:
    print(f"[ab {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def code_dir(spec: str, work: Path) -> tuple[Path, str]:
    """Folder holding ``kore_pipeline/`` and ``sql/`` of ``spec`` ('.' or a git ref)."""
    if spec == ".":
        dirty = _git("status", "--porcelain", "--", "kore_pipeline", "sql")
        return ROOT, "working tree " + _git("rev-parse", "--short", "HEAD") + (
            " + uncommitted edits" if dirty else "")
    sha = _git("rev-parse", "--verify", f"{spec}^{{commit}}")
    dest = work / f"code-{sha[:12]}"
    if not dest.exists():
        dest.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha, "kore_pipeline", "sql"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest, f"{spec} ({sha[:10]})"


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def schema_version(code: Path) -> int:
    text = (code / "kore_pipeline" / "store" / "db.py").read_text(encoding="utf-8")
    m = re.search(r'^SCHEMA_VERSION\s*=\s*"(\d+)"', text, re.MULTILINE)
    return int(m.group(1)) if m else 0


def _env(code: Path, extra: str = "") -> dict[str, str]:
    """The environment of a side: its code first on the path, plus ``KEY=VALUE,...``."""
    pairs = dict(kv.split("=", 1) for kv in extra.split(",") if "=" in kv)
    return {**os.environ, **pairs, "PYTHONPATH": os.pathsep.join([str(code), str(HERE)])}


# ---- subprocess: build the store with one side's code ------------------------------------

def build(home: Path, size: int, owners: int, subjects: int, seed: int, nq: int,
          queries_path: Path) -> None:
    import random

    from bench_report import Table
    from bench_scale_store import build_store
    from bench_search import make_queries

    from kore_pipeline.embed.cache import make_embedder
    from kore_pipeline.settings import KoreSettings

    settings = KoreSettings(home=home)
    table = Table()
    corpus = build_store(table, "corpus", settings, size, owners, subjects, seed,
                         make_embedder(settings))
    queries = make_queries(random.Random(seed), nq, corpus)
    queries_path.write_text(json.dumps(queries), encoding="utf-8")
    print(table.render(), file=sys.stderr)


# ---- subprocess: one side's searcher, answering rounds on stdin --------------------------

def worker(home: Path) -> None:
    from bench_common import NOW

    from kore_pipeline.embed.cache import make_embedder
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.settings import KoreSettings

    settings = KoreSettings(home=home)
    t0 = time.perf_counter()
    searcher = Searcher(settings, embedder=make_embedder(settings))
    _ = searcher.index
    warmed = searcher.warm(now=NOW) if hasattr(searcher, "warm") else 0
    ready = {"ready": True, "open_warm_s": round(time.perf_counter() - t0, 2), "owners": warmed,
             "module": sys.modules[Searcher.__module__].__file__}
    print(json.dumps(ready), flush=True)
    for line in sys.stdin:
        queries = json.loads(line)
        for _kind, owner, q in queries[:3]:
            searcher.search(q, owner, k=10, now=NOW, reinforce=False)
        times, cpu, hits = [], [], 0
        for _kind, owner, q in queries:
            t, c = time.perf_counter(), time.process_time()
            hits += len(searcher.search(q, owner, k=10, now=NOW, reinforce=False))
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        print(json.dumps({"ms": times, "cpu_ms": cpu, "hits": hits}), flush=True)
    searcher.close()


# ---- parent -------------------------------------------------------------------------------

def with_set_questions(queries: list[list[str]]) -> list[list[str]]:
    """Every fifth query a request for a choice, every fifth (offset 2) a question that
    wants a set of answers, naming a subject of the owner where the list has one."""
    names = {owner: q for kind, owner, q in queries if kind == "name"}
    out = []
    for i, (kind, owner, q) in enumerate(queries):
        name = names.get(owner, "Anna")
        if i % 5 == 0:
            kind, q = "request", f"Can you suggest a restaurant for tonight, something like {q}?"
        elif i % 5 == 2:
            kind, q = "set", f"Which cities has {name} visited, and how many times?"
        out.append([kind, owner, q])
    return out


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))]


def summary(xs: list[float]) -> str:
    return f"p50 {pct(xs, 50):7.1f}  p95 {pct(xs, 95):7.1f}  mean {statistics.fmean(xs):7.1f} ms"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--old", default="main", help="git ref, or '.' for this tree (default main)")
    p.add_argument("--new", default=".", help="git ref, or '.' for this tree (default '.')")
    p.add_argument("--old-env", default="", help="KEY=VALUE,... for the old side only"
                   " (e.g. KORE_RRF_K=20: compare a setting with one code version)")
    p.add_argument("--new-env", default="", help="KEY=VALUE,... for the new side only")
    p.add_argument("--size", type=int, default=100_000, help="memories (default 100,000)")
    p.add_argument("--owners", type=int, default=50)
    p.add_argument("--subjects", type=int, default=20)
    p.add_argument("--queries", type=int, default=200, help="queries per round (default 200)")
    p.add_argument("--rounds", type=int, default=4, help="rounds per side, ABBA (default 4)")
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--home", type=Path, default=None,
                   help="build (or reuse) the store here and keep it (default: a temp folder)")
    p.add_argument("--json", type=Path, default=None, help="also write the latencies here")
    p.add_argument("--time-phrase", default="",
                   help="append this time phrase to every query (e.g. 'last month')")
    p.add_argument("--set-questions", action="store_true",
                   help="make every fifth query a request for a choice and every fifth a"
                   " question that wants a set (the preference pass, the covering order)")
    p.add_argument("--build", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--queries-file", type=Path, help=argparse.SUPPRESS)
    cfg = p.parse_args(argv)
    if cfg.worker:
        worker(cfg.worker)
        return 0
    if cfg.build:
        build(cfg.build, cfg.size, cfg.owners, cfg.subjects, cfg.seed, cfg.queries,
              cfg.queries_file)
        return 0
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="kore-ab-"))
    base = cfg.home or work / "home"
    try:
        old_code, old_name = code_dir(cfg.old, work)
        new_code, new_name = code_dir(cfg.new, work)
        qfile = base / "ab-queries.json"
        if not (qfile.is_file() and (base / "ab-size").read_text() == str(cfg.size)):
            shutil.rmtree(base, ignore_errors=True)
            base.mkdir(parents=True)
            log(f"building {cfg.size:,} memories with {old_name}")
            t0 = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--build", str(base), "--size",
                            str(cfg.size), "--owners", str(cfg.owners), "--subjects",
                            str(cfg.subjects), "--seed", str(cfg.seed), "--queries",
                            str(cfg.queries), "--queries-file", str(qfile)],
                           env=_env(old_code), check=True)
            (base / "ab-size").write_text(str(cfg.size))
            (base / "ab-built-by").write_text(old_name)
            log(f"store built in {time.perf_counter() - t0:.0f} s")
        else:
            built = base / "ab-built-by"
            log(f"reusing the store in {base}, built by "
                f"{built.read_text() if built.is_file() else 'an unrecorded version'}"
                " (an old side with a newer schema migrates it in place)")
        queries = json.loads(qfile.read_text(encoding="utf-8"))[: cfg.queries]
        if cfg.set_questions:
            queries = with_set_questions(queries)
        if cfg.time_phrase:
            queries = [[kind, owner, f"{q} {cfg.time_phrase}"] for kind, owner, q in queries]
        homes = {"old": base, "new": base}
        if schema_version(new_code) != schema_version(old_code):
            homes["new"] = work / "home-new"
            log(f"schema {schema_version(old_code)} -> {schema_version(new_code)}:"
                " the new side searches a copy, migrated by its code")
            shutil.copytree(base, homes["new"], dirs_exist_ok=True)
        sides = {"old": (old_code, old_name + (f" [{cfg.old_env}]" if cfg.old_env else "")),
                 "new": (new_code, new_name + (f" [{cfg.new_env}]" if cfg.new_env else ""))}
        envs = {"old": cfg.old_env, "new": cfg.new_env}
        procs: dict[str, subprocess.Popen[str]] = {}
        info: dict[str, Any] = {}
        for side, (code, name) in sides.items():
            log(f"starting the {side} worker: {name}")
            procs[side] = subprocess.Popen(
                [sys.executable, __file__, "--worker", str(homes[side])],
                env=_env(code, envs[side]), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                text=True)
            info[side] = json.loads(procs[side].stdout.readline())  # type: ignore[union-attr]
        order = [("old", "new") if r % 2 == 0 else ("new", "old") for r in range(cfg.rounds)]
        rounds: dict[str, list[list[float]]] = {"old": [], "new": []}
        cpus: dict[str, list[list[float]]] = {"old": [], "new": []}
        line = json.dumps(queries) + "\n"
        for r, pair in enumerate(order):
            for side in pair:
                proc = procs[side]
                proc.stdin.write(line)  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
                answer = json.loads(proc.stdout.readline())  # type: ignore[union-attr]
                rounds[side].append(answer["ms"])
                cpus[side].append(answer.get("cpu_ms", []))
                log(f"round {r + 1} {side}: {summary(rounds[side][-1])}")
        for proc in procs.values():
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait()
    finally:
        shutil.rmtree(work, ignore_errors=True)  # with --home, the store there is kept
    print(f"search latency, {cfg.size:,} memories ({cfg.owners} owners), hybrid k=10, warmed;"
          f" {len(queries)} queries x {cfg.rounds} rounds per side, ABBA order;"
          f" load average now {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for side, (_code, name) in sides.items():
        print(f"{side}: {name}; open + warm {info[side]['open_warm_s']} s;"
              f" search module {info[side]['module']}")
        for r, xs in enumerate(rounds[side]):
            print(f"  round {r + 1}: {summary(xs)}")
        print(f"  pooled : {summary([x for xs in rounds[side] for x in xs])}")
        pooled_cpu = [x for xs in cpus[side] for x in xs]
        if pooled_cpu:
            print(f"  CPU    : p50 {pct(pooled_cpu, 50):7.1f}  mean"
                  f" {statistics.fmean(pooled_cpu):7.1f} ms (process time)")
    old_all = [x for xs in rounds["old"] for x in xs]
    new_all = [x for xs in rounds["new"] for x in xs]
    per_round = [pct(n, 95) / pct(o, 95)
                 for n, o in zip(rounds["new"], rounds["old"], strict=True)]
    print(f"new / old: p50 x{pct(new_all, 50) / pct(old_all, 50):.3f},"
          f" p95 x{pct(new_all, 95) / pct(old_all, 95):.3f}"
          f" (median of the per-round p95 ratios x{statistics.median(per_round):.3f})")
    old_cpu = [x for xs in cpus["old"] for x in xs]
    new_cpu = [x for xs in cpus["new"] for x in xs]
    if old_cpu and new_cpu:
        print(f"new / old CPU: p50 x{pct(new_cpu, 50) / pct(old_cpu, 50):.3f}")
    print(f"wall time {time.perf_counter() - started:.0f} s")
    if cfg.json is not None:
        cfg.json.write_text(json.dumps({"size": cfg.size, "sides": {
            s: {"name": sides[s][1], "rounds_ms": rounds[s], "rounds_cpu_ms": cpus[s], **info[s]}
            for s in sides}}),
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
