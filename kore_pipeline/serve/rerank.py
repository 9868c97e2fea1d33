"""A reranking stage after search: a :class:`Reranker` scores (query, text) pairs and the
best ``rerank_top_n`` hits are reordered by those scores (:func:`rerank_hits`).

:func:`make_reranker` makes the one ``settings.reranker`` names: ``off`` (None, the default)
or ``http``, a client of the ``/rerank`` API that TEI, Jina and Cohere share
(:class:`HttpReranker`): ``POST {"query", "documents", "texts", "top_n"}`` answered by
``{"results": [{"index", "relevance_score"}]}`` (Jina, Cohere) or a bare list of
``{"index", "score"}`` (TEI). None of the project's packages ships a reranking
(cross-encoder) model, so there is no local backend: a local model is served by a TEI or
similar server and reached over HTTP.

The reordered hits keep the scores the top ``rerank_top_n`` had, best first (scores still
fall along the list); each carries ``explain["rerank_score"]``. The order depends on the top
``rerank_top_n`` only, so a top k is the start of a longer top k. A failing or slow
endpoint leaves the fused order (a warning says why).
"""

from __future__ import annotations

import json
import logging
import math
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from kore_pipeline.serve.hits import SearchHit
from kore_pipeline.settings import KoreSettings

log = logging.getLogger(__name__)
MAX_DOCUMENT_CHARS = 2000
"""Longest text sent for one hit."""


class RerankError(RuntimeError):
    """The reranker gave no usable answer."""


class Reranker(Protocol):
    """Scores each text's relevance to a query (higher: more relevant)."""

    def scores(self, query: str, texts: Sequence[str]) -> list[float]:
        """One score per text, in the order of ``texts``."""
        ...


class HttpReranker:
    """A client of a ``/rerank`` endpoint (TEI, Jina, Cohere request and answer shapes)."""

    def __init__(self, url: str, model: str | None = None, api_key: str | None = None,
                 timeout_s: float = 5.0) -> None:
        self.url, self.model, self.api_key, self.timeout_s = url, model, api_key, timeout_s

    def scores(self, query: str, texts: Sequence[str]) -> list[float]:
        """POST the query and texts; the scores by index (a text left out scores -inf)."""
        docs = [t[:MAX_DOCUMENT_CHARS] for t in texts]
        body: dict[str, Any] = {"query": query, "documents": docs, "texts": docs,
                                "top_n": len(docs), "return_documents": False}
        if self.model:
            body["model"] = self.model
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, data=json.dumps(body).encode("utf-8"),
                                         headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                answer = json.loads(response.read().decode("utf-8"))
        except (urllib.error.URLError, TimeoutError, OSError, ValueError) as exc:
            raise RerankError(f"rerank request to {self.url} failed: {exc}") from exc
        return parse_scores(answer, len(docs))


def parse_scores(answer: Any, n: int) -> list[float]:
    """Scores by index from a ``/rerank`` answer: ``{"results": [...]}``, ``{"data": [...]}``
    or a bare list of ``{"index", "relevance_score" | "score"}``."""
    rows = answer.get("results", answer.get("data")) if isinstance(answer, dict) else answer
    if not isinstance(rows, list):
        raise RerankError(f"unexpected rerank answer: {str(answer)[:200]}")
    out = [float("-inf")] * n
    for row in rows:
        try:
            i = int(row["index"])
            value = float(row["relevance_score"] if "relevance_score" in row else row["score"])
        except (KeyError, TypeError, ValueError) as exc:
            raise RerankError(f"unexpected rerank result: {str(row)[:200]}") from exc
        if 0 <= i < n:
            out[i] = value
    return out


def make_reranker(settings: KoreSettings) -> Reranker | None:
    """The reranker ``settings.reranker`` names (None: ``off``)."""
    if settings.reranker == "http":
        return HttpReranker(settings.rerank_url, settings.rerank_model,
                            settings.rerank_api_key, settings.rerank_timeout_s)
    return None


def rerank_hits(reranker: Reranker, query: str, hits: Sequence[SearchHit],
                top_n: int) -> list[SearchHit]:
    """``hits`` with the first ``top_n`` reordered by ``reranker`` (ties: fused order)."""
    head, tail = list(hits[:top_n]), list(hits[top_n:])
    if len(head) < 2:
        return [*head, *tail]
    try:
        values = reranker.scores(query, [h.content for h in head])
    except RerankError as exc:
        log.warning("%s; fused order kept", exc)
        return [*head, *tail]
    order = sorted(range(len(head)), key=lambda i: (-values[i], i))
    places = [h.score for h in head]  # best first: the i-th reranked hit takes the i-th
    out = [replace(head[i], score=places[rank],
                   explain={**head[i].explain, "rerank_score": round(values[i], 6)
                            if math.isfinite(values[i]) else None,
                            "fused_rank": i + 1})
           for rank, i in enumerate(order)]
    return [*out, *tail]
