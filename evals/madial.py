"""MADial-Bench (en): recall@k and hit@k of search over a 160-memory archive.

The memory events are inserted as episodic memories of one owner and indexed (FTS5 +
FAISS); each dialogue, cut before its first test turn, becomes a query. Measured for the
fts, semantic and hybrid modes and, in hybrid mode, for alternative fusion formulas
(:data:`FORMULAS`: RRF k, stream weights, decay and importance modifiers).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evals.metrics import KS, recall_at_k, retrieval_metrics
from kore_pipeline.extract.importance import score_importance
from kore_pipeline.ids import text_hash
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso, parse_ts

MADIAL_DIR = Path("madial-bench")
MADIAL_MEMORY = Path("en") / "MADial-Bench-en-memory.json"
MADIAL_DIALOGUE = Path("en") / "MADial-Bench-en-dialogue.json"
MADIAL_NOW = "2024-10-24T00:00:00+00:00"
"""Fixed clock for decay: the day after the newest MADial memory (2024-10-23)."""
MADIAL_OWNER = "madial"
QUERY_VARIANTS = ("last_user", "user_turns", "all_turns")
DEFAULT_QUERY = "user_turns"
MODES = ("fts", "semantic", "hybrid")
PREFERENCES_SCENE = "Preferences"

# Formula variants compared on MADial (hybrid mode). Every field is explicit so that a
# KORE_* variable in the environment cannot change what a row means; the "b default" row
# holds the defaults of ``settings.KoreSettings``.
_DEFAULT_FORMULA = {"decay_weight": 0.05, "importance_weight": 0.01, "rrf_k": 20,
                    "fts_weight": 0.5, "vector_weight": 1.0}
FORMULAS: tuple[tuple[str, dict[str, float]], ...] = (
    # first pipeline version: x(0.75 + 0.25*decay) x(0.9 + 0.05*importance), equal streams
    ("first version", {**_DEFAULT_FORMULA, "decay_weight": 0.25,
                       "importance_weight": 0.05, "fts_weight": 1.0, "rrf_k": 60}),
    ("a pure RRF (no modifiers)", {**_DEFAULT_FORMULA, "decay_weight": 0.0,
                                   "importance_weight": 0.0}),
    ("b default", dict(_DEFAULT_FORMULA)),
    ("c strong modifiers", {**_DEFAULT_FORMULA, "decay_weight": 0.5,
                            "importance_weight": 0.1}),
    ("d rrf_k=60", {**_DEFAULT_FORMULA, "rrf_k": 60}),
    ("d rrf_k=100", {**_DEFAULT_FORMULA, "rrf_k": 100}),
    ("e old default: fts 1 / vec 1, k=60", {**_DEFAULT_FORMULA, "fts_weight": 1.0,
                                            "rrf_k": 60}),
    ("e fts 1 / vec 0.5", {**_DEFAULT_FORMULA, "fts_weight": 1.0, "vector_weight": 0.5}),
    ("f fts 1 / vec 1", {**_DEFAULT_FORMULA, "fts_weight": 1.0}),
)
BASELINE_FORMULA = "b default"

_TAG = re.compile(r"^\s*<([^<>]{1,40})>\s*:\s*(.*)$", re.DOTALL)


@dataclass
class MadialMemory:
    """One event of the MADial archive."""

    id: int
    time: str
    scene: str
    emotion: str
    event: str


@dataclass
class MadialDialogue:
    """One MADial dialogue: turns (role, text) with ``<BOD>``/``<EOD>`` dropped.

    ``cut`` is the number of turns before the first test turn (the query sees only those).
    """

    index: int
    user: str
    turns: list[tuple[str, str]]
    cut: int
    relevant: list[int]


def _jsonl(path: Path) -> list[Any]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = text[1:-1]
    return text.strip()


def parse_madial_dialogue(index: int, obj: dict[str, Any]) -> MadialDialogue:
    """Turns of one dialogue line; the test turn indexes count ``<BOD>`` as line 0.

    A line tagged ``<Assistant>:`` is the assistant's, one tagged with another name is the
    user's; a line with no speaker tag (a few in the set) takes the role opposite to the
    previous turn, since turns alternate.
    """
    lines = obj["dialogue"]
    turns: list[tuple[str, str]] = []
    user = ""
    first_test = min(obj.get("test-turn") or [len(lines)])
    cut: int | None = None
    for pos, raw in enumerate(lines):
        if raw.strip() in ("<BOD>", "<EOD>"):
            continue
        if pos == first_test:
            cut = len(turns)
        m = _TAG.match(raw)
        if m and m.group(1).strip() == "Assistant":
            role, text = "assistant", m.group(2)
        elif m and " " not in m.group(1).strip():
            role, text, user = "user", m.group(2), user or m.group(1).strip()
        else:
            prev = turns[-1][0] if turns else "assistant"
            role = "assistant" if prev == "user" else "user"
            text = raw.strip().lstrip("<")
        turns.append((role, _unquote(text)))
    return MadialDialogue(index, user, turns, len(turns) if cut is None else cut,
                          [int(r) for r in obj.get("relevant-id", [])])


def load_madial(folder: Path, limit: int | None = None
                ) -> tuple[list[MadialMemory], list[MadialDialogue]]:
    """The memory archive (all of it) and the dialogues (the first ``limit``)."""
    memories = [MadialMemory(int(k), str(v.get("time", "")), str(v.get("scene", "")),
                             str(v.get("emotion", "")), str(v["event"]))
                for row in _jsonl(folder / MADIAL_MEMORY)
                for k, v in row.items()]
    rows = _jsonl(folder / MADIAL_DIALOGUE)
    if limit is not None:
        rows = rows[:limit]
    dialogues = [parse_madial_dialogue(i, obj) for i, obj in enumerate(rows)]
    return memories, dialogues


def madial_query(dialogue: MadialDialogue, variant: str) -> str:
    """Query text from the turns before the test turn.

    ``last_user``: the last user turn; ``user_turns``: every user turn, joined;
    ``all_turns``: every turn (user and assistant), joined.
    """
    before = dialogue.turns[: dialogue.cut]
    users = [t for r, t in before if r == "user"]
    if variant == "last_user":
        return users[-1] if users else ""
    if variant == "user_turns":
        return " ".join(users)
    if variant == "all_turns":
        return " ".join(t for _, t in before)
    raise ValueError(f"unknown query variant {variant!r} (expected {', '.join(QUERY_VARIANTS)})")


def memory_subject(event: str, names: Iterable[str]) -> str:
    """The first user name (whole word) found in the event, else ``"user"``."""
    for name in names:
        if re.search(rf"\b{re.escape(name)}\b", event):
            return name
    return "user"


def build_madial_store(settings: KoreSettings, memories: Sequence[MadialMemory],
                       names: Sequence[str], embedder: Any, now: str,
                       one_session: bool = False) -> None:
    """Insert the archive as episodic memories of owner ``madial`` (ids kept) and index it.

    Each memory is its own session (``madial-<id>``): the events happened on different days
    and are not turns of one conversation, so search's neighbouring-turn rule must not link
    them. ``one_session`` puts all of them in session ``madial`` (as before 2026-12-01).
    Rows of that owner from an earlier run in the same home are replaced.
    """
    from kore_pipeline.embed.cache import EmbeddingCache
    from kore_pipeline.index.sync import sync_index
    from kore_pipeline.store.db import connect, transaction

    conn = connect(settings.db_path())
    cache = EmbeddingCache(settings.cache_path())
    try:
        with transaction(conn):
            conn.execute("DELETE FROM memories WHERE owner = ?", (MADIAL_OWNER,))
            for mem in memories:
                created = iso(parse_ts(mem.time)) if mem.time else now
                conn.execute(
                    "INSERT INTO memories(id, owner, subject, key, type, category, content,"
                    " content_hash, language, importance, importance_explicit,"
                    " source_message_ids, session_id, created_at, updated_at)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (mem.id, MADIAL_OWNER, memory_subject(mem.event, names),
                     f"episode:madial-{mem.id}", "episodic", "episode", mem.event,
                     text_hash(mem.event), "en", score_importance(mem.event, "episode"), 0,
                     json.dumps([f"madial-memory-{mem.id}"]),
                     "madial" if one_session else f"madial-{mem.id}", created, now))
        sync_index(conn, settings, embedder, cache)
    finally:
        cache.close()
        conn.close()


def ranked_ids(searcher: Any, query: str, mode: str, now: str, owner: str = MADIAL_OWNER,
               k: int = max(KS)) -> list[int]:
    """Memory ids of ``searcher.search`` in rank order (no reinforcement)."""
    hits = searcher.search(query, owner, k=k, now=now, reinforce=False, mode=mode)
    return [h.memory_id for h in hits]


def preference_ids(memories: Sequence[MadialMemory]) -> set[int]:
    """Ids of the archive's "Preferences" memories (45 of 160)."""
    return {m.id for m in memories if m.scene == PREFERENCES_SCENE}


