"""One input record to one message row: validation, defaults and stable ids.

Every problem raises :class:`BadRecord` with a reason that names the field, so the caller
can quarantine the record and go on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kore_pipeline.ids import message_id
from kore_pipeline.ingest.formats import BadRecord
from kore_pipeline.settings import KoreSettings
from kore_pipeline.text.language import detect_language
from kore_pipeline.timeutil import BadTimestamp, iso, parse_ts

ROLES = ("user", "assistant", "system")


def _str_field(rec: dict[str, Any], name: str, default: str | None) -> str | None:
    value = rec.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadRecord(f"field {name!r} must be a string, got {type(value).__name__}")
    return str(value)


def _tail(text: str, max_bytes: int) -> str:
    raw = text.encode("utf-8")
    if len(raw) <= max_bytes:
        return text
    return raw[-max_bytes:].decode("utf-8", errors="ignore")


def normalise(rec: Any, settings: KoreSettings, source: str, line: int,
              defaults: dict[str, Any] | None = None) -> dict[str, Any]:
    """Validate one canonical record and return the message row; raise BadRecord if it is bad."""
    if not isinstance(rec, dict):
        raise BadRecord(f"record must be a JSON object, got {type(rec).__name__}")
    rec = {**(defaults or {}), **{k: v for k, v in rec.items() if v is not None}}
    for name, value in rec.items():
        if isinstance(value, str) and not _encodable(value):
            raise BadRecord(f"field {name!r} holds invalid Unicode (a lone surrogate)")
    text = rec.get("text")
    if text is None:
        raise BadRecord("missing field 'text'")
    if not isinstance(text, str):
        raise BadRecord(f"field 'text' must be a string, got {type(text).__name__}")
    if not text.strip():
        raise BadRecord("field 'text' is empty")
    role = rec.get("role")
    if not isinstance(role, str):
        raise BadRecord(f"field 'role' must be a string, got {type(role).__name__}")
    role = role.strip().lower()
    if role not in ROLES:
        raise BadRecord(f"unknown role {role!r} (expected one of {', '.join(ROLES)})")
    if "ts" not in rec:
        raise BadRecord("missing field 'ts'")
    try:
        ts = iso(parse_ts(rec["ts"]))
    except BadTimestamp as exc:
        raise BadRecord(str(exc)) from None
    importance = rec.get("importance")
    if importance is not None and (isinstance(importance, bool) or not isinstance(importance, int)
                                   or not 1 <= importance <= 5):
        raise BadRecord(f"field 'importance' must be an integer 1..5, got {importance!r}")
    owner = _str_field(rec, "owner", settings.default_owner) or settings.default_owner
    conversation = _str_field(rec, "conversation_id", Path(source).stem) or Path(source).stem
    session = _str_field(rec, "session_id", conversation) or conversation
    speaker = _str_field(rec, "speaker", None)
    if speaker is None and role == "user" and settings.default_speaker:
        speaker = settings.default_speaker.strip() or None
    text = _tail(text.strip(), settings.max_message_bytes)
    mid = _str_field(rec, "message_id", None) or message_id(owner, conversation, session, ts,
                                                             role, text)
    return {"message_id": mid, "owner": owner, "conversation_id": conversation,
            "session_id": session, "ts": ts, "role": role, "speaker": speaker, "text": text,
            "importance": importance, "source_file": source, "source_line": line,
            "language": detect_language(text)}


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
