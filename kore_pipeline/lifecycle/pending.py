"""What compression has still to compare, so a day's pass compares only that with its groups.

A row of ``compress_pending`` (migration 0013) names a memory not yet compared, with its
current text, owner, subject, type and status, with the other active memories of its group:
triggers add every new memory and every memory whose text, group or status changes (a merge
keeper, an upsert, a restore). A pass reads the pending memories, then only their groups
(through the ``(owner, subject, key)`` index), compares the pending members with every member,
and removes the rows it handled. The rows are valid for one comparison setup only (embedder,
threshold, grouping): when :func:`use_state` sees another, the pass compares everything.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from kore_pipeline.store import db as store

STATE_META = "compress_state"
"""Meta key of the comparison setup the last complete pass ran with."""

STATE_VERSION = "1"
"""Bumped when what a pass compares changes (grouping, pair rules): the next pass is full."""


def state_key(cache_id: str, threshold: float, grouping: Iterable[str], exact_max: int,
              fact_guard: bool = True) -> str:
    """The comparison setup: embedder identity, threshold, grouping columns, exact limit and
    whether the fact guard decides merges (pairs it kept apart merge without it)."""
    return (f"v{STATE_VERSION}|{cache_id}|threshold={float(threshold)!r}"
            f"|group={','.join(grouping)}|exact_max={exact_max}|guard={int(fact_guard)}")


def use_state(conn: sqlite3.Connection, key: str) -> bool:
    """Whether the pending rows were kept under ``key`` (an incremental pass is possible);
    records ``key`` either way. Call inside the pass's transaction."""
    if store.get_meta(conn, STATE_META) == key:
        return True
    store.set_meta(conn, STATE_META, key)
    return False


def pending_rows(conn: sqlite3.Connection, owner: str | None) -> list[tuple[Any, ...]]:
    """``(memory_id, owner, subject, type, comparable)`` of the pending memories (``owner``'s
    only if given); ``comparable`` is 0 for a memory gone, archived or a summary."""
    cur = conn.cursor()
    cur.row_factory = None
    sql = ("SELECT p.memory_id, m.owner, m.subject, m.type, coalesce(m.status = 'active'"
           " AND m.type != 'summary' AND m.category != 'summary', 0)"
           " FROM compress_pending AS p LEFT JOIN memories AS m ON m.id = p.memory_id")
    if owner is None:
        return cur.execute(sql).fetchall()
    return cur.execute(sql + " WHERE m.owner = ? OR m.id IS NULL", (owner,)).fetchall()


def group_members(conn: sqlite3.Connection, owner: str, subject: str,
                  mtype: str) -> list[tuple[int, str]]:
    """``(id, content)`` of one group's comparable memories, by id (an index lookup)."""
    cur = conn.cursor()
    cur.row_factory = None
    return cur.execute(
        "SELECT id, content FROM memories WHERE owner = ? AND subject = ? AND type = ?"
        " AND status = 'active' AND category != 'summary' ORDER BY id",
        (owner, subject, mtype)).fetchall()


def done(conn: sqlite3.Connection, handled: Iterable[int], still_pending: Iterable[int],
         everything: bool, owner: str | None) -> None:
    """Remove the handled rows (every row of ``owner``, or all, after a full pass), then keep
    ``still_pending`` (keepers whose text changed in this pass) for the next pass."""
    if everything and owner is None:
        conn.execute("DELETE FROM compress_pending")
    elif everything:
        conn.execute("DELETE FROM compress_pending WHERE memory_id IN (SELECT id FROM memories"
                     " WHERE owner = ?)", (owner,))
    else:
        conn.executemany("DELETE FROM compress_pending WHERE memory_id = ?",
                         ((int(i),) for i in handled))
    conn.executemany("INSERT OR IGNORE INTO compress_pending(memory_id) VALUES (?)",
                     ((int(i),) for i in still_pending))
