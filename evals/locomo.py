"""LoCoMo (dev half): turn-level recall of evidence for the product's default search.

Each conversation is one owner. Both speakers are people, so every turn is ingested as a
``user`` message with the speaker's name (the subject of its memories): a human-human log is
read the way the product reads any log whose two sides are people. The sessions keep their
real times (the session's time plus 30 s per turn, a shared photo's caption appended as
``[shares a photo of ...]``), the whole default pipeline runs (extract, index, decay,
compress) with the clock one day after the last session, and each question of categories 1-4
is asked with the default ``Searcher.search``. The hits' ``source_message_ids`` in rank order
(duplicates dropped) are compared with the question's evidence turns: recall@1/5/10/20 per
category. Raw-turn baselines run in the same call: BM25 (Okapi) over "Speaker: text",
dense (the configured embedder) and their RRF (k=60 over each top 100).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from evals.homes import fresh_log
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso

LOCOMO_FILE = Path("locomo-dev") / "locomo_dev5.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS_TURN = (1, 5, 10, 20)
HITS_READ = 60
"""Memories read per question (several memories can share a turn)."""
_DATE = "%I:%M %p on %d %B, %Y"
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass
class LocomoTurn:
    """One turn: its message id, speaker, text (photo caption appended) and time."""

    message_id: str
    speaker: str
    text: str
    ts: datetime
    session: int


@dataclass
class LocomoSample:
    """One conversation with its questions (category 1-4, evidence turns that exist)."""

    sample_id: str
    turns: list[LocomoTurn]
    questions: list[tuple[str, list[str], int]] = field(default_factory=list)

    @property
    def now(self) -> datetime:
        """The clock of the evaluation: one day after the last turn."""
        return max(t.ts for t in self.turns) + timedelta(days=1)


def load_locomo(path: Path, limit: int | None = None) -> list[LocomoSample]:
    """The samples of a LoCoMo JSON file (at most ``limit``)."""
    out: list[LocomoSample] = []
    for raw in json.loads(path.read_text(encoding="utf-8"))[:limit]:
        sid, conv = raw["sample_id"], raw["conversation"]
        turns: list[LocomoTurn] = []
        n = 1
        while f"session_{n}" in conv:
            start = datetime.strptime(conv[f"session_{n}_date_time"], _DATE).replace(tzinfo=UTC)
            for i, t in enumerate(conv[f"session_{n}"]):
                text = t.get("text") or ""
                if t.get("blip_caption"):
                    text = f"{text} [shares a photo of {t['blip_caption']}]".strip()
                turns.append(LocomoTurn(f"{sid}:{t['dia_id']}", t["speaker"], text,
                                        start + timedelta(seconds=30 * i), n))
            n += 1
        ids = {t.message_id for t in turns}
        sample = LocomoSample(sid, turns)
        for qa in raw["qa"]:
            evidence = [f"{sid}:{e}" for e in qa.get("evidence", []) if f"{sid}:{e}" in ids]
            if qa.get("category") in CATEGORIES and evidence:
                sample.questions.append((qa["question"], evidence, int(qa["category"])))
        out.append(sample)
    return out


def sample_records(sample: LocomoSample) -> list[dict[str, Any]]:
    """The conversation as canonical messages of owner ``locomo-<sample_id>``."""
    owner = f"locomo-{sample.sample_id}"
    return [{"owner": owner, "conversation_id": sample.sample_id,
             "session_id": f"{sample.sample_id}:S{t.session}", "message_id": t.message_id,
             "ts": iso(t.ts), "role": "user", "speaker": t.speaker, "text": t.text}
            for t in sample.turns]


def turn_recall(ranked: Sequence[str], evidence: Sequence[str], k: int) -> float:
    """Share of ``evidence`` among the first ``k`` distinct ids of ``ranked``."""
    top = list(dict.fromkeys(ranked))[:k]
    return sum(e in top for e in set(evidence)) / len(set(evidence))


def _tokens(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


class Bm25:
    """Okapi BM25 (k1 1.5, b 0.75, idf floored at 0.25 x mean idf, as rank_bm25)."""

    def __init__(self, docs: Sequence[str], k1: float = 1.5, b: float = 0.75) -> None:
        self.tfs = [Counter(_tokens(d)) for d in docs]
        self.lens = np.array([sum(tf.values()) for tf in self.tfs], dtype=np.float64)
        self.k1, self.b, self.avg = k1, b, float(self.lens.mean()) if len(docs) else 0.0
        df = Counter(w for tf in self.tfs for w in tf)
        n = len(docs)
        idf = {w: math.log(n - c + 0.5) - math.log(c + 0.5) for w, c in df.items()}
        floor = 0.25 * (sum(idf.values()) / len(idf)) if idf else 0.0
        self.idf = {w: (v if v >= 0 else floor) for w, v in idf.items()}

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every document for ``query``."""
        out = np.zeros(len(self.tfs))
        norm = self.k1 * (1 - self.b + self.b * self.lens / (self.avg or 1.0))
        for w in _tokens(query):
            if w not in self.idf:
                continue
            tf = np.array([d.get(w, 0) for d in self.tfs], dtype=np.float64)
            out += self.idf[w] * tf * (self.k1 + 1) / (tf + norm)
        return out


def _top(scores: np.ndarray, n: int) -> list[int]:
    order = np.argsort(-scores, kind="stable")[:n]
    return [int(i) for i in order]


