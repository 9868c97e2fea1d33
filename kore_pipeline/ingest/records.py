"""One input record to one message row: validation, defaults and stable ids.

Every problem raises :class:`BadRecord` with a reason that names the field, so the caller
can quarantine the record and go on.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from kore_pipeline.ids import message_id
from kore_pipeline.ingest.formats import BadRecord
from kore_pipeline.settings import KoreSettings
from kore_pipeline.text.language import detect_language
from kore_pipeline.timeutil import BadTimestamp, iso, parse_ts

ROLES = ("user", "assistant", "system")
ID_FIELDS = ("owner", "conversation_id", "session_id", "message_id", "speaker")
"""Fields that name things (folders, keys, filters): bounded and free of control characters."""
MAX_ID_CHARS = 512
"""Longest owner, conversation, session, message id or speaker accepted (characters)."""
_OWNER_FIELD = re.compile(r'"owner"\s*:\s*("(?:[^"\\]|\\.)*")')


def named_owner(raw: Any) -> str | None:
    """The owner a raw record names, wherever the field sits, escapes decoded; or None.

    A dict's ``owner``; text is parsed as JSON when it parses, else the first ``"owner":
    "..."`` pair anywhere in it (an escaped quote inside a string value is never taken for
    a key) is decoded as a JSON string.
    """
    if isinstance(raw, dict):
        value = raw.get("owner")
        if isinstance(value, bool) or not isinstance(value, str | int):
            return None
        return str(value) if str(value).strip() else None
    if not isinstance(raw, str) or not raw:
        return None
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        obj = None
    if isinstance(obj, dict):
        return named_owner(obj)
    match = _OWNER_FIELD.search(raw)
    if match is None:
        return None
    try:
        value = json.loads(match.group(1))
    except ValueError:
        return None
    return value if isinstance(value, str) and value.strip() else None


def check_id(name: str, value: str) -> None:
    """Raise :class:`BadRecord` for an id that is too long or holds control characters."""
    if len(value) > MAX_ID_CHARS:
        raise BadRecord(f"field {name!r} is {len(value)} characters long (at most"
                        f" {MAX_ID_CHARS})")
    if value.isprintable():  # no character of the categories below (C speed: most ids)
        return
    bad = next((c for c in value if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
                and c not in "\u200d"), None)
    if bad is not None:
        raise BadRecord(f"field {name!r} holds a control character (U+{ord(bad):04X})")


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
    conversation = _str_field(rec, "conversation_id", None) or Path(source).stem
    session = _str_field(rec, "session_id", conversation) or conversation
    speaker = _str_field(rec, "speaker", None)
    if speaker is None and role == "user" and settings.default_speaker:
        speaker = settings.default_speaker.strip() or None
    text = _tail(text.strip(), settings.max_message_bytes)
    mid = _str_field(rec, "message_id", None) or message_id(owner, conversation, session, ts,
                                                             role, text)
    for name, value in (("owner", owner), ("conversation_id", conversation),
                        ("session_id", session), ("message_id", mid), ("speaker", speaker)):
        if value is not None:
            check_id(name, value)
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
