"""Soak: a real ``kore api`` under 8 HTTP searchers and 2 HTTP savers while ``kore watch``
writes the same home.

Builds a home from the sample data (``data/sample``), starts ``kore api`` as its own process
(uvicorn, exactly as a user runs it; the rate limit off), and for ``--seconds``:

- ``--searchers`` threads POST /v1/search (hybrid, k=5) in a loop;
- ``--savers`` threads POST /v1/memories, each with a text of its own;
- one thread appends chat messages to a log file that ``kore watch --interval`` (a third
  process) ingests in micro-batches: extract, embed, index, decay, publish on the same home.

Then it prints errors by kind (a 503 is an allowed answer of a busy store; any other error
is a failure), p50/p95/p99 latency and req/s of each operation, the writer's batches, and
checks that every save answered 2xx is in the store by id (over HTTP while the server runs,
and in the store file after it stopped). Exit status 1 on any failure.

    python benchmarks/bench_soak.py [--seconds 60] [--searchers 8] [--savers 2] [--interval 2]
    python benchmarks/bench_soak.py --seconds 300    # the long soak
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OWNER = "team-alpha"
QUERIES = ["what does Anna like to drink", "which database did they choose", "coffee",
           "where does the team meet", "deadline of the release", "favourite food",
           "hiking in the mountains", "what language does Marco speak"]
DRINKS = ["green tea", "espresso", "cold brew", "mint tea", "hot chocolate", "oat latte"]


def log(msg: str) -> None:
    """Progress on stderr (stdout holds the figures)."""
    print(f"[soak {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def kore(*args: str) -> list[str]:
    return [sys.executable, "-m", "kore_pipeline.cli", *args]


def build_home(home: Path) -> str:
    """The sample data through the pipeline, and an API key for OWNER."""
    from kore_pipeline.run.pipeline import run_pipeline
    from kore_pipeline.serve.api_keys import create_key
    from kore_pipeline.settings import KoreSettings
    from kore_pipeline.store.db import connect

    settings = KoreSettings(home=home)
    run_pipeline([ROOT / "data" / "sample"], settings)
    conn = connect(settings.db_path())
    try:
        return str(create_key(conn, [OWNER], label="soak")["key"])
    finally:
        conn.close()


def start_api(home: Path, port: int, env: dict[str, str], errlog: Path) -> subprocess.Popen:
    proc = subprocess.Popen(kore("api", "--home", str(home), "--port", str(port)), env=env,
                            stdout=subprocess.DEVNULL, stderr=errlog.open("wb"))
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            httpx.get(f"http://127.0.0.1:{port}/v1/health", timeout=2)
            return proc
        except httpx.TransportError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit(f"kore api did not start:\n{errlog.read_text()[-2000:]}")


class Load:
    """What the client threads measured."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = {"search": [], "save": []}
        self.errors: Counter[str] = Counter()
        self.first: dict[str, str] = {}
        self.saved: dict[int, str] = {}

    def record(self, op: str, ms: float, error: str | None, detail: str = "") -> None:
        with self.lock:
            self.latency[op].append(ms)
            if error is not None:
                self.errors[f"{op} {error}"] += 1
                self.first.setdefault(f"{op} {error}", detail[:300])


def searcher(url: str, key: str, stop: float, seed: int, load: Load) -> None:
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"},
                      timeout=120) as c:
        i = seed
        while time.monotonic() < stop:
            i += 1
            t = time.perf_counter()
            try:
                r = c.post("/v1/search", json={"query": QUERIES[i % len(QUERIES)], "k": 5})
                error = None if r.status_code < 300 else f"HTTP {r.status_code}"
                detail = r.text
            except httpx.HTTPError as exc:
                error, detail = type(exc).__name__, str(exc)
            load.record("search", (time.perf_counter() - t) * 1000, error, detail)


def saver(url: str, key: str, stop: float, n: int, load: Load) -> None:
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"},
                      timeout=120) as c:
        i = 0
        while time.monotonic() < stop:
            i += 1
            text = (f"Soak saver {n} note {i}: the team orders {DRINKS[i % len(DRINKS)]}"
                    f" for meeting {n}-{i}")
            t = time.perf_counter()
            try:
                r = c.post("/v1/memories", json={"content": text, "subject": "soak"})
                error = None if r.status_code < 300 else f"HTTP {r.status_code}"
                detail = r.text
                if error is None:
                    with load.lock:
                        load.saved[int(r.json()["memory_id"])] = text
            except httpx.HTTPError as exc:
                error, detail = type(exc).__name__, str(exc)
            load.record("save", (time.perf_counter() - t) * 1000, error, detail)


def appender(stream: Path, stop: threading.Event) -> None:
    """Chat messages into the watched log, five a second."""
    n = 0
    while not stop.wait(1.0):
        n += 1
        with stream.open("a", encoding="utf-8") as fh:
            for i in range(5):
                fh.write(json.dumps({
                    "owner": OWNER, "conversation_id": "soak", "session_id": f"soak-{n // 60}",
                    "role": "user", "speaker": "Anna", "message_id": f"soak-{n}-{i}",
                    "ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "text": f"I prefer {DRINKS[(n + i) % len(DRINKS)]} number {n} {i} at"
                            " four in the afternoon."}) + "\n")


def figures(xs: list[float], seconds: float) -> dict[str, float]:
    a = np.asarray(xs) if xs else np.zeros(1)
    return {"requests": len(xs), "p50_ms": round(float(np.percentile(a, 50)), 1),
            "p95_ms": round(float(np.percentile(a, 95)), 1),
            "p99_ms": round(float(np.percentile(a, 99)), 1),
            "req_per_s": round(len(xs) / seconds, 1)}


