"""Write and inspect operations on the store, for agents: save, delete, per-owner stats.

Plain functions over a sqlite3 connection (from :func:`store.connect`), the settings and an
explicit clock, so they are testable without any server; ``kore mcp`` wraps them as tools.

The owner is the namespace: every function acts within exactly one owner and never reads,
changes or reveals another owner's memories (an id of another owner is reported as absent).

**Saved memories.** A memory saved by an agent is keyed like an extracted one,
``ids.memory_key(category, content)``, within (owner, subject), so saving the same fact twice
updates one memory. It is searchable by keyword at once (the FTS5 triggers index it on
INSERT) and gets its vector at the next index stage (``indexing.sync_index`` embeds rows
whose ``embedded_hash`` differs from ``content_hash``), or at once with ``embed_now``.
Its provenance (``source_message_ids``, a JSON array) is one ``agent:<id>`` tag per distinct
save, where ``<id>`` is a hash of (owner, subject, key, time of the save); ``agent:`` is never
the prefix of a message id, so a reader can tell agent-saved memories from extracted ones.

**Deleting** archives with reason ``deleted``: the row and the archive row (with the text)
stay, and search never returns a deleted memory, even with ``include_archived``.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from kore_pipeline.extract.importance import score_importance
from kore_pipeline.ids import digest, memory_key, text_hash
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import lifecycle
from kore_pipeline.store.db import get_meta, inserted_id, transaction
from kore_pipeline.store.lifecycle import Status
from kore_pipeline.text.language import detect_language
from kore_pipeline.timeutil import iso, resolve_now

MEMORY_TYPES = ("factual", "episodic", "summary")
"""Values of ``memories.type``."""
MAX_CONTENT_CHARS = 4000
"""Longest text an agent can save (longer text is refused, never silently cut)."""
MAX_NAME_CHARS = 200
"""Longest owner or subject name."""
SQLITE_MAX_INT = 2**63 - 1
"""Largest integer SQLite stores; an id, offset or count beyond it names nothing."""
AGENT_SOURCE_PREFIX = "agent:"
"""Prefix of the provenance tag of an agent-saved memory."""
CATEGORY_PATTERN = re.compile(r"^[^\W\d_][\w-]{0,39}$", re.UNICODE)
_REVIVABLE = lifecycle.REVIVED_BY_SAVE
"""Archived states that an explicit save brings back (merged/compacted facts live on in
the memory that absorbed them)."""


class MemoryApiError(ValueError):
    """A request the store refuses; the message is meant for the caller (an agent or a user)."""


class MemoryNotFound(MemoryApiError):
    """No memory with that id within the given owner."""


@dataclass
class SaveResult:
    """What :func:`save_memory` did."""

    memory_id: int
    importance: int
    key: str
    action: str
    """``inserted`` (new memory), ``updated`` (same owner, subject and key) or ``unchanged``."""
    status: str
    """Status after the save: ``active``, or ``merged``/``compacted`` if the fact was absorbed."""
    embedded: bool = False
    """True if the vector index already holds this text (``embed_now`` or an earlier run)."""
    merged_into: int | None = None
    """For a fact absorbed by compression: the memory that holds it now."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def control_character(text: str) -> str | None:
    """The first control, format or line-separator character of ``text`` (the zero-width
    joiner of emoji sequences excepted), as ``U+XXXX``; None if there is none."""
    if text.isprintable():
        return None
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
                and c != "\u200d"), None)
    return None if bad is None else f"U+{ord(bad):04X}"


def checked_name(value: str | None, what: str) -> str:
    """An owner or subject: a non-empty string, bounded, free of control characters (they
    would reach terminals and logs as they are)."""
    if value is not None and not isinstance(value, str):
        raise MemoryApiError(f"{what} must be a string, got {type(value).__name__}")
    text = (value or "").strip()
    if not text:
        raise MemoryApiError(f"{what} must be a non-empty string")
    if len(text) > MAX_NAME_CHARS:
        raise MemoryApiError(f"{what} is longer than {MAX_NAME_CHARS} characters")
    bad = control_character(text)
    if bad is not None:
        raise MemoryApiError(f"{what} holds a control character ({bad})")
    return text


