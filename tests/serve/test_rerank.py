"""The reranking stage: a client of the common ``/rerank`` API, tested against a real HTTP
server of the test's own that scores by word overlap."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from kore_pipeline.serve.rerank import HttpReranker, make_reranker, rerank_hits
from kore_pipeline.serve.search import Searcher, SearchHit
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import extracted_home, message

NOW = "2026-01-05T00:00:00Z"


def overlap(query: str, text: str) -> float:
    """Share of the query's words the text holds."""
    q = set(re.findall(r"\w+", query.lower()))
    return len(q & set(re.findall(r"\w+", text.lower()))) / max(1, len(q))


class RerankHandler(BaseHTTPRequestHandler):
    """POST /rerank: Jina/Cohere shape (``documents``), or TEI's (``texts``, bare list)."""

    seen: list[dict[str, Any]] = []

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        RerankHandler.seen.append({"path": self.path, "body": body,
                                   "auth": self.headers.get("Authorization")})
        if self.path == "/broken":
            self.send_error(500)
            return
        tei = self.path == "/tei/rerank"
        docs = body["texts"] if tei else body["documents"]
        rows = sorted(({"index": i, ("score" if tei else "relevance_score"):
                        overlap(body["query"], d)} for i, d in enumerate(docs)),
                      key=lambda r: -float(next(v for k, v in r.items() if k != "index")))
        payload = json.dumps(rows if tei else {"results": rows[:body["top_n"]]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), RerankHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    RerankHandler.seen.clear()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def hit(mid: int, content: str) -> SearchHit:
    return SearchHit(memory_id=mid, owner="o", subject="user", type="episodic",
                     category="episode", content=content, importance=3, decay_score=1.0,
                     score=1.0 / mid, source_message_ids=[f"m{mid}"],
                     created_at="2026-01-01", status="active")


HITS = [hit(1, "We talked about the weather"), hit(2, "The green tea in Kyoto was lovely"),
        hit(3, "I bought green tea in Kyoto for my mum"), hit(4, "Lunch was late")]


@pytest.mark.parametrize("path", ["/rerank", "/tei/rerank"])
def test_hits_are_reordered_by_the_servers_scores(server: str, path: str) -> None:
    reranker = HttpReranker(server + path, model="tiny", api_key="k1")
    out = rerank_hits(reranker, "green tea Kyoto mum", HITS, top_n=3)
    assert [h.memory_id for h in out] == [3, 2, 1, 4]    # the 4th is past top_n: kept last
    assert [h.score for h in out] == [h.score for h in HITS]   # scores still fall
    assert out[0].explain["rerank_score"] == 1.0 and out[0].explain["fused_rank"] == 3
    sent = RerankHandler.seen[-1]
    assert sent["body"]["model"] == "tiny" and sent["auth"] == "Bearer k1"
    assert sent["body"]["documents"] == [h.content for h in HITS[:3]]


def test_a_failing_server_keeps_the_fused_order(server: str,
                                                caplog: pytest.LogCaptureFixture) -> None:
    out = rerank_hits(HttpReranker(server + "/broken"), "green tea", HITS, top_n=4)
    assert out == HITS
    assert "fused order kept" in caplog.text


def test_off_by_default() -> None:
    assert KoreSettings().reranker == "off" and make_reranker(KoreSettings()) is None


def test_search_reranks_its_top_n(server: str, tmp_path: Path) -> None:
    home = extracted_home(tmp_path, [
        message(t, speaker="user", owner="me", message_id=f"m{i}",
                ts=f"2026-01-0{i + 1}T09:00:00Z") for i, t in enumerate([
                    "Tea, tea and more tea: we talked about green tea for hours",
                    "I bought green tea in Kyoto for my mum",
                    "The tea shop was closed"])])
    settings = home.model_copy(update={"reranker": "http", "rerank_url": server + "/rerank",
                                       "rerank_top_n": 10})
    conn = connect(settings.db_path())
    try:
        plain = Searcher(home, conn=conn).search("green tea Kyoto mum", "me", k=3,
                                                 now=NOW, mode="fts", reinforce=False)
        top = Searcher(settings, conn=conn).search("green tea Kyoto mum", "me", k=2, now=NOW,
                                                   mode="fts", reinforce=False)
    finally:
        conn.close()
    assert len(top) == 2 and "Kyoto" in top[0].content
    assert "rerank_score" in top[0].explain and "rerank_score" not in plain[0].explain
    assert RerankHandler.seen[-1]["body"]["query"] == "green tea Kyoto mum"
