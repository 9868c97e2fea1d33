#!/usr/bin/env python
"""A small ``/rerank`` server for measuring the reranking stage (serve/rerank) offline.

    python benchmarks/rerank_server.py --port 8787 &
    KORE_RERANKER=http KORE_RERANK_URL=http://127.0.0.1:8787/rerank kore eval --sets locomo

It speaks the TEI/Jina/Cohere shape (``{query, documents | texts, top_n}`` ->
``{"results": [{index, relevance_score}]}``) and scores with the model the project ships:
the cosine of the packaged MiniLM's query and text vectors (``--score minilm``), or the
share of the query's words a text holds (``--score overlap``). Neither is a cross-encoder
(none ships offline with the project's packages): the figures say what the stage costs
and what these scores do, not what a trained reranker would give.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def overlap_scores(query: str, docs: list[str]) -> list[float]:
    """Share of the query's words each text holds."""
    words = set(re.findall(r"\w+", query.lower()))
    return [len(words & set(re.findall(r"\w+", d.lower()))) / max(1, len(words)) for d in docs]


def make_handler(score: Any) -> type[BaseHTTPRequestHandler]:
    """A handler answering POST /rerank with ``score(query, docs)``."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the http.server API
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            docs = body.get("documents") or body.get("texts") or []
            values = score(body["query"], docs)
            rows = sorted(({"index": i, "relevance_score": float(v)}
                           for i, v in enumerate(values)), key=lambda r: -r["relevance_score"])
            payload = json.dumps({"results": rows[: body.get("top_n") or len(rows)]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


def main(argv: list[str] | None = None) -> int:
    """Serve until interrupted."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8787)
    ap.add_argument("--score", choices=("minilm", "overlap"), default="minilm")
    args = ap.parse_args(argv)
    score: Any = overlap_scores
    if args.score == "minilm":
        from kore_pipeline.embed.cache import make_embedder
        from kore_pipeline.settings import KoreSettings

        model = make_embedder(KoreSettings())

        def score(query: str, docs: list[str]) -> list[float]:
            if not docs:
                return []
            q = model.encode_queries([query])[0]
            return [float(x) for x in model.encode(docs) @ q]

    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(score))
    print(f"rerank server ({args.score}) on http://127.0.0.1:{args.port}/rerank", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
