"""Ingest stage: conversation logs (JSON Lines, OpenAI-style JSON Lines, ChatGPT and Claude
exports, CSV, Parquet) to Arrow.

Every record is validated on its own. A bad one goes to quarantine with its file, line and
reason; the others go on. JSON Lines files are read from their checkpoint on (only what
was appended); other files are read whole when their content changed.
"""

from __future__ import annotations

import contextlib
import csv
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from kore_pipeline.ids import file_sha256
from kore_pipeline.ingest.checkpoints import WHOLE, AppendReader, Checkpoint, whole_checkpoint
from kore_pipeline.ingest.documents import document_elements, is_json_object, sniff
from kore_pipeline.ingest.formats import BadRecord, expand
from kore_pipeline.ingest.records import ROLES, named_owner, normalise
from kore_pipeline.ingest.sources import SUFFIXES, csv_records, discover_inputs
from kore_pipeline.settings import KoreSettings

__all__ = ["ROLES", "SUFFIXES", "BadRecord", "IngestResult", "discover", "ingest_paths",
           "message_key", "normalise"]

log = logging.getLogger(__name__)
MESSAGE_SCHEMA = pa.schema([
    ("message_id", pa.string()), ("owner", pa.string()), ("conversation_id", pa.string()),
    ("session_id", pa.string()), ("ts", pa.string()), ("role", pa.string()),
    ("speaker", pa.string()), ("text", pa.string()), ("importance", pa.int64()),
    ("source_file", pa.string()), ("source_line", pa.int64()), ("language", pa.string()),
])


@dataclass
class IngestResult:
    """Messages accepted and records quarantined, the files read (path, sha256, counts) and
    the new checkpoints; files skipped as unchanged, files found rewritten, and the bytes
    of unterminated last lines left for the next read."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    quarantine: list[dict[str, Any]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    """Input paths never opened, with why (symlink out of the roots, FIFO, the home)."""
    files: list[tuple[str, str, int, int]] = field(default_factory=list)
    skipped_files: list[str] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    read_files: list[str] = field(default_factory=list)
    rewritten_files: list[str] = field(default_factory=list)
    pending_bytes: int = 0

    def messages_table(self) -> pa.Table:
        """Accepted messages as an Arrow table."""
        return pa.Table.from_pylist(self.messages, schema=MESSAGE_SCHEMA)



def discover(paths: Iterable[Path], settings: KoreSettings | None = None) -> list[Path]:
    """Input files under the given files or folders, sorted, by known suffix.

    Symlinks out of the roots, FIFOs, sockets, devices and the kore home are skipped
    (``ingest.sources``); with ``settings`` the home and ``follow_symlinks`` apply.
    """
    return discover_inputs(paths, settings.home if settings else None,
                           settings.follow_symlinks if settings else False).files


def _dump(raw: Any) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return json.dumps(raw, ensure_ascii=False, default=str)
    except (ValueError, RecursionError):
        return f"<{type(raw).__name__} too deeply nested to print>"


def _quarantine(result: IngestResult, source: str, line: int, reason: str, raw: Any,
                owner: str | None = None) -> None:
    """Record a bad record with the owner it names (or whose messages it would have been),
    taken from the whole record before its text is cut to 2,000 characters."""
    result.quarantine.append({"source_file": source, "source_line": line,
                              "reason": _printable(reason),
                              "raw": _printable(_dump(raw)[:2000]),
                              "owner": _printable(owner) if owner else _named(raw)})


def _named(raw: Any) -> str | None:
    owner = named_owner(raw)
    return _printable(owner) if owner else None


def _item_owner(rec: Any, defaults: dict[str, Any], settings: KoreSettings) -> str:
    """The owner a record's messages go to: its own, its conversation's, or the default."""
    return named_owner(rec) or named_owner(defaults) or settings.default_owner


def _printable(text: str) -> str:
    """Text that SQLite and Parquet accept (lone surrogates escaped)."""
    return text.encode("utf-8", errors="backslashreplace").decode("utf-8")


def _add(obj: Any, source: str, line: int, settings: KoreSettings, part: IngestResult,
         raw: str | None) -> None:
    """Normalise every message of one JSON value (any known shape) into ``part``."""
    try:
        for item in expand(obj):
            where = f"{item.where}: " if item.where else ""
            shown = raw if raw is not None and item.rec is obj else item.rec
            if item.where:  # one line may hold many messages: keep each quarantined row apart
                shown = where + _dump(shown)
            owner = _item_owner(item.rec, item.defaults, settings)
            if item.error is not None:
                _quarantine(part, source, line, where + item.error,
                            shown if shown is not None else raw or "", owner)
                continue
            try:
                part.messages.append(normalise(item.rec, settings, source, line, item.defaults))
            except BadRecord as exc:
                _quarantine(part, source, line, where + str(exc), shown, owner)
            except Exception as exc:  # noqa: BLE001 - one odd record never stops the rest
                _quarantine(part, source, line, f"{where}unexpected {type(exc).__name__}: {exc}",
                            shown, owner)
    except BadRecord as exc:
        _quarantine(part, source, line, str(exc), raw if raw is not None else obj,
                    _item_owner(obj, {}, settings))
    except Exception as exc:  # noqa: BLE001
        _quarantine(part, source, line, f"unexpected {type(exc).__name__}: {exc}",
                    raw if raw is not None else obj, _item_owner(obj, {}, settings))


def _read_lines(reader: AppendReader, settings: KoreSettings, part: IngestResult) -> None:
    """JSON Lines from the reader's checkpoint on; one record (or conversation) per line."""
    source = str(reader.path)
    for line in reader:
        if line.text is None:
            _quarantine(part, source, line.number,
                        f"record larger than {settings.max_record_bytes} bytes", line.head)
            continue
        raw = line.text
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            _quarantine(part, source, line.number, f"invalid JSON: {exc.msg}", raw.strip())
            continue
        except (ValueError, RecursionError) as exc:  # digit limit, nesting depth
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            _quarantine(part, source, line.number, f"invalid JSON: {reason}", raw.strip())
            continue
        _add(obj, source, line.number, settings, part, raw.strip())
    part.pending_bytes += reader.pending_bytes


