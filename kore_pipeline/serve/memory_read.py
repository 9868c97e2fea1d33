"""Read operations for agents and operators: one memory in full, pages of memories, history.

Every function takes ``owners``: the owners the caller may see (``None``: every owner, for an
admin). A memory of any other owner is reported as absent, never revealed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kore_pipeline.serve.memory_api import SQLITE_MAX_INT, MemoryApiError, MemoryNotFound
from kore_pipeline.timeutil import iso, resolve_now

STATUSES = ("active", "forgotten", "merged", "compacted", "superseded", "deleted")
"""Values of ``memories.status``."""
MAX_PAGE = 500
"""Largest page of :func:`list_memories`."""
_LIST_COLUMNS = ("id", "owner", "subject", "key", "type", "category", "content", "importance",
                 "created_at", "updated_at", "last_accessed_at", "access_count", "decay_score",
                 "status", "merged_into", "expires_at", "rule")


@dataclass
class ListFilters:
    """What a page of memories is narrowed to; every field optional."""

    subject: str | None = None
    category: str | None = None
    type: str | None = None
    status: str | None = "active"
    """One status, or ``None`` for every status (deleted included)."""
    since: datetime | str | None = None
    """Created at or after."""
    until: datetime | str | None = None
    """Created at or before."""
    text: str | None = None
    """Substring of the content (case-insensitive), for browsing; search ranks instead."""


def owner_clause(owners: Sequence[str] | None, column: str = "owner") -> tuple[str, list[Any]]:
    """SQL condition restricting ``column`` to ``owners`` (``None``: no restriction)."""
    if owners is None:
        return "1=1", []
    if not owners:
        return "0=1", []
    return f"{column} IN ({','.join('?' * len(owners))})", list(owners)


def _row_dict(row: sqlite3.Row) -> dict[str, Any]:
    out = {c: row[c] for c in _LIST_COLUMNS}
    out["memory_id"] = out.pop("id")
    out["decay_score"] = round(float(out["decay_score"]), 4)
    return out


def list_memories(conn: sqlite3.Connection, owners: Sequence[str] | None,
                  filters: ListFilters | None = None, limit: int = 50, offset: int = 0,
                  order: str = "newest") -> dict[str, Any]:
    """One page of memories: ``{"items", "total", "limit", "offset", "next_offset"}``.

    ``order``: ``newest`` (created, newest first; the list) or ``oldest`` (the timeline).
    ``next_offset`` is ``None`` on the last page.

    >>> list_memories(conn, ["team-alpha"], ListFilters(category="preference"), limit=10)
    """
    f = filters or ListFilters()
    if not 1 <= limit <= MAX_PAGE:
        raise MemoryApiError(f"limit must be from 1 to {MAX_PAGE}, got {limit}")
    if not 0 <= offset <= SQLITE_MAX_INT:
        raise MemoryApiError(f"offset must be from 0 to {SQLITE_MAX_INT}, got {offset}")
    if order not in ("newest", "oldest"):
        raise MemoryApiError(f"order must be 'newest' or 'oldest', got {order!r}")
    if f.status is not None and f.status not in STATUSES:
        raise MemoryApiError(f"status must be one of {', '.join(STATUSES)}, got {f.status!r}")
    where, params = owner_clause(owners)
    clauses = [where]
    for column, value in (("subject", f.subject), ("category", f.category), ("type", f.type),
                          ("status", f.status)):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if f.since is not None:
        clauses.append("created_at >= ?")
        params.append(iso(resolve_now(f.since)))
    if f.until is not None:
        clauses.append("created_at <= ?")
        params.append(iso(resolve_now(f.until)))
    if f.text:
        clauses.append("instr(lower(content), lower(?)) > 0")
        params.append(f.text)
    cond = " AND ".join(clauses)
    direction = "DESC" if order == "newest" else "ASC"
    conn.execute("BEGIN")  # total and page from one snapshot
    try:
        total = int(conn.execute(f"SELECT count(*) FROM memories_scored WHERE {cond}",
                                 params).fetchone()[0])
        rows = conn.execute(
            f"SELECT {', '.join(_LIST_COLUMNS)} FROM memories_scored WHERE {cond}"
            f" ORDER BY created_at {direction}, id {direction} LIMIT ? OFFSET ?",
            [*params, limit, offset]).fetchall()
    finally:
        conn.execute("COMMIT")
    nxt = offset + len(rows)
    return {"items": [_row_dict(r) for r in rows], "total": total, "limit": limit,
            "offset": offset, "next_offset": nxt if nxt < total else None}


def memory_owner(conn: sqlite3.Connection, memory_id: int,
                 owners: Sequence[str] | None) -> str:
    """The owner of ``memory_id`` if the caller may see it; else :class:`MemoryNotFound`."""
    if isinstance(memory_id, bool) or not isinstance(memory_id, int):
        raise MemoryApiError(f"memory_id must be an integer, got {memory_id!r}")
    where, params = owner_clause(owners)
    row = None if abs(memory_id) > SQLITE_MAX_INT else conn.execute(  # no such id in SQLite
        f"SELECT owner FROM memories WHERE id = ? AND {where}", [memory_id, *params]).fetchone()
    if row is None:
        who = f"owner {owners[0]!r} has" if owners is not None and len(owners) == 1 else "there is"
        raise MemoryNotFound(f"{who} no memory with id {memory_id}")
    return str(row[0])


def get_memory(conn: sqlite3.Connection, memory_id: int,
               owners: Sequence[str] | None) -> dict[str, Any]:
    """One memory in full: its fields, provenance (source messages with text and time), the
    archive record and history (merges, supersessions, API events), newest event last."""
    owner = memory_owner(conn, memory_id, owners)
    row = conn.execute("SELECT * FROM memories_scored WHERE id = ?", (memory_id,)).fetchone()
    out = _row_dict(row)
    out["language"] = row["language"]
    out["session_id"] = row["session_id"]
    out["importance_explicit"] = bool(row["importance_explicit"])
    out["embedded"] = row["embedded_hash"] == row["content_hash"]
    out["slot"], out["slot_value"] = row["slot"], row["slot_value"]  # what it states
    out["valid_until"] = row["valid_until"]
    sources = json.loads(row["source_message_ids"])
    out["source_message_ids"] = sources
    out["sources"] = source_messages(conn, owner, sources)
    archive = conn.execute("SELECT archived_at, reason, merged_into, content FROM archive"
                           " WHERE memory_id = ?", (memory_id,)).fetchone()
    out["archive"] = dict(archive) if archive else None
    out["history"] = history(conn, memory_id, owner)
    return out


def source_messages(conn: sqlite3.Connection, owner: str,
                    ids: list[str]) -> list[dict[str, Any]]:
    """The owner's messages behind a memory (agent saves have none: tagged ``agent``)."""
    out: list[dict[str, Any]] = []
    for mid in ids:
        if mid.startswith("agent:"):
            out.append({"message_id": mid, "kind": "agent", "text": None, "ts": None})
            continue
        rows = conn.execute("SELECT message_id, conversation_id, ts, role, speaker, text,"
                            " source_file, source_line FROM messages"
                            " WHERE owner = ? AND message_id = ? ORDER BY ts",
                            (owner, mid)).fetchall()
        out.extend({"kind": "message", **dict(r)} for r in rows)
        if not rows:
            out.append({"message_id": mid, "kind": "missing", "text": None, "ts": None})
    return out