def checked_importance(value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise MemoryApiError(f"importance must be an integer from 1 to 5, got {value!r}")
    return value


def save_memory(conn: sqlite3.Connection, settings: KoreSettings, content: str, owner: str,
                subject: str = "user", category: str = "note", type: str = "factual",
                importance: int | None = None, now: datetime | str | None = None,
                session_id: str | None = None,
                expires_at: datetime | str | None = None) -> SaveResult:
    """Store (or refresh) one memory of ``owner``; returns its id, importance and key.

    ``expires_at`` (ISO time) makes search stop returning the memory after that time
    ("the meeting is moved to Friday" is worth little next month); the row stays.

    ``importance`` (1..5) is kept as explicit; without it the text is scored by
    :func:`importance.score_importance`. Saving text whose key already exists for the
    owner and subject refreshes that memory: the newer wording replaces the text, the
    provenance grows, decay restarts, the importance becomes the explicit one if given
    (else an earlier explicit one stays, else the higher score wins), and a forgotten or
    deleted memory becomes active again (an explicit save is a newer intent than the
    deletion). A memory absorbed by compression is left as it is (``unchanged``, with
    ``merged_into``): the fact lives on in the memory it was merged into.
    """
    owner = checked_name(owner, "owner")
    subject = checked_name(subject, "subject")
    text = (content or "").strip()
    if not text:
        raise MemoryApiError("content must be a non-empty string")
    if len(text) > MAX_CONTENT_CHARS:
        raise MemoryApiError(f"content is {len(text)} characters; at most {MAX_CONTENT_CHARS}"
                             " can be saved (split it into several memories)")
    category = (category or "").strip().lower()
    if not CATEGORY_PATTERN.match(category):
        raise MemoryApiError(f"category {category!r} must be one word (letters, digits, '_' or"
                             " '-', starting with a letter, at most 40 characters)")
    if type not in MEMORY_TYPES:
        raise MemoryApiError(f"type must be one of {', '.join(MEMORY_TYPES)}, got {type!r}")
    explicit = checked_importance(importance)
    scored = score_importance(text, category, explicit)
    key = memory_key(category, text)
    at = iso(resolve_now(now))
    expires = iso(resolve_now(expires_at)) if expires_at not in (None, "") else None
    tag = AGENT_SOURCE_PREFIX + digest(owner, subject, key, at)
    chash = text_hash(text)
    with transaction(conn):
        row = conn.execute(
            "SELECT id, content, source_message_ids, importance, importance_explicit, status,"
            " merged_into, embedded_hash FROM memories"
            " WHERE owner = ? AND subject = ? AND key = ?",
            (owner, subject, key)).fetchone()
        if row is None:
            cur = conn.execute(
                "INSERT INTO memories(owner, subject, key, type, category, content, content_hash,"
                " language, importance, importance_explicit, source_message_ids, session_id,"
                " created_at, updated_at, expires_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (owner, subject, key, type, category, text, chash, detect_language(text), scored,
                 int(explicit is not None), json.dumps([tag]), session_id, at, at, expires))
            return SaveResult(inserted_id(cur), scored, key, "inserted", "active")
        mid = int(row["id"])
        if row["status"] != Status.ACTIVE and row["status"] not in _REVIVABLE:
            return SaveResult(mid, int(row["importance"]), key, "unchanged", row["status"],
                              merged_into=row["merged_into"])
        known = json.loads(row["source_message_ids"])
        sources = list(dict.fromkeys([*known, tag]))
        if explicit is not None:
            new_importance, new_explicit = explicit, 1
        elif row["importance_explicit"]:
            new_importance, new_explicit = int(row["importance"]), 1
        else:
            new_importance, new_explicit = max(int(row["importance"]), scored), 0
        status = Status.ACTIVE.value
        if (sources == known and text == row["content"] and status == row["status"]
                and (new_importance, new_explicit) == (row["importance"],
                                                       row["importance_explicit"])):
            return SaveResult(mid, new_importance, key, "unchanged", status,
                              embedded=row["embedded_hash"] == chash)
        conn.execute(
            "UPDATE memories SET content = ?, content_hash = ?, importance = ?,"
            " importance_explicit = ?, source_message_ids = ?, last_accessed_at = ?,"
            " updated_at = ?, expires_at = ? WHERE id = ?",
            (text, chash, new_importance, new_explicit, json.dumps(sources), at, at, expires,
             mid))
        lifecycle.revive(conn, [mid], at, only=_REVIVABLE)
    return SaveResult(mid, new_importance, key, "updated", status,
                      embedded=row["embedded_hash"] == chash)