def _read_document(path: Path, settings: KoreSettings, part: IngestResult) -> None:
    """A JSON document (a ChatGPT or Claude ``conversations.json``, an array of records).

    If it breaks before its first element and has several lines, it was JSON Lines whose
    first line is bad: it is read as such, each line on its own.
    """
    source = str(path)
    text = path.read_bytes().decode("utf-8", errors="replace")
    elements = 0
    try:
        for line, obj in document_elements(text):
            elements += 1
            _add(obj, source, line, settings, part, None)
    except BadRecord as exc:
        if elements == 0 and "\n" in text:
            _read_lines(AppendReader(path, None, settings.max_record_bytes, is_json_object),
                        settings, part)
            return
        _quarantine(part, source, getattr(exc, "line", 0), str(exc), "")


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
            _quarantine(result, source, lineno, str(exc), rec,
                        _item_owner(rec, {}, settings))


def read_file(path: Path, settings: KoreSettings, result: IngestResult,
              kind: str | None = None) -> None:
    """Append one whole file's messages and quarantined records to ``result``."""
    kind = kind or sniff(path)
    if kind == "csv":
        text = path.read_bytes().decode("utf-8", errors="replace")
        for rec in csv_records(text, settings.max_record_bytes):
            if rec.row is None:
                _quarantine(result, str(path), rec.line, rec.error or "bad CSV record", "")
            else:
                _read_rows(path, [rec.row], settings, result, first_line=rec.line)
    elif kind == "parquet":
        import pyarrow.parquet as pq

        _read_rows(path, pq.read_table(path).to_pylist(), settings, result, first_line=1)
    elif kind == "document":
        _read_document(path, settings, result)
    else:
        _read_lines(AppendReader(path, None, settings.max_record_bytes, is_json_object),
                    settings, result)


