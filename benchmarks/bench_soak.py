"""Soak: 8 concurrent searchers over loopback HTTP while one writer runs micro-batches.

Builds a home from the sample data (``data/``), serves ``Searcher.search`` from a stdlib
``ThreadingHTTPServer`` on 127.0.0.1 (one Searcher per server thread, one shared model), and
runs 8 client threads issuing hybrid searches for ``--seconds`` without a writer, then as long
again while a separate process appends messages and runs ``run_micro_batch`` every
``--interval`` seconds on the same home. Prints errors, queries, p50 and p99 latency of both
phases and the writer's batches. Default 2 x 30 s (the machine is shared; ``--seconds 300``
for a longer soak).

    python benchmarks/bench_soak.py [--seconds 30] [--clients 8] [--interval 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOW = "2026-11-30T12:00:00Z"
QUERIES = ["what does Anna like to drink", "which database did they choose", "coffee",
           "where does the team meet", "deadline of the release", "favourite food",
           "hiking in the mountains", "what language does Marco speak"]

WRITER = """
import json, sys, time
from pathlib import Path
from kore_pipeline.run.watch import run_micro_batch
from kore_pipeline.settings import KoreSettings
home, logs, stop = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[4])
interval = float(sys.argv[3])
settings = KoreSettings(home=home)
n = 0
while not stop.exists():
    n += 1
    with (logs / "stream.jsonl").open("a", encoding="utf-8") as fh:
        for i in range(5):
            fh.write(json.dumps({"owner": "team-alpha", "conversation_id": "soak",
                                 "role": "user", "speaker": "Anna",
                                 "ts": "2026-11-29T10:00:00Z",
                                 "message_id": f"soak-{n}-{i}",
                                 "text": f"I prefer soak tea number {n} {i} at four."})
                 + "\\n")
    started = time.perf_counter()
    summary = run_micro_batch([logs], settings, now="2026-11-30T12:00:00Z")
    print(json.dumps({"batch": n, "state": summary.get("state"),
                      "seconds": round(time.perf_counter() - started, 3)}), flush=True)
    time.sleep(interval)
"""


def build_home(home: Path, logs: Path) -> Any:
    """A home from the sample data; returns the loaded embedder."""
    from kore_pipeline.embed.cache import make_embedder
    from kore_pipeline.run.pipeline import run_pipeline
    from kore_pipeline.settings import KoreSettings

    settings = KoreSettings(home=home)
    embedder = make_embedder(settings)
    _ = embedder.dim
    logs.mkdir(parents=True, exist_ok=True)
    run_pipeline([ROOT / "data", logs], settings, now=NOW, embedder=embedder)
    return embedder


def serve(home: Path, embedder: Any) -> ThreadingHTTPServer:
    """The search endpoint on an ephemeral loopback port."""
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.settings import KoreSettings

    local = threading.local()
    settings = KoreSettings(home=home)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            q = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
            try:
                if not hasattr(local, "searcher"):
                    local.searcher = Searcher(settings, embedder=embedder)
                hits = local.searcher.search(q["q"][0], q.get("owner", ["team-alpha"])[0],
                                             k=5, now=NOW)
                body, code = json.dumps([h.memory_id for h in hits]).encode(), 200
            except Exception as exc:  # noqa: BLE001 - an error is what we count
                body, code = f"{type(exc).__name__}: {exc}".encode(), 500
            self.send_response(code)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def phase(port: int, clients: int, seconds: float) -> dict[str, Any]:
    """Clients searching for ``seconds``: latencies (ms) and errors."""
    lat: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client(i: int) -> None:
        n = i
        while time.monotonic() < deadline:
            query = urllib.parse.quote(QUERIES[n % len(QUERIES)])
            n += 1
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/search?q={query}",
                                            timeout=60) as resp:
                    resp.read()
                ms = (time.perf_counter() - started) * 1000
                with lock:
                    lat.append(ms)
            except Exception as exc:  # noqa: BLE001
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lat.sort()
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan")
    return {"queries": len(lat), "errors": len(errors), "first_errors": errors[:3],
            "p50_ms": round(statistics.median(lat), 1) if lat else None,
            "p99_ms": round(p99, 1), "qps": round(len(lat) / seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="per phase")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between batches")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home, logs, stop = Path(tmp) / "home", Path(tmp) / "stream", Path(tmp) / "stop"
        embedder = build_home(home, logs)
        server = serve(home, embedder)
        port = server.server_address[1]
        phase(port, args.clients, 3)  # warm every server thread's searcher
        alone = phase(port, args.clients, args.seconds)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(home), str(logs),
                                   str(args.interval), str(stop)], env=env,
                                  stdout=subprocess.PIPE, text=True)
        time.sleep(5)  # let the writer load its model and start batching
        busy = phase(port, args.clients, args.seconds)
        stop.touch()
        out, _ = writer.communicate(timeout=600)
        server.shutdown()
    batches = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    print(json.dumps({"clients": args.clients, "seconds_per_phase": args.seconds,
                      "without_writer": alone, "with_writer": busy,
                      "writer": {"batches": len(batches),
                                 "failed": sum(b["state"] != "completed" for b in batches),
                                 "median_batch_s": statistics.median(
                                     [b["seconds"] for b in batches]) if batches else None},
                      "p50_ratio": round(busy["p50_ms"] / alone["p50_ms"], 2)
                      if alone["p50_ms"] and busy["p50_ms"] else None}, indent=2))


if __name__ == "__main__":
    main()
