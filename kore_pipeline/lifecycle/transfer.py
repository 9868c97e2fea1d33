"""``kore export`` / ``kore import``: one owner's memories as JSON Lines, and back.

Line 1 is a header ``{"kind": "kore-export", "version": 1, "owner", "exported_at", ...}``;
then one ``{"kind": "message", ...}`` line per source message of the owner and one
``{"kind": "memory", ...}`` line per memory (active or archived, with its scores, provenance,
the extraction ``rule`` that found it, archive record and access history). Ids are local to
a home, so a memory points to the one that absorbed it by ``merged_into: {"subject",
"key"}``. Import keeps every field (an export made before rules were recorded has no
``rule``: imported as none), re-embeds through the cache and indexes; a memory whose (owner,
subject, key) already exists, and a message already stored, is left as it is, so importing
twice changes nothing. A bad line is reported with its number and reason; the other lines
go on.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from kore_pipeline import files
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.store.lifecycle import Status
from kore_pipeline.timeutil import iso, resolve_now

KIND = "kore-export"
VERSION = 1
MEMORY_FIELDS = ("subject", "key", "type", "category", "content", "language", "importance",
                 "importance_explicit", "session_id", "created_at", "updated_at",
                 "last_accessed_at", "access_count", "decay_score", "status", "expires_at",
                 "rule")
DEFAULTS: dict[str, Any] = {"importance_explicit": 0, "access_count": 0, "decay_score": 1.0,
                            "status": "active"}
"""Values of optional memory fields a hand-written record may leave out."""
STATUSES = ("active", "forgotten", "merged", "compacted", "superseded", "deleted")
"""Statuses a memory can have; an archived one (any but 'active') carries its archive record."""
MESSAGE_FIELDS = ("message_id", "conversation_id", "session_id", "ts", "role", "speaker", "text",
                  "importance", "source_file", "source_line", "run_id", "extracted")


class TransferError(ValueError):
    """A file that is not a kore export (the message says why)."""


@dataclass
class ImportReport:
    """What an import did."""

    owner: str | None = None
    memories: int = 0
    messages: int = 0
    accesses: int = 0
    skipped_existing: int = 0
    errors: list[str] = field(default_factory=list)
    index: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def export_records(conn: sqlite3.Connection, owner: str,
                   now: datetime | str | None = None) -> Iterator[dict[str, Any]]:
    """The header, then the owner's messages and memories, as JSON-ready dicts."""
    from kore_pipeline.store.db import get_meta

    mems = conn.execute("SELECT * FROM memories_scored WHERE owner = ? ORDER BY id",
                        (owner,)).fetchall()
    msgs = conn.execute("SELECT * FROM messages WHERE owner = ? ORDER BY ts, conversation_id,"
                        " message_id", (owner,)).fetchall()
    yield {"kind": KIND, "version": VERSION, "owner": owner,
           "exported_at": iso(resolve_now(now)), "memories": len(mems), "messages": len(msgs),
           "embedding_signature": get_meta(conn, "embedding_signature")}
    for m in msgs:
        yield {"kind": "message", "owner": owner, **{f: m[f] for f in MESSAGE_FIELDS}}
    by_id = {int(r["id"]): r for r in mems}
    for r in mems:
        mid = int(r["id"])
        archive = conn.execute("SELECT archived_at, reason, content, decay_score FROM archive"
                               " WHERE memory_id = ?", (mid,)).fetchone()
        target = by_id.get(r["merged_into"]) if r["merged_into"] is not None else None
        accesses = conn.execute("SELECT accessed_at, query, applied FROM access_log WHERE"
                                " memory_id = ? AND owner = ? ORDER BY id", (mid, owner))
        yield {"kind": "memory", "owner": owner, **{f: r[f] for f in MEMORY_FIELDS},
               "source_message_ids": json.loads(r["source_message_ids"]),
               "merged_into": None if target is None else
               {"subject": target["subject"], "key": target["key"]},
               "archive": None if archive is None else dict(archive),
               "accesses": [dict(a) for a in accesses]}


def export_owner(settings: KoreSettings, owner: str, out: Path | None,
                 now: datetime | str | None = None) -> int:
    """Write the export of ``owner`` to ``out`` (atomically) or stdout; returns memories."""
    import sys

    from kore_pipeline.store.db import connect_reader

    conn = connect_reader(settings.db_path())
    try:
        lines = [json.dumps(rec, ensure_ascii=False) for rec in export_records(conn, owner, now)]
    finally:
        conn.close()
    text = "\n".join(lines) + "\n"
    if out is None:
        sys.stdout.write(text)
    else:
        files.write_text(out, text)
    return int(json.loads(lines[0])["memories"])


def _read(path: Path) -> Iterator[tuple[int, dict[str, Any] | str]]:
    """(line number, record or error text) for every non-empty line."""
    with path.open(encoding="utf-8", errors="replace") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                yield lineno, f"line {lineno}: invalid JSON ({exc.msg})"
                continue
            yield lineno, rec if isinstance(rec, dict) else f"line {lineno}: not an object"


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


