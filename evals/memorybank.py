"""MemoryBank (en): share of each user's gold hobby and personality terms that are found."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from evals.matching import lexical_match
from evals.metrics import ratio
from kore_pipeline.extract.facts import extract_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso, parse_ts

MEMORYBANK_FILE = Path("memorybank") / "en" / "memory_bank_en.json"

_TERM_SPLIT = re.compile(r",|;|\band\b", re.IGNORECASE)


@dataclass
class MemoryBankUser:
    """One MemoryBank user: the gold profile and the user's turns (date, text)."""

    name: str
    hobbies: list[str]
    personality: list[str]
    turns: list[tuple[str, str]]


def split_terms(text: str) -> list[str]:
    """Gold profile terms: "painting, reading and tea" -> ["painting", "reading", "tea"]."""
    return [t.strip(" .") for t in _TERM_SPLIT.split(text or "") if t.strip(" .")]


def load_memorybank(path: Path, limit: int | None = None) -> list[MemoryBankUser]:
    """Users of ``memory_bank_en.json`` (names stripped), turns in date order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    users: list[MemoryBankUser] = []
    for key, user in data.items():
        if limit is not None and len(users) >= limit:
            break
        meta = user.get("meta_information") or {}
        name = str(user.get("name") or meta.get("name") or key).strip()
        turns = [(day, str(pair.get("query") or ""))
                 for day in sorted(user.get("history") or {})
                 for pair in user["history"][day] if str(pair.get("query") or "").strip()]
        users.append(MemoryBankUser(name, split_terms(meta.get("hobbies", "")),
                                    split_terms(meta.get("personality", "")), turns))
    return users


def evaluate_memorybank(users: Sequence[MemoryBankUser], settings: KoreSettings
                        ) -> dict[str, Any]:
    """Share of gold hobby/personality terms found (lexical rule) in each user's memories.

    Three levels: in an extracted fact, in any extracted memory (facts and episodes), and
    in any user turn at all (the ceiling for an extractor that reads only user turns).
    """
    totals = {kind: {"terms": 0, "in_facts": 0, "in_memories": 0, "in_user_turns": 0}
              for kind in ("hobbies", "personality")}
    per_user = []
    for user in users:
        msgs = [normalise({"owner": f"mb-{user.name}", "conversation_id": day,
                           "session_id": day, "message_id": f"mb-{user.name}-{j}",
                           "ts": iso(parse_ts(day) + timedelta(minutes=j)), "role": "user",
                           "speaker": user.name, "text": text}, settings, "memorybank", j + 1)
                for j, (day, text) in enumerate(user.turns)]
        cands = extract_memories(msgs, settings)
        facts = [c.content for c in cands if c.type == "factual"]
        mems = [c.content for c in cands]
        said = [t for _, t in user.turns]
        row: dict[str, Any] = {"user": user.name, "turns": len(user.turns), "facts": len(facts)}
        for kind, terms in (("hobbies", user.hobbies), ("personality", user.personality)):
            found = {
                "in_facts": [t for t in terms if any(lexical_match(f, t) for f in facts)],
                "in_memories": [t for t in terms if any(lexical_match(m, t) for m in mems)],
                "in_user_turns": [t for t in terms if any(lexical_match(s, t) for s in said)],
            }
            totals[kind]["terms"] += len(terms)
            for level, hits in found.items():
                totals[kind][level] += len(hits)
            row[kind] = {"terms": terms, "in_facts": found["in_facts"],
                         "missed_by_facts": [t for t in found["in_user_turns"]
                                             if t not in found["in_facts"]]}
        per_user.append(row)
    out: dict[str, Any] = {"users": len(users), "turns": sum(len(u.turns) for u in users),
                           "per_user": per_user}
    for kind, t in totals.items():
        out[kind] = {**t, **{f"coverage_{lvl}": ratio(t[lvl], t["terms"])
                             for lvl in ("in_facts", "in_memories", "in_user_turns")}}
    return out
