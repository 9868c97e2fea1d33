"""Requests that imply preferences: does "can you suggest a restaurant for tonight?" bring
the owner's "I'm vegetarian" and "I hate crowded places"?

A dev set (``evals/cases/requests-dev.jsonl``, hand-written from how people state their
tastes and limits in passing and later ask for a recommendation, a plan or a choice): each
case is one owner's history (a few preference statements among shared chatter, the
``filler`` record, some of it on the same topics) and a request; ``expect`` holds a phrase
of each statement the request should bring. The whole default pipeline runs once over every
owner; then each request is searched under each variant, and *preference-in-top-5* is the
share of expected phrases held by one of the first five hits (:data:`VARIANTS`):

* ``off``: plain search (no preference pass);
* ``expand_only``: the request's topic words (serve/requests) appended to the query, no pass;
* ``pass``: the second pass over preference facts, without topic words;
* ``pass_expand``: the pass with topic words (the default).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from evals.homes import fresh_log
from kore_pipeline.settings import KoreSettings
from kore_pipeline.text.normalize import fold
from kore_pipeline.timeutil import iso

REQUESTS_FILE = "requests-dev.jsonl"
REQUEST_NOW = datetime.fromisoformat("2026-06-01T18:00:00+00:00")
"""The clock of every request; the history is said over the 40 days before."""
TOP = 5
VARIANTS: dict[str, dict[str, Any]] = {
    "off": {"request_preference_weight": 0.0},
    "expand_only": {"request_preference_weight": 0.0},
    "pass": {"request_topic_expansion": False},
    "pass_expand": {},
}
"""Each variant's settings on top of the run's (``expand_only`` also widens the query)."""


@dataclass
class RequestCase:
    """One owner's statements and the request that should bring some of them."""

    id: str
    lang: str
    history: list[str]
    request: str
    expect: list[str]
    topic: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def load_request_cases(path: Path) -> tuple[list[str], list[RequestCase]]:
    """The shared chatter (the ``filler`` record) and the cases of ``path``."""
    filler: list[str] = []
    cases: list[RequestCase] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if "filler" in row:
            filler.extend(row["filler"])
            continue
        known = {"id", "lang", "history", "request", "expect", "topic"}
        cases.append(RequestCase(**{k: row[k] for k in known if k in row},
                                 extra={k: v for k, v in row.items() if k not in known}))
    return filler, cases


def case_records(case: RequestCase, filler: Sequence[str]) -> list[dict[str, Any]]:
    """The owner's messages: the filler and the case's statements interleaved, one a day
    (a statement every few lines), the newest a day before the request."""
    lines = list(filler)
    step = max(1, len(lines) // max(1, len(case.history)))
    for i, text in enumerate(case.history):
        lines.insert(min(len(lines), i * (step + 1) + step // 2), text)
    start = REQUEST_NOW - timedelta(days=len(lines) + 1)
    owner = f"req-{case.id}"
    return [{"owner": owner, "conversation_id": owner, "session_id": f"{owner}:{i}",
             "message_id": f"{owner}-{i}", "ts": iso(start + timedelta(days=i, hours=9)),
             "role": "user", "speaker": "user", "text": text}
            for i, text in enumerate(lines)]


def _holds(content: str, phrase: str) -> bool:
    return fold(phrase).casefold() in fold(content).casefold()


def evaluate_requests(cases: Sequence[RequestCase], filler: Sequence[str],
                      settings: KoreSettings, embedder: Any, pipeline: Any) -> dict[str, Any]:
    """Preference-in-top-5 (and every-expected-in-top-5 per case) under each variant,
    overall and per language and topic; the pipeline runs once."""
    from kore_pipeline.serve.requests import topic_terms
    from kore_pipeline.serve.search import Searcher

    records = [r for c in cases for r in case_records(c, filler)]
    path = fresh_log(settings, "requests", records)
    pipeline([path], settings, now=REQUEST_NOW, embedder=getattr(embedder, "inner", embedder))
    out: dict[str, Any] = {"cases": len(cases), "expected": sum(len(c.expect) for c in cases),
                           "top": TOP, "variants": {}}
    for name, update in VARIANTS.items():
        searcher = Searcher(settings.model_copy(update=update), embedder=embedder)
        found: list[tuple[RequestCase, int]] = []
        try:
            for case in cases:
                query = case.request
                if name == "expand_only":
                    query = " ".join([query, *topic_terms(query)])
                hits = searcher.search(query, f"req-{case.id}", k=TOP, now=REQUEST_NOW,
                                       reinforce=False)
                found.append((case, sum(any(_holds(h.content, p) for h in hits)
                                        for p in case.expect)))
        finally:
            searcher.close()

        def block(rows: list[tuple[RequestCase, int]]) -> dict[str, Any]:
            want = sum(len(c.expect) for c, _n in rows)
            return {"n": len(rows),
                    "preference@5": round(sum(n for _c, n in rows) / want, 4) if want else 0.0,
                    "all@5": round(sum(n == len(c.expect) for c, n in rows) / len(rows), 4)
                    if rows else 0.0}

        out["variants"][name] = {
            "overall": block(found),
            "english": block([r for r in found if r[0].lang == "en"]),
            "other_languages": block([r for r in found if r[0].lang != "en"]),
            "missed": [f"{c.id}: {n}/{len(c.expect)}" for c, n in found if n < len(c.expect)]}
    return out