def delete_memory(conn: sqlite3.Connection, memory_id: int, owner: str,
                  now: datetime | str | None = None,
                  run_id: str | None = None) -> dict[str, Any]:
    """Archive memory ``memory_id`` of ``owner`` with reason ``deleted`` (never destroyed).

    The row stays and the archive row keeps its text; search never returns it again.
    Raises :class:`MemoryNotFound` if ``owner`` has no memory with that id (a memory of
    another owner is reported the same way, so ids reveal nothing across owners).
    Deleting an already deleted memory changes nothing.
    """
    owner = checked_name(owner, "owner")
    if isinstance(memory_id, bool) or not isinstance(memory_id, int):
        raise MemoryApiError(f"memory_id must be an integer, got {memory_id!r}")
    if not -2**63 <= memory_id < 2**63:  # SQLite's integer range: no memory has such an id
        raise MemoryNotFound(f"owner {owner!r} has no memory with id {memory_id}")
    at = iso(resolve_now(now))
    with transaction(conn):
        row = conn.execute("SELECT status, merged_into FROM memories WHERE id = ? AND owner = ?",
                           (memory_id, owner)).fetchone()
        if row is None:
            raise MemoryNotFound(f"owner {owner!r} has no memory with id {memory_id}")
        previous = row["status"]
        if previous != Status.DELETED:
            lifecycle.archive(conn, [memory_id], Status.DELETED, at, run_id,
                              merged_into=[row["merged_into"]])
        archived_at = conn.execute("SELECT archived_at FROM archive WHERE memory_id = ?",
                                   (memory_id,)).fetchone()
    return {"memory_id": memory_id, "owner": owner, "status": "deleted",
            "previous_status": previous, "already_deleted": previous == "deleted",
            "archived_at": archived_at[0] if archived_at else at}


def owner_stats(conn: sqlite3.Connection, owner: str) -> dict[str, Any]:
    """Counts for one owner: active memories by category/type/importance, archived by reason,
    memories waiting to be embedded, pending accesses, and the store's embedding signature."""
    owner = checked_name(owner, "owner")

    def grouped(sql: str) -> dict[str, int]:
        return {str(r[0]): int(r[1]) for r in conn.execute(sql, (owner,))}

    def count(sql: str) -> int:
        return int(conn.execute(sql, (owner,)).fetchone()[0])

    return {
        "owner": owner,
        "active": count("SELECT count(*) FROM memories WHERE owner = ? AND status = 'active'"),
        "active_by_category": grouped(
            "SELECT category, count(*) FROM memories WHERE owner = ? AND status = 'active'"
            " GROUP BY 1 ORDER BY 1"),
        "active_by_type": grouped(
            "SELECT type, count(*) FROM memories WHERE owner = ? AND status = 'active'"
            " GROUP BY 1 ORDER BY 1"),
        "active_by_importance": grouped(
            "SELECT importance, count(*) FROM memories WHERE owner = ? AND status = 'active'"
            " GROUP BY 1 ORDER BY 1"),
        "archived_by_reason": grouped(
            "SELECT a.reason, count(*) FROM archive AS a JOIN memories AS m"
            " ON m.id = a.memory_id WHERE m.owner = ? GROUP BY 1 ORDER BY 1"),
        "agent_saved": count(
            "SELECT count(*) FROM memories WHERE owner = ? AND status = 'active'"
            " AND source_message_ids LIKE '%\"" + AGENT_SOURCE_PREFIX + "%'"),
        "not_yet_embedded": count(
            "SELECT count(*) FROM memories WHERE owner = ? AND status = 'active'"
            " AND (embedded_hash IS NULL OR embedded_hash != content_hash)"),
        "messages": count("SELECT count(*) FROM messages WHERE owner = ?"),
        "pending_accesses": count(
            "SELECT count(*) FROM access_log WHERE owner = ? AND applied = 0"),
        "embedding_signature": get_meta(conn, "embedding_signature"),
    }