SQLITE_MAX_INT = 2**63 - 1
"""The largest integer a SQLite column holds."""


def _check_integer(rec: dict[str, Any], name: str, count: bool = False) -> None:
    """An integer field must fit SQLite (a count: an integer 0..SQLITE_MAX_INT or null);
    ValueError says why."""
    value = rec.get(name)
    if value is None or (not count and not isinstance(value, int)):
        return
    low = 0 if count else -SQLITE_MAX_INT - 1
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= SQLITE_MAX_INT:
        shown = f"an integer of {len(str(value))} digits" if isinstance(value, int) and \
            value.bit_length() > 80 else repr(value)
        raise ValueError(f"field {name!r} must be an integer {low}..{SQLITE_MAX_INT},"
                         f" got {shown}")


def check_memory(rec: dict[str, Any]) -> None:
    """Validate a memory line whole before anything of it is inserted (ValueError: why)."""
    from kore_pipeline.timeutil import parse_ts

    for name in ("subject", "key", "content"):
        if not isinstance(rec.get(name), str) or (name != "subject" and not rec[name].strip()):
            raise ValueError(f"field {name!r} must be a non-empty string")
    for name in ("type", "category", "created_at"):
        if not _is_text(rec.get(name)):
            raise ValueError(f"field {name!r} must be a non-empty string")
    importance = rec.get("importance")
    if isinstance(importance, bool) or not isinstance(importance, int) \
            or not 1 <= importance <= 5:
        raise ValueError(f"field 'importance' must be an integer 1..5, got {importance!r}")
    status = rec.get("status", "active")
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r} (expected one of {', '.join(STATUSES)})")
    _check_integer(rec, "access_count", count=True)
    score = rec.get("decay_score", 1.0)
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        raise ValueError(f"field 'decay_score' must be a number in [0, 1], got {score!r}")
    for name in ("created_at", "updated_at", "last_accessed_at", "expires_at"):
        if rec.get(name) is not None:
            parse_ts(rec[name])  # BadTimestamp is a ValueError naming the value
    rule = rec.get("rule")  # absent from exports made before rules were recorded
    if rule is not None and not _is_text(rule):
        raise ValueError(f"field 'rule' must be a non-empty string or null, got {rule!r}")
    merged = rec.get("merged_into")
    if merged is not None and not (isinstance(merged, dict) and _is_text(merged.get("key"))
                                   and isinstance(merged.get("subject"), str)):
        raise ValueError(f"field 'merged_into' must be {{\"subject\", \"key\"}}, got {merged!r}")
    archive = rec.get("archive")
    if status != "active":
        if not isinstance(archive, dict):
            raise ValueError(f"a memory with status {status!r} needs its 'archive' record")
        for name in ("archived_at", "reason", "content"):
            if not _is_text(archive.get(name)):
                raise ValueError(f"archive field {name!r} must be a non-empty string")
        parse_ts(archive["archived_at"])
    elif archive is not None:
        raise ValueError("an active memory has no 'archive' record")
    accesses = rec.get("accesses") or []
    if not isinstance(accesses, list) or not all(
            isinstance(a, dict) and _is_text(a.get("accessed_at")) for a in accesses):
        raise ValueError("field 'accesses' must be a list of objects with 'accessed_at'")
    for a in accesses:
        parse_ts(a["accessed_at"])


def check_message(rec: dict[str, Any]) -> None:
    """Validate a message line whole (ValueError: why)."""
    from kore_pipeline.ingest.records import ROLES
    from kore_pipeline.timeutil import parse_ts

    for name in ("message_id", "conversation_id", "session_id", "text", "source_file"):
        if not _is_text(rec.get(name)):
            raise ValueError(f"field {name!r} must be a non-empty string")
    if rec.get("role") not in ROLES:
        raise ValueError(f"unknown role {rec.get('role')!r}")
    parse_ts(rec.get("ts"))
    for name in ("source_line", "importance", "extracted"):
        _check_integer(rec, name)