def raw_rankings(docs: Sequence[str], ids: Sequence[str], questions: Sequence[str],
                 embedder: Any) -> dict[str, list[list[str]]]:
    """Rankings of raw turns (``docs``, ids ``ids``) per question, no memory pipeline:
    ``bm25``, ``dense`` (the embedder) and ``rrf`` (k = 60 over each top 100)."""
    bm25 = Bm25(docs)
    vecs = np.asarray(embedder.encode(list(docs)), dtype=np.float32)
    qvecs = np.asarray(embedder.encode_queries(list(questions)), dtype=np.float32)
    out: dict[str, list[list[str]]] = {"bm25": [], "dense": [], "rrf": []}
    for question, qv in zip(questions, qvecs, strict=True):
        kw, dense = _top(bm25.scores(question), 100), _top(vecs @ qv, 100)
        fused: dict[int, float] = {}
        for ranking in (kw, dense):
            for rank, i in enumerate(ranking, start=1):
                fused[i] = fused.get(i, 0.0) + 1.0 / (60 + rank)
        both = sorted(fused, key=lambda i: (-fused[i], i))
        out["bm25"].append([ids[i] for i in kw])
        out["dense"].append([ids[i] for i in dense])
        out["rrf"].append([ids[i] for i in both])
    return out


def raw_baselines(sample: LocomoSample, embedder: Any) -> dict[str, list[list[str]]]:
    """:func:`raw_rankings` of the conversation's turns as "Speaker: text"."""
    return raw_rankings([f"{t.speaker}: {t.text}" for t in sample.turns],
                        [t.message_id for t in sample.turns],
                        [q for q, _e, _c in sample.questions], embedder)


PipelineRunner = Callable[..., Any]
"""``run.pipeline.run_pipeline`` (paths, settings, now=, embedder=): passed in by the caller
(``kore eval``, the harness), since evaluation sits below ``run`` in the layering."""


def build_sample_store(sample: LocomoSample, settings: KoreSettings, embedder: Any,
                       pipeline: PipelineRunner) -> None:
    """Write the conversation as a JSONL log beside the home and run the default pipeline."""
    path = fresh_log(settings, sample.sample_id, sample_records(sample))
    # the pipeline gets the model itself (a memo wrapper lacks the batching API it uses)
    pipeline([path], settings, now=sample.now, embedder=getattr(embedder, "inner", embedder))


Run = tuple[list[str], list[str], Any]
"""(ranked turn ids, evidence turn ids, the question's group: a category, a kind)."""


def recall_summary(runs: Sequence[Run], groups: dict[Any, str]) -> dict[str, Any]:
    """Recall@k (:data:`KS_TURN`) overall and per group (``groups``: group -> its name)."""
    def block(rows: list[Run]) -> dict[str, Any]:
        return {"n": len(rows), **{f"recall@{k}": round(float(np.mean(
            [turn_recall(r, e, k) for r, e, _g in rows])) if rows else 0.0, 4) for k in KS_TURN}}
    out = {"overall": block(list(runs))}
    for group, name in groups.items():
        out[name] = block([r for r in runs if r[2] == group])
    return out


def search_rankings(sample: LocomoSample, settings: KoreSettings, embedder: Any,
                    include_archived: bool = False, mode: str = "hybrid") -> list[list[str]]:
    """The default search's turn rankings (source ids in hit order) for every question."""
    from kore_pipeline.serve.search import Searcher

    owner = f"locomo-{sample.sample_id}"
    searcher = Searcher(settings, embedder=embedder)
    try:
        return [[sid for h in searcher.search(q, owner, k=HITS_READ, now=sample.now,
                                              reinforce=False, mode=mode,
                                              include_archived=include_archived)
                 for sid in h.source_message_ids]
                for q, _e, _c in sample.questions]
    finally:
        searcher.close()


def store_counts(settings: KoreSettings) -> dict[str, int]:
    """Memories per status in the evaluation store."""
    from kore_pipeline.store.db import connect

    conn = connect(settings.db_path())
    try:
        return {r[0]: int(r[1]) for r in conn.execute(
            "SELECT status, COUNT(*) FROM memories GROUP BY status")}
    finally:
        conn.close()


def evaluate_locomo(samples: Sequence[LocomoSample], settings: KoreSettings,
                    embedder: Any, pipeline: PipelineRunner,
                    baselines: bool = True) -> dict[str, Any]:
    """Default search (and ``--include-archived``) vs the raw-turn baselines, per category
    (``pipeline``: ``run.pipeline.run_pipeline``)."""
    runs: dict[str, list[Run]] = {
        "search": [], "search_include_archived": []}
    if baselines:
        runs.update({"raw_bm25": [], "raw_dense": [], "raw_rrf": []})
    counts: Counter[str] = Counter()
    for sample in samples:
        home = settings.home / f"locomo-{sample.sample_id}"
        sset = settings.model_copy(update={"home": home})
        build_sample_store(sample, sset, embedder, pipeline)
        counts.update(store_counts(sset))
        truth = [(e, c) for _q, e, c in sample.questions]
        for name, archived in (("search", False), ("search_include_archived", True)):
            ranked = search_rankings(sample, sset, embedder, include_archived=archived)
            runs[name] += [(r, e, c) for r, (e, c) in zip(ranked, truth, strict=True)]
        if baselines:
            for name, ranked in raw_baselines(sample, embedder).items():
                runs[f"raw_{name}"] += [(r, e, c) for r, (e, c) in zip(ranked, truth,
                                                                         strict=True)]
    return {"samples": [s.sample_id for s in samples],
            "questions": sum(len(s.questions) for s in samples),
            "turns": sum(len(s.turns) for s in samples), "memories": dict(counts),
            "retrievers": {name: recall_summary(r, CATEGORIES) for name, r in runs.items()}}
