"""``kore api`` under load on loopback: N concurrent clients searching and saving for a fixed
time against a real server process, beside the same searches run in process.

    python benchmarks/bench_api.py                  # 8 clients, 60 s, ~2 min in all
    python benchmarks/bench_api.py --seconds 15     # smoke run
    python benchmarks/bench_api.py --clients 4 --save-share 0.5 --json out.json

The store: the sample logs of ``data/`` through the pipeline plus ``--memories`` generated
memories over 5 owners (saved with the Python API and embedded with the real model). The
server is ``kore api`` in its own process (one model load, rate limit off); each client is a
thread with its own httpx connection and its own owner's key. Prints per operation: requests,
errors, p50/p95/p99 latency (ms) and requests/s; then the same search queries through
``Memory.search`` in this process (the baseline) and the HTTP/in-process ratio of medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
NOW = "2026-11-30T12:00:00Z"
OWNERS = [f"owner-{i}" for i in range(5)]
DRINKS = ["espresso", "green tea", "cold brew", "oat latte", "mate", "chai", "cocoa"]
PLACES = ["Lisbon", "Turin", "Berlin", "Oslo", "Kyoto", "Lima", "Accra", "Quebec"]
TOOLS = ["Postgres", "DuckDB", "Redis", "Kafka", "SQLite", "FAISS", "Prefect", "Polars"]


def log(msg: str) -> None:
    print(f"[bench_api {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def sentence(rng: random.Random, i: int) -> str:
    kind = i % 3
    if kind == 0:
        return f"Person {i % 40} prefers {rng.choice(DRINKS)} before the {i % 7} o'clock call"
    if kind == 1:
        return f"The team decided to use {rng.choice(TOOLS)} for project {i % 90}"
    return f"Person {i % 40} travels to {rng.choice(PLACES)} in week {i % 52}"


def queries(rng: random.Random, n: int) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        q = rng.choice([f"what does person {rng.randrange(40)} drink",
                        f"which tool for project {rng.randrange(90)}",
                        f"trip to {rng.choice(PLACES)}", rng.choice(TOOLS),
                        f"{rng.choice(DRINKS)} in the morning"])
        out.append((rng.choice(OWNERS), q))
    return out


def build_home(home: Path, memories: int, seed: int) -> dict[str, str]:
    """The store and one key per owner."""
    from kore_pipeline import Memory
    from kore_pipeline.run.pipeline import run_pipeline
    from kore_pipeline.serve.api_keys import create_key
    from kore_pipeline.settings import KoreSettings

    settings = KoreSettings(home=home)
    t = time.perf_counter()
    run_pipeline([ROOT / "data" / "sample"], settings, now=NOW)
    rng = random.Random(seed)
    with Memory(settings=settings) as mem:
        for k, owner in enumerate(OWNERS):
            items = [{"content": sentence(rng, i), "subject": f"person-{i % 40}"}
                     for i in range(k, memories, len(OWNERS))]
            mem.save_many(items, owner=owner, now=NOW)
        mem.embed_pending()
        keys = {o: create_key(mem.conn, [o])["key"] for o in OWNERS}
    log(f"store built: {memories} memories + sample logs in {time.perf_counter() - t:.0f} s")
    return keys


def start_server(home: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KORE_API_RATE_LIMIT_PER_MINUTE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "kore_pipeline.cli.app", "api", "--home",
                             str(home), "--port", str(port)], env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/v1/health", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("kore api did not start")


def client_loop(url: str, key: str, owner: str, stop: float, save_share: float, seed: int,
                out: dict[str, list[float]], errors: list[str]) -> None:
    rng = random.Random(seed)
    qs = queries(rng, 500)
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"},
                      timeout=60) as c:
        i = 0
        while time.perf_counter() < stop:
            i += 1
            save = rng.random() < save_share
            t = time.perf_counter()
            try:
                if save:
                    r = c.post("/v1/memories", json={"content": f"load note {seed}-{i}: "
                                                     + sentence(rng, i), "now": NOW})
                else:
                    r = c.post("/v1/search", json={"query": qs[i % len(qs)][1], "k": 10,
                                                   "now": NOW})
                ok = r.status_code < 300
            except httpx.HTTPError as exc:
                ok, r = False, None
                errors.append(f"{type(exc).__name__}: {exc}")
            took = (time.perf_counter() - t) * 1000
            out["save" if save else "search"].append(took)
            if not ok and r is not None:
                errors.append(f"HTTP {r.status_code}: {r.text[:200]}")


def figures(xs: list[float], seconds: float) -> dict[str, float]:
    a = np.asarray(xs) if xs else np.zeros(1)
    return {"requests": len(xs), "p50_ms": float(np.percentile(a, 50)),
            "p95_ms": float(np.percentile(a, 95)), "p99_ms": float(np.percentile(a, 99)),
            "req_per_s": len(xs) / seconds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--save-share", type=float, default=0.2)
    ap.add_argument("--memories", type=int, default=2000)
    ap.add_argument("--baseline-queries", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from tests.serve.live_server import free_port

    with tempfile.TemporaryDirectory(prefix="bench-api-") as tmp:
        home = Path(tmp) / "home"
        keys = build_home(home, args.memories, args.seed)
        port = free_port()
        proc = start_server(home, port)
        url = f"http://127.0.0.1:{port}"
        try:
            warm = httpx.post(url + "/v1/search", headers={"X-API-Key": keys[OWNERS[0]]},
                              json={"query": "warm up the model", "now": NOW}, timeout=120)
            assert warm.status_code == 200, warm.text
            results: dict[str, list[float]] = {"search": [], "save": []}
            errors: list[str] = []
            log(f"{args.clients} clients for {args.seconds:.0f} s")
            start = time.perf_counter()
            stop = start + args.seconds
            threads = [threading.Thread(target=client_loop, args=(
                url, keys[OWNERS[i % len(OWNERS)]], OWNERS[i % len(OWNERS)], stop,
                args.save_share, args.seed + i, results, errors)) for i in range(args.clients)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            elapsed = time.perf_counter() - start
        finally:
            proc.terminate()
            proc.wait(30)
        from kore_pipeline import Memory
        from kore_pipeline.settings import KoreSettings

        qs = queries(random.Random(args.seed), args.baseline_queries)
        local: list[float] = []
        with Memory(settings=KoreSettings(home=home)) as mem:
            mem.search("warm up the model", OWNERS[0], now=NOW)
            for owner, q in qs:
                t = time.perf_counter()
                mem.search(q, owner, k=10, now=NOW)
                local.append((time.perf_counter() - t) * 1000)
    out = {"clients": args.clients, "seconds": round(elapsed, 1), "errors": len(errors),
           "first_errors": errors[:5], "search": figures(results["search"], elapsed),
           "save": figures(results["save"], elapsed),
           "all": figures(results["search"] + results["save"], elapsed),
           "in_process_search": figures(local, sum(local) / 1000)}
    out["http_over_in_process_p50"] = out["search"]["p50_ms"] / out["in_process_search"][
        "p50_ms"]
    print(f"kore api on loopback: {args.clients} clients, {elapsed:.1f} s, "
          f"{len(errors)} errors, memories {args.memories} + sample")
    print(f"{'operation':<22}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
          f"{'req/s':>8}")
    for name in ("search", "save", "all", "in_process_search"):
        f = out[name]
        print(f"{name:<22}{f['requests']:>9}{f['p50_ms']:>9.1f}{f['p95_ms']:>9.1f}"
              f"{f['p99_ms']:>9.1f}{f['req_per_s']:>8.1f}")
    print(f"HTTP search p50 / in-process search p50: {out['http_over_in_process_p50']:.2f}x")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