def _insert_memory(conn: sqlite3.Connection, owner: str, rec: dict[str, Any]) -> int | None:
    from kore_pipeline.ids import text_hash

    exists = conn.execute("SELECT 1 FROM memories WHERE owner = ? AND subject = ? AND key = ?",
                          (owner, rec["subject"], rec["key"])).fetchone()
    if exists:
        return None
    values: dict[str, Any] = {f: rec.get(f) for f in MEMORY_FIELDS}
    for name, default in DEFAULTS.items():
        if values[name] is None:
            values[name] = default
    values["importance_explicit"] = int(bool(values["importance_explicit"]))
    if values["status"] not in set(Status):
        raise ValueError(f"status {values['status']!r} is not one of"
                         f" {', '.join(s.value for s in Status)}")
    score = float(values.pop("decay_score"))
    cols = ", ".join(values)
    cur = conn.execute(
        f"INSERT INTO memories(owner, {cols}, content_hash, source_message_ids)"
        f" VALUES (?, {', '.join('?' * len(values))}, ?, ?)",
        [owner, *values.values(), text_hash(str(rec["content"])),
         json.dumps(list(rec.get("source_message_ids") or []), ensure_ascii=False)])
    mid = store.inserted_id(cur)
    store.set_decay_scores(conn, [(mid, score)])
    if rec.get("archive"):
        a = rec["archive"]
        conn.execute("INSERT INTO archive(memory_id, archived_at, reason, content, decay_score)"
                     " VALUES (?,?,?,?,?)", (mid, a["archived_at"], a["reason"], a["content"],
                                             a.get("decay_score")))
    conn.executemany("INSERT INTO access_log(memory_id, owner, accessed_at, query, applied)"
                     " VALUES (?,?,?,?,?)",
                     [(mid, owner, a["accessed_at"], a.get("query"), int(a.get("applied", 0)))
                      for a in rec.get("accesses") or []])
    return mid


def import_file(settings: KoreSettings, path: Path, owner: str | None = None,
                embedder: Any = None) -> ImportReport:
    """Load an export into the home (as ``owner`` if given), then embed and index."""
    from kore_pipeline.embed.cache import EmbeddingCache, make_embedder
    from kore_pipeline.index.sync import sync_index
    from kore_pipeline.store.db import connect, transaction
    from kore_pipeline.store.homelock import acquire

    report = ImportReport()
    records = list(_read(path))
    if not records or not isinstance(records[0][1], dict) or records[0][1].get("kind") != KIND:
        raise TransferError(f"{path}: line 1 is not a {KIND!r} header")
    header = records[0][1]
    if header.get("version") != VERSION:
        raise TransferError(f"{path}: export version {header.get('version')!r} is not"
                            f" supported (expected {VERSION})")
    report.owner = owner or str(header.get("owner") or "")
    if not report.owner.strip():
        raise TransferError(f"{path}: the header names no owner: give --owner")
    lock = acquire(settings.home, settings.lock_wait_seconds, "import")
    try:
        conn = connect(settings.db_path())
    except BaseException:
        lock.__exit__(None, None, None)
        raise
    try:
        merges: list[tuple[int, dict[str, Any]]] = []
        with transaction(conn):
            for lineno, rec in records[1:]:
                if isinstance(rec, str):
                    report.errors.append(rec)
                    continue
                try:
                    with transaction(conn):  # a savepoint: a bad line leaves nothing behind
                        _import_line(conn, report, rec, lineno, merges)
                except (KeyError, TypeError, ValueError, OverflowError,
                        sqlite3.IntegrityError) as exc:
                    report.errors.append(f"line {lineno}: {type(exc).__name__}: {exc}")
            for mid, ref in merges:
                conn.execute("UPDATE memories SET merged_into = (SELECT id FROM memories WHERE"
                             " owner = ? AND subject = ? AND key = ?) WHERE id = ?",
                             (report.owner, ref["subject"], ref["key"], mid))
                conn.execute("UPDATE archive SET merged_into = (SELECT merged_into FROM memories"
                             " WHERE id = ?) WHERE memory_id = ?", (mid, mid))
        cache = EmbeddingCache(settings.cache_path())
        try:
            idx = sync_index(conn, settings, embedder or make_embedder(settings), cache)
        finally:
            cache.close()
        report.index = {"encoded": idx.encoded, "memories": idx.memories,
                        "signature": idx.signature}
    finally:
        conn.close()
        lock.__exit__(None, None, None)
    return report


def _import_line(conn: sqlite3.Connection, report: ImportReport, rec: dict[str, Any],
                 lineno: int, merges: list[tuple[int, dict[str, Any]]]) -> None:
    """Insert one validated line (a message or a memory with its archive and accesses)."""
    if rec.get("kind") == "message":
        check_message(rec)
        cur = conn.execute(
            f"INSERT OR IGNORE INTO messages(owner, {', '.join(MESSAGE_FIELDS)})"
            f" VALUES (?, {', '.join('?' * len(MESSAGE_FIELDS))})",
            [report.owner, *(rec.get(f) for f in MESSAGE_FIELDS)])
        report.messages += cur.rowcount
    elif rec.get("kind") == "memory":
        check_memory(rec)
        assert report.owner is not None  # set from the header before any record
        mid = _insert_memory(conn, report.owner, rec)
        if mid is None:
            report.skipped_existing += 1
            return
        report.memories += 1
        report.accesses += len(rec.get("accesses") or [])
        if rec.get("merged_into"):
            merges.append((mid, rec["merged_into"]))
    else:
        raise ValueError(f"unknown kind {rec.get('kind')!r}")
