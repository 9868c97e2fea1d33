"""Synthetic-Persona-Chat (test split): facts extracted per speaker vs gold persona sentences.

Each conversation's "User 1:" / "User 2:" lines become user messages of one owner,
``extract.extract_memories`` runs on them, and every speaker's factual memories are compared
with that speaker's persona sentences (lexical and, with an embedder, semantic rule).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from evals.matching import (
    LEXICAL_THRESHOLD,
    SEMANTIC_THRESHOLD,
    SemanticMatcher,
    lexical_match,
)
from evals.metrics import FactScores, Match, score_facts
from kore_pipeline.extract.facts import extract_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso, parse_ts

SPC_FILE = Path("synthetic-persona-chat") / "Synthetic-Persona-Chat_test.csv"
SPC_BASE_TS = "2024-01-01T00:00:00+00:00"

_SPC_LINE = re.compile(r"^\s*User\s*([12])\s*:\s*(.*)$", re.IGNORECASE)


@dataclass
class SpcConversation:
    """One Synthetic-Persona-Chat row: personas per speaker and the turns in order."""

    index: int
    personas: dict[str, list[str]]
    turns: list[tuple[str, str]]   # (speaker "User 1" | "User 2", text)


def load_spc(path: Path, limit: int | None = None) -> list[SpcConversation]:
    """Conversations of an SPC CSV (``user 1 personas,user 2 personas,Best Generated ...``).

    A line without a "User N:" prefix continues the previous turn.
    """
    out: list[SpcConversation] = []
    with path.open(encoding="utf-8", newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh)):
            if limit is not None and len(out) >= limit:
                break
            personas = {f"User {n}": [s.strip() for s in (row.get(f"user {n} personas") or "")
                                      .splitlines() if s.strip()] for n in (1, 2)}
            turns: list[tuple[str, str]] = []
            for line in (row.get("Best Generated Conversation") or "").splitlines():
                m = _SPC_LINE.match(line)
                if m:
                    turns.append((f"User {m.group(1)}", m.group(2).strip()))
                elif line.strip() and turns:
                    speaker, text = turns[-1]
                    turns[-1] = (speaker, f"{text} {line.strip()}")
            out.append(SpcConversation(i, personas, [t for t in turns if t[1]]))
    return out


def spc_messages(conv: SpcConversation, settings: KoreSettings) -> list[dict[str, Any]]:
    """The conversation as canonical user messages of owner ``spc-<index>``, one second apart."""
    base = parse_ts(SPC_BASE_TS)
    owner = f"spc-{conv.index}"
    return [normalise({"owner": owner, "conversation_id": owner, "session_id": owner,
                       "message_id": f"{owner}-{j}", "ts": iso(base + timedelta(seconds=j)),
                       "role": "user", "speaker": speaker, "text": text},
                      settings, "spc", j + 1)
            for j, (speaker, text) in enumerate(conv.turns)]


def spc_facts(conv: SpcConversation, settings: KoreSettings
              ) -> tuple[dict[str, list[tuple[str, str]]], int]:
    """speaker -> [(category, clause)] of the extracted factual memories, and provenance errors.

    A provenance error is a fact whose subject is not the speaker of every message it was
    extracted from (the pipeline crediting one user with what another said).
    """
    msgs = spc_messages(conv, settings)
    said_by = {m["message_id"]: m["speaker"] for m in msgs}
    out: dict[str, list[tuple[str, str]]] = {s: [] for s in conv.personas}
    errors = 0
    for cand in extract_memories(msgs, settings):
        if cand.type == "factual":
            out.setdefault(cand.subject, []).append((cand.category, cand.content))
            errors += any(said_by.get(mid) != cand.subject for mid in cand.source_message_ids)
    return out, errors


def evaluate_spc(convs: Sequence[SpcConversation], settings: KoreSettings,
                 embedder: Any = None) -> dict[str, Any]:
    """Lexical (and, with an embedder, semantic) fact scores over the conversations."""
    extracted, provenance_errors = [], 0
    for conv in convs:
        facts, errors = spc_facts(conv, settings)
        extracted.append((facts, conv.personas))
        provenance_errors += errors
    matchers: dict[str, Match] = {"lexical": lexical_match}
    if embedder is not None:
        sem = SemanticMatcher(embedder)
        sem.prepare([t for facts, _ in extracted for v in facts.values() for _, t in v]
                    + [g for _, gold in extracted for v in gold.values() for g in v])
        matchers["semantic"] = sem
    # Ceiling: persona sentences that their own speaker says at all (lexical rule on turns).
    said = sum(1 for c in convs for spk, sents in c.personas.items() for g in sents
               if any(lexical_match(t, g) for s, t in c.turns if s == spk))
    out: dict[str, Any] = {
        "conversations": len(convs), "turns": sum(len(c.turns) for c in convs),
        "provenance_errors": provenance_errors, "gold_said_by_own_speaker": said,
        "match_rules": {"lexical": f"fact holds >= {LEXICAL_THRESHOLD:.0%} of the gold "
                                   "sentence's content words (lower-cased; stopwords, number words "
                                   "and generic verbs removed; light stemming), at least 1",
                        "semantic": f"MiniLM cosine(fact clause, gold sentence) >= "
                                    f"{SEMANTIC_THRESHOLD}"},
    }
    for name, match in matchers.items():
        total = FactScores()
        for facts, gold in extracted:
            total.add(score_facts(facts, gold, match))
        out[name] = total.to_dict()
    return out
