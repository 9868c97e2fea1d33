"""The memory lifecycle: statuses, the allowed transitions, archive and revive.

This module is the only writer of ``memories.status`` (and of the ``archive`` rows that go
with it); every stage that moves a memory in or out of the active set calls it. A memory is
*active* (searchable) or archived with one of the other statuses; its row keeps its text
either way, and the ``archive`` row records the text it had when it left. Migration 0011
adds a CHECK so that no other status can be stored.

Which archived statuses a stage may bring back is its policy (:data:`REVIVED_BY_MENTION`,
:data:`REVIVED_BY_SAVE`); how a memory is brought back is one function, :func:`revive`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Sequence
from enum import StrEnum


class Status(StrEnum):
    """Where a memory is in its life (the value stored in ``memories.status``)."""

    ACTIVE = "active"
    """Searchable."""
    FORGOTTEN = "forgotten"
    """Decayed below the forget threshold (restorable)."""
    MERGED = "merged"
    """Absorbed by a near-duplicate (``merged_into`` names the keeper)."""
    COMPACTED = "compacted"
    """Replaced by a summary (``merged_into`` names it); ``kore restore`` of it undoes it."""
    SUPERSEDED = "superseded"
    """Contradicted by a fact said later (``merged_into`` names that one)."""
    DELETED = "deleted"
    """Deleted by an agent or a user; kept in the archive, never searched."""


ARCHIVED: frozenset[Status] = frozenset(Status) - {Status.ACTIVE}
"""Every status but active: the memory is out of the active set, its row and text kept."""

TRANSITIONS: dict[Status, frozenset[Status]] = {
    Status.ACTIVE: ARCHIVED,
    **{status: frozenset({Status.ACTIVE, Status.DELETED}) - {status} for status in ARCHIVED},
    Status.FORGOTTEN: frozenset({Status.ACTIVE, Status.DELETED, Status.SUPERSEDED}),
}
"""Allowed status changes: an active memory may be archived for any reason; an archived one
may be revived or deleted; a forgotten one may also be superseded (a later statement gave
its slot another value: it was true until then, and a cue must not bring it back as
current)."""

REVIVED_BY_MENTION: frozenset[Status] = frozenset({Status.FORGOTTEN, Status.SUPERSEDED})
"""Archived statuses that extraction revives when a fact is said again (a merged or
compacted memory stays where it is: its keeper or summary holds it)."""

REVIVED_BY_SAVE: frozenset[Status] = frozenset({Status.FORGOTTEN, Status.DELETED})
"""Archived statuses that an agent's save of the same memory revives."""


def allowed_sources(target: Status) -> frozenset[Status]:
    """The statuses from which a memory may move to ``target``."""
    return frozenset(s for s, targets in TRANSITIONS.items() if target in targets)


def _in(statuses: Collection[Status]) -> str:
    return "status IN (" + ", ".join(f"'{s.value}'" for s in sorted(statuses)) + ")"


def archive(conn: sqlite3.Connection, ids: Sequence[int], status: Status | str, at: str,
            run_id: str | None, merged_into: Sequence[int | None] | None = None,
            only_active: bool = False) -> None:
    """Move memories out of the active set as ``status``, recording their text in ``archive``.

    Call inside a transaction. A memory whose current status may not move to ``status``
    (see :data:`TRANSITIONS`) is left untouched; with ``only_active`` so is every memory
    that is no longer active.
    """
    target = Status(status)
    if target not in ARCHIVED:
        raise ValueError(f"cannot archive a memory as {target.value!r}: use revive()")
    sources = {Status.ACTIVE} if only_active else allowed_sources(target)
    guard = " AND " + _in(sources)
    targets = merged_into or [None] * len(ids)
    pairs = list(zip(ids, targets, strict=True))
    conn.executemany(
        "INSERT OR REPLACE INTO archive(memory_id, archived_at, reason, merged_into, content,"
        " decay_score, run_id) SELECT id, ?, ?, ?, content, decay_score, ? FROM memories_scored"
        " WHERE id = ?" + guard, [(at, target.value, tgt, run_id, mid) for mid, tgt in pairs])
    conn.executemany(
        "UPDATE memories SET status = ?, merged_into = ?, updated_at = ? WHERE id = ?" + guard,
        [(target.value, tgt, at, mid) for mid, tgt in pairs])


def archive_selected(conn: sqlite3.Connection, selection: str, status: Status | str, at: str,
                     run_id: str | None) -> None:
    """:func:`archive` in bulk: the active memories whose ids ``selection`` (an SQL
    subquery, e.g. ``SELECT id FROM temp.picked``) returns, in two set-based statements.

    Call inside a transaction.
    """
    target = Status(status)
    if target not in ARCHIVED:
        raise ValueError(f"cannot archive a memory as {target.value!r}: use revive()")
    picked = f"id IN ({selection}) AND status = '{Status.ACTIVE.value}'"
    conn.execute(
        "INSERT OR REPLACE INTO archive(memory_id, archived_at, reason, merged_into, content,"
        " decay_score, run_id) SELECT id, ?, ?, NULL, content, decay_score, ?"
        " FROM memories_scored WHERE " + picked, (at, target.value, run_id))
    conn.execute("UPDATE memories SET status = ?, merged_into = NULL, updated_at = ?"
                 " WHERE " + picked, (target.value, at))


def revive(conn: sqlite3.Connection, ids: Sequence[int], at: str, *,
           only: Collection[Status] = ARCHIVED, accessed_at: str | None = None) -> list[int]:
    """Bring archived memories back to the active set; returns the ids revived.

    Only memories whose status is in ``only`` are revived (an active one is left as it is).
    Each gets status 'active', ``merged_into`` cleared, ``updated_at = at``, a fresh decay
    score (1.0 until the next decay pass) and, with ``accessed_at``, that last access; its
    archive record is dropped (the row kept its text, the archived copy is not used).
    Call inside a transaction.
    """
    wanted = frozenset(Status(s) for s in only) & ARCHIVED
    if not ids or not wanted:
        return []
    revived: list[int] = []
    for mid in ids:
        cur = conn.execute(
            "UPDATE memories SET status = ?, merged_into = NULL, valid_until = NULL,"
            " updated_at = ?, last_accessed_at = coalesce(?, last_accessed_at)"
            " WHERE id = ? AND " + _in(wanted),
            (Status.ACTIVE.value, at, accessed_at, mid))
        if cur.rowcount:
            revived.append(int(mid))
    conn.executemany("DELETE FROM memory_decay WHERE memory_id = ?", [(m,) for m in revived])
    conn.executemany("DELETE FROM archive WHERE memory_id = ?", [(m,) for m in revived])
    return revived


def status_of(conn: sqlite3.Connection, memory_id: int) -> Status | None:
    """The status of a memory, or None if there is no such memory."""
    row = conn.execute("SELECT status FROM memories WHERE id = ?", (memory_id,)).fetchone()
    return None if row is None else Status(row[0])
