"""MemoryBank (en) probing questions: turn recall of the default search on user-assistant chats.

The second long-conversation retrieval set beside LoCoMo, of the other shape: a user and an
AI companion (LoCoMo is two people), 15 users over 10 days, 100 hand-written questions
("On May 6th, I read a book. What was its name?", "What painters did you recommend to me?").
The data has no evidence ids; ours are in ``evals/cases/memorybank-evidence.jsonl``
(:data:`EVIDENCE_FILE`; how they were labelled: ``memorybank-evidence.md`` beside it), labelled
by reading the histories (not from any retriever's output). Each user is one owner; each day one
session; a pair's query is a ``user`` message at 10:00 UTC + 2 min per pair, its response an
``assistant`` message a minute later (the data gives days only). The whole default pipeline
runs with the clock one day after the last day (``search``), 180 days after (``search_later``:
a question asked half a year on, when decay has forgotten most of it), and a day after with
``assistant_episodes`` on (``search_assistant_episodes``); then every question with labelled
evidence is asked with the default search (k = 60 memories read, no reinforcement).
Recall@k of the evidence turns, per kind of question: ``user-fact`` (the user said it),
``assistant-said`` (the answer is what the assistant said: by default only user turns become
memories, so only ``assistant_episodes`` can find it), ``both``. Raw-turn
baselines over every turn (both sides) in the same run: BM25, dense, their RRF.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from evals.cases import CASES_DIR, CaseFileError, read_jsonl
from evals.homes import fresh_log
from evals.locomo import (
    PipelineRunner,
    Run,
    raw_rankings,
    recall_summary,
)
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso

MEMORYBANK_DIR = Path("memorybank") / "en"
KINDS = ("user-fact", "assistant-said", "both")
HITS_READ = 60
Evidence = dict[str, list[tuple[str, list[str]]]]
"""User name -> per question, in file order: (its first four words, its evidence turn ids)."""
EVIDENCE_FILE = CASES_DIR / "memorybank-evidence.jsonl"
"""One label a line: ``{"user", "question_start", "turns"}``, in the questions' order."""
LATER_DAYS = 180
"""How long after the last day the ``later`` questions are asked."""


@dataclass
class ChatTurn:
    """One side of a pair: id ``<day>#<i>:user`` / ``:assistant``, role, text, time."""

    message_id: str
    role: str
    text: str
    ts: datetime
    day: str


@dataclass
class ChatUser:
    """One user's history and the questions with evidence: (question, turn ids, kind)."""

    name: str
    turns: list[ChatTurn]
    questions: list[tuple[str, list[str], str]] = field(default_factory=list)

    @property
    def owner(self) -> str:
        """The owner of the user's store."""
        return f"memorybank-{self.name}"

    def clock(self, later: bool = False) -> datetime:
        """When the questions are asked: a day (or :data:`LATER_DAYS`) after the last turn."""
        return max(t.ts for t in self.turns) + timedelta(days=LATER_DAYS if later else 1)


def kind_of(turn_ids: Sequence[str]) -> str | None:
    """Which side holds a question's evidence (None: no evidence)."""
    sides = {t.rsplit(":", 1)[1] for t in turn_ids}
    if not sides:
        return None
    return "both" if len(sides) == 2 else ("user-fact" if sides == {"user"} else
                                           "assistant-said")


def load_evidence(path: Path = EVIDENCE_FILE) -> Evidence:
    """The evidence labels of :data:`EVIDENCE_FILE` by user, in file order."""
    out: Evidence = {}
    for n, obj in read_jsonl(path):
        user, start, turns = obj.get("user"), obj.get("question_start"), obj.get("turns")
        if not (isinstance(user, str) and isinstance(start, str) and isinstance(turns, list)
                and all(isinstance(t, str) for t in turns)):
            raise CaseFileError(f"{path}:{n}: expected user and question_start strings and a"
                                " list of turn ids")
        out.setdefault(user, []).append((start, list(turns)))
    return out


