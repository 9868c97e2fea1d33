"""Which memories compression has already compared, so a day's pass compares only the rest.

A row of ``compress_compared`` (migration 0011) says: this memory, with its current text,
owner, subject, type and status, has been compared with every active memory of its group,
and no similar pair of it was left unmerged by the merge rules. Triggers drop the row when
one of those columns changes, so a new, changed, merged-into, restored or moved memory is
*new* again. The rows are valid for one comparison setup only (embedder, threshold, grouping):
:func:`use_state` forgets them all when that changes, and the next pass is a full one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from kore_pipeline.store import db as store

STATE_META = "compress_compared_for"
"""Meta key holding the comparison setup the ``compress_compared`` rows are valid for."""

STATE_VERSION = "1"
"""Bumped when what a pass compares changes (grouping, pair rules): every row is dropped."""


def state_key(cache_id: str, threshold: float, grouping: Iterable[str], exact_max: int) -> str:
    """The comparison setup: embedder identity, threshold, grouping columns, exact limit."""
    return (f"v{STATE_VERSION}|{cache_id}|threshold={float(threshold)!r}"
            f"|group={','.join(grouping)}|exact_max={exact_max}")


def use_state(conn: sqlite3.Connection, key: str) -> bool:
    """Keep the rows if they were written for ``key``, else drop them all and record ``key``.

    Call inside the pass's transaction. Returns whether the rows were kept (an incremental
    pass is possible).
    """
    if store.get_meta(conn, STATE_META) == key:
        return True
    conn.execute("DELETE FROM compress_compared")
    store.set_meta(conn, STATE_META, key)
    return False


def mark_compared(conn: sqlite3.Connection, ids: Iterable[int]) -> None:
    """Record these memories as compared with their groups (with their current text)."""
    conn.executemany("INSERT OR IGNORE INTO compress_compared(memory_id) VALUES (?)",
                     ((int(i),) for i in ids))


def forget_compared(conn: sqlite3.Connection) -> None:
    """Drop every row: the next compression pass compares every pair again (a full pass)."""
    conn.execute("DELETE FROM compress_compared")
