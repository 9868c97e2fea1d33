"""The ids a search may return, cached per filter between queries.

The vector stream scores only the memories that pass the search filter (one owner, active,
not expired, ...). At a million memories reading one owner's ~20,000 ids costs 10-30 ms per
query, so :class:`AllowedIds` keeps the ``now``-independent part of that set (owner, status,
subject, type, time range) per filter and applies expiry and retention, which depend on the
query's ``now``, to the cached arrays. An entry is valid while the store is unchanged: SQLite's
``PRAGMA data_version`` (commits by other connections) and this connection's
``total_changes`` (its own writes, except the access log the searcher itself appends).
"""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import numpy as np

from kore_pipeline.timeutil import iso

if TYPE_CHECKING:
    from kore_pipeline.serve.filters import SearchFilters

MAX_ENTRIES = 64
"""Filters remembered (least recently used dropped first)."""


@dataclass
class _Entry:
    version: tuple[int, int]
    ids: np.ndarray
    """Ids passing the stable filter, ascending."""
    expiring: np.ndarray
    """Positions in ``ids`` of memories with an expiry time."""
    expires: list[str]
    """Their ``expires_at``, aligned with ``expiring``."""
    created: np.ndarray | None
    """``created_at`` aligned with ``ids`` (read only when a retention window applies)."""


class AllowedIds:
    """A per-connection cache of the ids each search filter allows."""

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: OrderedDict[tuple, _Entry] = OrderedDict()
        self.max_entries = max_entries
        self.own_changes = 0
        """Changes this connection made that cannot alter a filter (the access log)."""

    def version(self, conn: sqlite3.Connection) -> tuple[int, int]:
        """The store's change stamp; read it BEFORE opening the read snapshot."""
        dv = int(conn.execute("PRAGMA data_version").fetchone()[0])
        return dv, conn.total_changes - self.own_changes

    def ids(self, conn: sqlite3.Connection, filters: SearchFilters, owner: str, now: datetime,
            retention_days: int | None, version: tuple[int, int]) -> np.ndarray:
        """Ascending ids of ``owner``'s memories that ``filters`` allow at ``now``."""
        sql, params = filters.stable_where(owner)
        key = (sql, tuple(params), retention_days is not None)
        entry = self._entries.get(key)
        if entry is None or entry.version != version:
            entry = self._load(conn, sql, params, retention_days is not None, version)
            self._entries[key] = entry
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        self._entries.move_to_end(key)
        keep = np.ones(len(entry.ids), dtype=bool)
        if len(entry.expiring):
            cut = iso(now)
            keep[entry.expiring] = [e > cut for e in entry.expires]
        if retention_days is not None and entry.created is not None:
            keep &= entry.created >= iso(now - timedelta(days=retention_days))
        return entry.ids if keep.all() else entry.ids[keep]

    @staticmethod
    def _load(conn: sqlite3.Connection, sql: str, params: list, with_created: bool,
              version: tuple[int, int]) -> _Entry:
        cur = conn.cursor()
        cur.row_factory = None
        cols = "m.id, m.expires_at" + (", m.created_at" if with_created else "")
        # No ORDER BY: it would make SQLite walk the id-ordered index and read every row for
        # its expiry; the covering (owner, status, expires_at) index answers unordered.
        rows = cur.execute(f"SELECT {cols} FROM memories AS m WHERE {sql}", params).fetchall()
        rows.sort(key=lambda r: r[0])
        ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        expiring = [i for i, r in enumerate(rows) if r[1] is not None]
        created = np.array([str(r[2]) for r in rows], dtype=str) if with_created else None
        return _Entry(version=version, ids=ids, expiring=np.asarray(expiring, dtype=np.int64),
                      expires=[str(rows[i][1]) for i in expiring], created=created)