def verify(url: str, key: str, home: Path, saved: dict[int, str]) -> dict[str, Any]:
    """Every 2xx save by id: over HTTP now, and (``stored``) in the store file."""
    missing_http: list[int] = []
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"},
                      timeout=120) as c:
        for memory_id in saved:
            r = c.get(f"/v1/memories/{memory_id}")
            if r.status_code != 200:
                missing_http.append(memory_id)
    return {"saves_2xx": len(saved), "missing_over_http": missing_http[:20],
            "missing_over_http_count": len(missing_http)}


def verify_store(home: Path, saved: dict[int, str]) -> dict[str, Any]:
    conn = sqlite3.connect(f"file:{home / 'kore.sqlite'}?mode=ro", uri=True)
    try:
        found = {int(r[0]): str(r[1]) for r in conn.execute(
            "SELECT id, content FROM memories WHERE subject = 'soak'")}
    finally:
        conn.close()
    missing = [i for i in saved if i not in found]
    changed = [i for i in saved if i in found and found[i] != saved[i]]
    return {"missing_in_store": missing[:20], "missing_in_store_count": len(missing),
            "text_differs_count": len(changed)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--searchers", type=int, default=8)
    ap.add_argument("--savers", type=int, default=2)
    ap.add_argument("--interval", type=float, default=2.0, help="kore watch's interval (s)")
    args = ap.parse_args()
    from tests.serve.live_server import free_port

    env = {**os.environ, "PYTHONPATH": str(ROOT), "KORE_API_RATE_LIMIT_PER_MINUTE": "0",
           "HF_HUB_OFFLINE": "1"}
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        home, stream = Path(tmp) / "home", Path(tmp) / "stream"
        stream.mkdir()
        (stream / "chat.jsonl").touch()
        t = time.perf_counter()
        key = build_home(home)
        log(f"home built from the sample data in {time.perf_counter() - t:.0f} s")
        port = free_port()
        api = start_api(home, port, env, Path(tmp) / "api.err")
        url = f"http://127.0.0.1:{port}"
        warm = httpx.post(f"{url}/v1/search", json={"query": "warm up", "k": 1},
                          headers={"Authorization": f"Bearer {key}"}, timeout=180)
        assert warm.status_code == 200, warm.text
        watch_out = (Path(tmp) / "watch.out").open("w")
        writer = subprocess.Popen(kore("watch", str(stream), "--home", str(home),
                                       "--interval", str(args.interval)), env=env,
                                  stdout=watch_out, stderr=subprocess.STDOUT)
        stop_append = threading.Event()
        feeder = threading.Thread(target=appender, args=(stream / "chat.jsonl", stop_append))
        load = Load()
        log(f"{args.searchers} searchers + {args.savers} savers + kore watch for"
            f" {args.seconds:.0f} s")
        start = time.perf_counter()
        stop = time.monotonic() + args.seconds
        threads = [threading.Thread(target=searcher, args=(url, key, stop, i * 7, load))
                   for i in range(args.searchers)]
        threads += [threading.Thread(target=saver, args=(url, key, stop, n, load))
                    for n in range(args.savers)]
        feeder.start()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        elapsed = time.perf_counter() - start
        stop_append.set()
        feeder.join()
        writer.send_signal(signal.SIGTERM)  # finishes its current micro-batch, then stops
        try:
            writer_rc = writer.wait(600)
        except subprocess.TimeoutExpired:
            writer.kill()
            writer_rc = -9
        watch_out.close()
        api_alive = api.poll() is None
        checked = verify(url, key, home, load.saved) if api_alive else {"saves_2xx": len(
            load.saved), "missing_over_http_count": len(load.saved)}
        api.send_signal(signal.SIGINT)
        try:
            api.wait(60)
        except subprocess.TimeoutExpired:
            api.kill()
        checked |= verify_store(home, load.saved)
        lines = (Path(tmp) / "watch.out").read_text().splitlines()
        batches = [json.loads(x) for x in lines if x.startswith("{")]
        api_err = (Path(tmp) / "api.err").read_text()
    failed_batches = [x for x in lines if "micro-batch failed" in x]
    failed_batches += [b for b in batches if b.get("state") not in ("completed", None)]
    fatal = {k: v for k, v in load.errors.items() if not k.endswith("HTTP 503")}
    report = {
        "seconds": round(elapsed, 1), "searchers": args.searchers, "savers": args.savers,
        "search": figures(load.latency["search"], elapsed),
        "save": figures(load.latency["save"], elapsed),
        "all": figures(load.latency["search"] + load.latency["save"], elapsed),
        "errors_by_kind": dict(load.errors), "first_error_of_each_kind": load.first,
        "writer": {"batches": len(batches), "failed": len(failed_batches),
                   "exit_code": writer_rc,
                   "messages_new": sum(int((b.get("ingest") or {}).get("messages_new") or 0)
                                       for b in batches),
                   "first_failure": failed_batches[0] if failed_batches else None,
                   "last_line": lines[-1] if lines else None},
        "api_alive_at_end": api_alive, "api_stderr_tail": api_err[-1500:] or None,
        "durability": checked,
    }
    failures = []
    if fatal:
        failures.append(f"errors other than 503: {fatal}")
    if checked.get("missing_over_http_count") or checked.get("missing_in_store_count"):
        failures.append("saves answered 2xx are missing")
    if failed_batches or writer_rc != 0:
        failures.append(f"the writer failed (exit {writer_rc}, {len(failed_batches)} batches)")
    if not api_alive:
        failures.append("kore api died")
    report["failures"] = failures
    print(json.dumps(report, indent=2, default=str))
    print(f"soak {'FAILED: ' + '; '.join(failures) if failures else 'passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
