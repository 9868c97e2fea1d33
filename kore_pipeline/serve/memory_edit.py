"""Edits by agents and operators: update a memory's fields, restore it, record what was done.

Like :mod:`memory_api`, every function acts within one owner: an id of another owner is
reported as absent (:class:`MemoryNotFound`). Each change is appended to ``memory_events``
(migration 0014), which a memory's history shows beside its merges and supersessions.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from kore_pipeline.ids import text_hash
from kore_pipeline.serve.memory_api import (
    CATEGORY_PATTERN,
    MAX_CONTENT_CHARS,
    MemoryApiError,
    MemoryNotFound,
    checked_importance,
    checked_name,
)
from kore_pipeline.store.db import restore_memory, transaction
from kore_pipeline.timeutil import iso, resolve_now

EDITABLE = ("content", "importance", "category", "expires_at")
"""Fields :func:`update_memory` changes (subject and key identify a memory and stay)."""


def record_event(conn: sqlite3.Connection, memory_id: int, owner: str, at: str, action: str,
                 detail: dict[str, Any] | None = None) -> None:
    """Append one row to ``memory_events`` (call inside the change's transaction)."""
    conn.execute("INSERT INTO memory_events(memory_id, owner, at, action, detail)"
                 " VALUES (?,?,?,?,?)",
                 (memory_id, owner, at, action, json.dumps(detail or {}, ensure_ascii=False)))


def _owned(conn: sqlite3.Connection, memory_id: int, owner: str) -> sqlite3.Row:
    if isinstance(memory_id, bool) or not isinstance(memory_id, int):
        raise MemoryApiError(f"memory_id must be an integer, got {memory_id!r}")
    row = conn.execute("SELECT * FROM memories WHERE id = ? AND owner = ?",
                       (memory_id, owner)).fetchone()
    if row is None:
        raise MemoryNotFound(f"owner {owner!r} has no memory with id {memory_id}")
    return row


def update_memory(conn: sqlite3.Connection, memory_id: int, owner: str,
                  changes: dict[str, Any], now: datetime | str | None = None) -> dict[str, Any]:
    """Change ``content``, ``importance`` (explicit from then on), ``category`` or
    ``expires_at`` (``""`` clears it) of one memory; returns ``{"memory_id", "changed"}``.

    New content is searchable by keyword at once (FTS triggers) and re-embedded by the next
    index stage (its ``content_hash`` changes). Unknown fields are refused.
    """
    owner = checked_name(owner, "owner")
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise MemoryApiError(f"cannot update {', '.join(unknown)}; editable fields: "
                             + ", ".join(EDITABLE))
    sets: dict[str, Any] = {}
    if changes.get("content") is not None:
        text = str(changes["content"]).strip()
        if not text:
            raise MemoryApiError("content must be a non-empty string")
        if len(text) > MAX_CONTENT_CHARS:
            raise MemoryApiError(f"content is {len(text)} characters; at most"
                                 f" {MAX_CONTENT_CHARS}")
        sets.update(content=text, content_hash=text_hash(text))
    if changes.get("importance") is not None:
        sets.update(importance=checked_importance(changes["importance"]), importance_explicit=1)
    if changes.get("category") is not None:
        category = str(changes["category"]).strip().lower()
        if not CATEGORY_PATTERN.match(category):
            raise MemoryApiError(f"category {category!r} must be one word (letters, digits,"
                                 " '_' or '-', starting with a letter, at most 40 characters)")
        sets["category"] = category
    if "expires_at" in changes:
        value = changes["expires_at"]
        sets["expires_at"] = iso(resolve_now(value)) if value not in (None, "") else None
    at = iso(resolve_now(now))
    with transaction(conn):
        row = _owned(conn, memory_id, owner)
        changed = {k: v for k, v in sets.items() if row[k] != v}
        if changed:
            changed["updated_at"] = at
            assignments = ", ".join(f"{k} = ?" for k in changed)
            conn.execute(f"UPDATE memories SET {assignments} WHERE id = ?",
                         [*changed.values(), memory_id])
            record_event(conn, memory_id, owner, at, "updated",
                         {k: {"from": row[k], "to": changed[k]} for k in changed
                          if k not in ("content_hash", "updated_at", "importance_explicit")})
    return {"memory_id": memory_id, "owner": owner,
            "changed": sorted(k for k in changed
                              if k not in ("content_hash", "updated_at", "importance_explicit"))}


def restore_owned(conn: sqlite3.Connection, memory_id: int, owner: str,
                  now: datetime | str | None = None) -> dict[str, Any]:
    """Bring one archived memory of ``owner`` back to the active set.

    A compacted memory is refused (its summary's other originals come back with it:
    ``kore restore-compaction``); an active memory is reported as ``already_active``.
    """
    owner = checked_name(owner, "owner")
    at = iso(resolve_now(now))
    row = _owned(conn, memory_id, owner)
    previous = row["status"]
    if previous == "compacted":
        raise MemoryApiError(f"memory {memory_id} is part of summary {row['merged_into']}:"
                             f" restore the compaction (kore restore-compaction"
                             f" {row['merged_into']})")
    if previous == "active":
        return {"memory_id": memory_id, "status": "active", "previous_status": previous,
                "already_active": True}
    with transaction(conn):
        restore_memory(conn, memory_id, at)
        record_event(conn, memory_id, owner, at, "restored", {"previous_status": previous})
    return {"memory_id": memory_id, "status": "active", "previous_status": previous,
            "already_active": False}
