"""Ingest stage: conversation logs (JSON Lines, OpenAI-style JSON Lines, CSV, Parquet) to Arrow.

Every record is validated on its own. A bad one goes to quarantine with its file, line and
reason; the others go on.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa

from .ids import message_id
from .language import detect_language
from .settings import KoreSettings
from .timeutil import BadTimestamp, iso, parse_ts

ROLES = ("user", "assistant", "system")
SUFFIXES = (".jsonl", ".json", ".ndjson", ".csv", ".parquet")
MESSAGE_SCHEMA = pa.schema([
    ("message_id", pa.string()), ("owner", pa.string()), ("conversation_id", pa.string()),
    ("session_id", pa.string()), ("ts", pa.string()), ("role", pa.string()),
    ("speaker", pa.string()), ("text", pa.string()), ("importance", pa.int64()),
    ("source_file", pa.string()), ("source_line", pa.int64()), ("language", pa.string()),
])


class BadRecord(ValueError):
    """A record that cannot become a message; the message says why."""


@dataclass
class IngestResult:
    """Messages accepted and records quarantined, plus the files read (path, sha256)."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    quarantine: list[dict[str, Any]] = field(default_factory=list)
    files: list[tuple[str, str, int, int]] = field(default_factory=list)
    skipped_files: list[str] = field(default_factory=list)

    def messages_table(self) -> pa.Table:
        """Accepted messages as an Arrow table."""
        return pa.Table.from_pylist(self.messages, schema=MESSAGE_SCHEMA)



def discover(paths: Iterable[Path]) -> list[Path]:
    """Input files under the given files or folders, sorted, by known suffix."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(p for p in sorted(path.rglob("*")) if p.suffix.lower() in SUFFIXES)
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    return found


def file_sha256(path: Path) -> str:
    """Content hash of a file (re-runs skip files already ingested)."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


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
    text = _tail(text.strip(), settings.max_message_bytes)
    mid = _str_field(rec, "message_id", None) or message_id(owner, conversation, session, ts,
                                                             role, text)
    return {"message_id": mid, "owner": owner, "conversation_id": conversation,
            "session_id": session, "ts": ts, "role": role, "speaker": speaker, "text": text,
            "importance": importance, "source_file": source, "source_line": line,
            "language": detect_language(text)}


def _openai_records(obj: dict[str, Any]) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Messages of one OpenAI-style line, with the line's fields as defaults."""
    msgs = obj.get("messages")
    if not isinstance(msgs, list):
        raise BadRecord("field 'messages' must be a list")
    base = parse_ts(obj["ts"]) if obj.get("ts") else None
    speaker = obj.get("user") or obj.get("speaker")
    defaults = {k: obj[k] for k in ("owner", "conversation_id", "session_id") if k in obj}
    for i, msg in enumerate(msgs):
        if not isinstance(msg, dict):
            yield msg, defaults
            continue
        content = msg.get("content")
        if isinstance(content, list):  # content parts: keep the text ones
            content = "\n".join(p.get("text", "") for p in content
                                if isinstance(p, dict) and p.get("type") == "text")
        rec = {"role": msg.get("role"), "text": content, "message_id": msg.get("id")}
        if msg.get("role") == "user":
            rec["speaker"] = msg.get("name") or speaker
        if base is not None:  # one second apart keeps the order
            rec["ts"] = iso(base + timedelta(seconds=i))
        yield rec, defaults


def _quarantine(result: IngestResult, source: str, line: int, reason: str, raw: Any) -> None:
    text = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False, default=str)
    result.quarantine.append({"source_file": source, "source_line": line, "reason": reason,
                              "raw": text[:2000]})


def _read_jsonl(path: Path, settings: KoreSettings, result: IngestResult) -> None:
    source = str(path)
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            if len(raw.encode("utf-8")) > settings.max_record_bytes:
                _quarantine(result, source, lineno,
                            f"record larger than {settings.max_record_bytes} bytes", raw[:200])
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as exc:
                _quarantine(result, source, lineno, f"invalid JSON: {exc.msg}", raw.strip())
                continue
            try:
                if isinstance(obj, dict) and "messages" in obj:
                    for rec, defaults in _openai_records(obj):
                        try:
                            result.messages.append(
                                normalise(rec, settings, source, lineno, defaults))
                        except BadRecord as exc:
                            _quarantine(result, source, lineno, str(exc), rec)
                else:
                    result.messages.append(normalise(obj, settings, source, lineno))
            except (BadRecord, BadTimestamp) as exc:
                _quarantine(result, source, lineno, str(exc), obj)


def _read_rows(path: Path, rows: Iterable[dict[str, Any]], settings: KoreSettings,
               result: IngestResult, first_line: int) -> None:
    source = str(path)
    for lineno, row in enumerate(rows, start=first_line):
        rec = {k: v for k, v in row.items() if k is not None and v not in ("", None)}
        if isinstance(rec.get("importance"), str):
            with contextlib.suppress(ValueError):  # else normalise() rejects it by name
                rec["importance"] = int(rec["importance"])
        try:
            result.messages.append(normalise(rec, settings, source, lineno))
        except BadRecord as exc:
            _quarantine(result, source, lineno, str(exc), rec)


def read_file(path: Path, settings: KoreSettings, result: IngestResult) -> None:
    """Append one file's messages and quarantined records to ``result``."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        with path.open("r", encoding="utf-8", errors="replace", newline="") as fh:
            _read_rows(path, csv.DictReader(fh), settings, result, first_line=2)
    elif suffix == ".parquet":
        import pyarrow.parquet as pq

        _read_rows(path, pq.read_table(path).to_pylist(), settings, result, first_line=1)
    else:
        _read_jsonl(path, settings, result)


def ingest_paths(paths: Iterable[Path], settings: KoreSettings,
                 skip_hashes: set[str] | None = None) -> IngestResult:
    """Read every input file not already ingested (by content hash); dedupe messages.

    A message is identified by (owner, conversation_id, message_id). The same message twice
    is kept once; the same identity with a different text is quarantined. A file that cannot
    be read at all is quarantined at line 0 and not recorded in ``files``, so the next run
    tries it again.
    """
    result = IngestResult()
    seen: dict[tuple[str, str, str], str] = {}
    for path in discover(paths):
        part = IngestResult()
        try:
            sha = file_sha256(path)
            if skip_hashes and sha in skip_hashes:
                result.skipped_files.append(str(path))
                continue
            read_file(path, settings, part)
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            _quarantine(result, str(path), 0, f"unreadable file: {exc}", "")
            continue
        except Exception as exc:  # noqa: BLE001 - e.g. a corrupt Parquet file
            _quarantine(result, str(path), 0, f"unreadable file: {type(exc).__name__}: {exc}",
                        "")
            continue
        fresh = 0
        for m in part.messages:
            key = message_key(m)
            prior = seen.get(key)
            if prior is None:
                seen[key] = m["text"]
                result.messages.append(m)
                fresh += 1
            elif prior != m["text"]:
                _quarantine(part, m["source_file"], m["source_line"],
                            f"duplicate message_id {m['message_id']!r} with different text",
                            m["text"])
        result.quarantine.extend(part.quarantine)
        result.files.append((str(path), sha, fresh, len(part.quarantine)))
    return result


def message_key(msg: dict[str, Any]) -> tuple[str, str, str]:
    """What identifies a message: (owner, conversation_id, message_id)."""
    return msg["owner"], msg["conversation_id"], msg["message_id"]