def history(conn: sqlite3.Connection, memory_id: int, owner: str) -> list[dict[str, Any]]:
    """What happened to a memory, oldest first: created, absorbed others (merges and
    supersessions), left the active set (archive), and what the API did (events)."""
    events: list[dict[str, Any]] = []
    created = conn.execute("SELECT created_at FROM memories WHERE id = ?",
                           (memory_id,)).fetchone()
    events.append({"at": created[0], "action": "created", "detail": {}})
    for r in conn.execute("SELECT a.memory_id, a.archived_at, a.reason, a.content FROM archive"
                          " AS a JOIN memories AS m ON m.id = a.memory_id WHERE"
                          " a.merged_into = ? AND m.owner = ? ORDER BY a.archived_at",
                          (memory_id, owner)):
        action = "absorbed" if r["reason"] in ("merged", "compacted") else r["reason"] + "_other"
        events.append({"at": r["archived_at"], "action": action,
                       "detail": {"memory_id": r["memory_id"], "reason": r["reason"],
                                  "content": r["content"]}})
    logged = [{"at": r["at"], "action": r["action"], "detail": json.loads(r["detail"] or "{}")}
              for r in conn.execute("SELECT at, action, detail FROM memory_events WHERE"
                                    " memory_id = ? AND owner = ? ORDER BY at, id",
                                    (memory_id, owner))]
    arch = conn.execute("SELECT archived_at, reason, merged_into FROM archive"
                        " WHERE memory_id = ?", (memory_id,)).fetchone()
    # A delete through the API writes the archive row and an event of the same act, at the
    # same time: the event (it says the previous status) stands for both. The archive row
    # alone tells what a pipeline stage did (forgotten, merged, superseded, compacted).
    if arch is not None and not any(e["action"] == arch["reason"] and e["at"] ==
                                    arch["archived_at"] for e in logged):
        events.append({"at": arch["archived_at"], "action": arch["reason"],
                       "detail": {"merged_into": arch["merged_into"]}})
    events.extend(logged)
    events.sort(key=lambda e: e["at"] or "")
    return events