@dataclass
class _Read:
    """What reading one source gave: its new checkpoint, content hash if read to the end."""

    checkpoint: Checkpoint
    sha256: str | None
    status: str


def _read_source(path: Path, settings: KoreSettings, part: IngestResult,
                 cp: Checkpoint | None, skip_hashes: set[str] | None) -> _Read:
    """Read what is new in one file: appended lines, or the whole file if it changed."""
    kind = sniff(path)
    if kind == "lines":
        if cp is None and skip_hashes and file_sha256(path) in skip_hashes:
            reader = AppendReader(path, None, settings.max_record_bytes, is_json_object)
            for _ in reader:  # read before checkpoints existed: only place the checkpoint
                pass
            return _Read(reader.checkpoint(), None, "skipped")
        reader = AppendReader(path, cp, settings.max_record_bytes, is_json_object)
        _read_lines(reader, settings, part)
        new = reader.checkpoint()
        return _Read(new, new.prefix_sha256 if reader.complete else None, reader.status)
    sha = file_sha256(path)
    if cp is not None and cp.kind == WHOLE and cp.prefix_sha256 == sha:
        return _Read(cp if cp.unchanged(path) else whole_checkpoint(path, sha), None,
                     "unchanged")
    if skip_hashes and sha in skip_hashes:
        return _Read(whole_checkpoint(path, sha), None, "skipped")
    read_file(path, settings, part, kind)
    return _Read(whole_checkpoint(path, sha), sha, "new" if cp is None else "rewritten")


def ingest_paths(paths: Iterable[Path], settings: KoreSettings,
                 skip_hashes: set[str] | None = None,
                 checkpoints: dict[str, Checkpoint] | None = None) -> IngestResult:
    """Read what is new in every input file; dedupe messages.

    A JSON Lines file is read from its checkpoint on (``checkpoints``, by path); any other
    file is read whole unless its content hash is its checkpoint's or in ``skip_hashes``.
    A message is identified by (owner, conversation_id, message_id). The same message twice
    is kept once; the same identity with a different text is quarantined. A file that cannot
    be read at all is quarantined at line 0 and gets no checkpoint, so the next run tries it
    again.
    """
    result = IngestResult()
    seen: dict[tuple[str, str, str], str] = {}
    known = checkpoints or {}
    found = discover_inputs(paths, settings.home, settings.follow_symlinks)
    for skipped, reason in found.skipped:
        log.warning("input skipped: %s: %s", skipped, reason)
        result.refused.append((skipped, reason))
    for path in found.files:
        part = IngestResult()
        try:
            read = _read_source(path, settings, part, known.get(str(path)), skip_hashes)
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            _quarantine(result, str(path), 0, f"unreadable file: {exc}", "")
            continue
        except Exception as exc:  # noqa: BLE001 - e.g. a corrupt Parquet file
            _quarantine(result, str(path), 0, f"unreadable file: {type(exc).__name__}: {exc}",
                        "")
            continue
        if read.status in ("unchanged", "skipped"):
            result.skipped_files.append(str(path))
            if read.checkpoint is not known.get(str(path)):
                result.checkpoints.append(read.checkpoint)
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
                part.quarantine[-1]["owner"] = m["owner"]  # for `kore forget`
        result.quarantine.extend(part.quarantine)
        result.checkpoints.append(read.checkpoint)
        result.read_files.append(str(path))
        result.pending_bytes += part.pending_bytes
        if read.status == "rewritten":
            result.rewritten_files.append(str(path))
        if read.sha256 is not None:
            result.files.append((str(path), read.sha256, fresh, len(part.quarantine)))
    return result


def message_key(msg: dict[str, Any]) -> tuple[str, str, str]:
    """What identifies a message: (owner, conversation_id, message_id)."""
    return msg["owner"], msg["conversation_id"], msg["message_id"]
