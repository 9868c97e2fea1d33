"""Small builders for hand-written test logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def message(text: str, *, role: str = "user", speaker: str | None = "Anna",
            owner: str = "team-alpha", ts: str = "2026-09-01T09:00:00Z",
            session: str = "s1", conversation: str = "c1", **extra: Any) -> dict[str, Any]:
    """One canonical message record."""
    rec = {"owner": owner, "conversation_id": conversation, "session_id": session, "ts": ts,
           "role": role, "text": text, **extra}
    if speaker is not None:
        rec["speaker"] = speaker
    return rec


def write_jsonl(path: Path, records: list[dict[str, Any] | str]) -> Path:
    """Write records (dicts, or raw lines for bad input) as JSON Lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