def preference_runs(runs: Sequence[tuple[list[int], list[int]]], pref: set[int]
                    ) -> list[tuple[list[int], list[int]]]:
    """The runs of dialogues with a relevant Preferences memory, scored on those alone."""
    return [(ranked, [r for r in rel if r in pref]) for ranked, rel in runs
            if any(r in pref for r in rel)]


def evaluate_madial(memories: Sequence[MadialMemory], dialogues: Sequence[MadialDialogue],
                    settings: KoreSettings, embedder: Any, now: str = MADIAL_NOW
                    ) -> dict[str, Any]:
    """Recall@k / hit@k per mode and query variant, then per hybrid formula.

    ``preferences``: the same per mode and query variant on the dialogues that need a
    Preferences memory, counting only those memories as relevant.
    """
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.store.db import connect

    names = list(dict.fromkeys(d.user for d in dialogues if d.user)) or ["Bart", "Lisa"]
    build_madial_store(settings, memories, names, embedder, now)
    queries = {v: [madial_query(d, v) for d in dialogues] for v in QUERY_VARIANTS}
    # one batch for every query vector (Searcher encodes query[:4000]; the memo serves it)
    embedder.encode_queries(list(dict.fromkeys(q[:4000] for texts in queries.values() for q in texts
                                       if q.strip())))
    per_query: dict[str, list[float]] = {}
    conn = connect(settings.db_path())
    out: dict[str, Any] = {"memories": len(memories), "dialogues": len(dialogues), "now": now,
                           "default_query": DEFAULT_QUERY, "k": max(KS), "modes": {},
                           "formulas": {}, "preferences": {}}
    pref = preference_ids(memories)
    try:
        searcher = Searcher(settings, embedder=embedder, conn=conn)
        for variant, texts in queries.items():
            for mode in MODES:
                runs = [(ranked_ids(searcher, q, mode, now), d.relevant)
                        for q, d in zip(texts, dialogues, strict=True)]
                out["modes"][f"{mode}/{variant}"] = retrieval_metrics(runs)
                out["preferences"][f"{mode}/{variant}"] = retrieval_metrics(
                    preference_runs(runs, pref))
        for name, overrides in FORMULAS:
            variant_settings = settings.model_copy(update=overrides)
            searcher = Searcher(variant_settings, embedder=embedder, conn=conn)
            row: dict[str, Any] = {"settings": overrides}
            for variant, texts in queries.items():
                runs = [(ranked_ids(searcher, q, "hybrid", now), d.relevant)
                        for q, d in zip(texts, dialogues, strict=True)]
                row[variant] = retrieval_metrics(runs)
                if variant == DEFAULT_QUERY:
                    per_query[name] = [recall_at_k(r, rel, max(KS)) for r, rel in runs]
            out["formulas"][name] = row
    finally:
        conn.close()
    base = per_query.get(BASELINE_FORMULA)
    for name, row in out["formulas"].items():
        if base is not None:
            pairs = list(zip(per_query[name], base, strict=True))
            row["vs_default"] = {"better": sum(a > b for a, b in pairs),
                                 "worse": sum(a < b for a, b in pairs)}
    return out