def load_memorybank_qa(folder: Path, evidence: Evidence | None = None) -> list[ChatUser]:
    """The users of ``memory_bank_en.json`` with their probing questions and ``evidence``
    (default: :func:`load_evidence`); a question whose first words differ
    from its label's, a missing label or an unknown turn id is an error (labels out of
    step with the data)."""
    labelled = load_evidence() if evidence is None else evidence
    data = json.loads((folder / "memory_bank_en.json").read_text(encoding="utf-8"))
    questions: dict[str, list[str]] = {}
    for line in (folder / "probing_questions_en.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            for name, asked in json.loads(line).items():
                questions[name.strip()] = [str(q) for q in asked]
    users = []
    for key, raw in data.items():
        name = str(raw.get("name") or key).strip()
        turns = []
        for day in sorted(raw.get("history") or {}):
            start = datetime.fromisoformat(day).replace(hour=10, tzinfo=UTC)
            for i, pair in enumerate(raw["history"][day]):
                at = start + timedelta(minutes=2 * i)
                for role, text, ts in (("user", pair.get("query"), at),
                                       ("assistant", pair.get("response"), at + timedelta(
                                           minutes=1))):
                    if str(text or "").strip():
                        turns.append(ChatTurn(f"{day}#{i}:{role}", role, str(text), ts, day))
        user = ChatUser(name, turns)
        labels = labelled.get(name, [])
        asked = questions.get(name, [])
        if len(labels) != len(asked):
            raise ValueError(f"MemoryBank user {name!r}: {len(asked)} questions, "
                             f"{len(labels)} labelled")
        ids = {t.message_id for t in turns}
        for question, (head, turn_ids) in zip(asked, labels, strict=True):
            if " ".join(question.strip(' "').split()[:4]) != head.strip(' "'):
                raise ValueError(f"MemoryBank user {name!r}: label {head!r} is not for "
                                 f"question {question!r}")
            unknown = [e for e in turn_ids if e not in ids]
            if unknown:
                raise ValueError(f"MemoryBank user {name!r}: no turn {unknown[0]!r}")
            kind = kind_of(turn_ids)
            if kind is not None:
                user.questions.append((question.strip(' "'), list(turn_ids), kind))
        users.append(user)
    return users


def user_records(user: ChatUser) -> list[dict[str, Any]]:
    """The history as canonical messages (one session per day)."""
    return [{"owner": user.owner, "conversation_id": user.name,
             "session_id": f"{user.name}:{t.day}", "message_id": t.message_id,
             "ts": iso(t.ts), "role": t.role, "text": t.text} for t in user.turns]


def build_user_store(user: ChatUser, settings: KoreSettings, embedder: Any,
                     pipeline: PipelineRunner, later: bool = False) -> None:
    """Write the history as a JSONL log beside the home and run the default pipeline."""
    path = fresh_log(settings, user.name, user_records(user))
    pipeline([path], settings, now=user.clock(later), embedder=getattr(embedder, "inner",
                                                                        embedder))


def search_rankings(user: ChatUser, settings: KoreSettings, embedder: Any,
                    later: bool = False) -> list[list[str]]:
    """The default search's turn rankings (source ids in hit order) for every question."""
    from kore_pipeline.serve.search import Searcher

    searcher = Searcher(settings, embedder=embedder)
    try:
        return [[sid for h in searcher.search(q, user.owner, k=HITS_READ,
                                              now=user.clock(later), reinforce=False)
                 for sid in h.source_message_ids] for q, _e, _k in user.questions]
    finally:
        searcher.close()


def raw_baselines(user: ChatUser, embedder: Any) -> dict[str, list[list[str]]]:
    """:func:`.locomo.raw_rankings` of every turn of both sides."""
    return raw_rankings([t.text for t in user.turns], [t.message_id for t in user.turns],
                        [q for q, _e, _k in user.questions], embedder)


VARIANTS = (("search", False, False), ("search_later", True, False),
            ("search_assistant_episodes", False, True))
"""(name, asked half a year later, ``assistant_episodes``): the default pipeline a day and
half a year on, and with the assistant's turns kept as episodes."""


def evaluate_memorybank_qa(users: Sequence[ChatUser], settings: KoreSettings, embedder: Any,
                           pipeline: PipelineRunner, baselines: bool = True) -> dict[str, Any]:
    """Each of :data:`VARIANTS` (its own store per user) and the raw baselines."""
    runs: dict[str, list[Run]] = {v[0]: [] for v in VARIANTS}
    if baselines:
        runs.update({"raw_bm25": [], "raw_dense": [], "raw_rrf": []})
    for user in users:
        if not user.questions:
            continue
        truth = [(e, k) for _q, e, k in user.questions]
        for name, later, assistant in VARIANTS:
            sset = settings.model_copy(update={
                "home": settings.home / name / user.name,
                "assistant_episodes": assistant or settings.assistant_episodes})
            build_user_store(user, sset, embedder, pipeline, later)
            ranked = search_rankings(user, sset, embedder, later)
            runs[name] += [(r, e, k) for r, (e, k) in zip(ranked, truth, strict=True)]
        if baselines:
            for name, ranked in raw_baselines(user, embedder).items():
                runs[f"raw_{name}"] += [(r, e, k) for r, (e, k) in zip(ranked, truth,
                                                                         strict=True)]
    return {"users": [u.name for u in users if u.questions],
            "questions": sum(len(u.questions) for u in users),
            "turns": sum(len(u.turns) for u in users),
            "retrievers": {name: recall_summary(r, {k: k for k in KINDS})
                           for name, r in runs.items()}}
