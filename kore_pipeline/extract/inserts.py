"""New memories of one upsert, written many rows per INSERT statement.

SQLite's FTS5 writes out its pending terms at every statement that changes it (a savepoint
of its own: one small segment, then merges), so one INSERT per memory, with the FTS trigger
of ``memories``, cost about 45 us of index work each: a third of the upsert. The rows wait
here, each with the id SQLite would have given it (the largest id plus one), and go in up to
:data:`CHUNK` rows per statement; the upsert :meth:`PendingInserts.flush` es them before a
read that could see one of them and before any other write, so every query answers as if
each row had been inserted at once.
"""

from __future__ import annotations

import sqlite3
from typing import Any

CHUNK = 256
"""Rows per INSERT statement (x 20 values: well within SQLite's 32,766 variables)."""

MAX_ROWID = 2**63 - 1
"""Past this SQLite picks ids at random: rows are then inserted one by one, as it picks."""

COLUMNS = ("id, owner, subject, key, type, category, content, content_hash, language,"
           " importance, importance_explicit, source_message_ids, session_id, created_at,"
           " updated_at, last_accessed_at, rule, valid_from, slot, slot_value")
_ROW = "(" + ",".join("?" * (COLUMNS.count(",") + 1)) + ")"


class PendingInserts:
    """The memories an upsert has decided to insert but not yet written."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.rows: list[tuple[Any, ...]] = []
        self.keys: set[tuple[str, str, str]] = set()
        self.slot_values: dict[tuple[str, str, str, str], set[str]] = {}
        self.next_id: int | None = None

    def add(self, values: tuple[Any, ...]) -> int:
        """Queue one row (the :data:`COLUMNS` after ``id``); returns its id."""
        if self.next_id is None:
            self.next_id = int(self.conn.execute(
                "SELECT coalesce(max(id), 0) + 1 FROM memories").fetchone()[0])
        if self.next_id > MAX_ROWID:  # the store's ids are exhausted: SQLite picks
            self.flush()
            cur = self.conn.execute(f"INSERT INTO memories({COLUMNS}) VALUES {_ROW}",
                                    (None, *values))
            return int(cur.lastrowid or 0)
        memory_id, self.next_id = self.next_id, self.next_id + 1
        self.rows.append((memory_id, *values))
        owner, subject, key, memory_type = values[0], values[1], values[2], values[3]
        self.keys.add((owner, subject, key))
        slot, slot_value = values[-2], values[-1]
        if slot is not None:
            self.slot_values.setdefault((owner, subject, slot, memory_type),
                                        set()).add(slot_value)
        if len(self.rows) >= CHUNK:
            self.flush()
        return memory_id

    def holds(self, owner: str, subject: str, key: str) -> bool:
        """Whether a queued row has that key (a read of it must flush first)."""
        return (owner, subject, key) in self.keys

    def may_rival(self, owner: str, subject: str, slot: str, value: str,
                  memory_type: str) -> bool:
        """Whether a queued row gives ``slot`` of that person and type another value."""
        values = self.slot_values.get((owner, subject, slot, memory_type), set())
        return bool(values - {value})

    def flush(self) -> None:
        """Write the queued rows, in order (their triggers fire as for single inserts)."""
        for start in range(0, len(self.rows), CHUNK):
            part = self.rows[start : start + CHUNK]
            self.conn.execute(f"INSERT INTO memories({COLUMNS}) VALUES "
                              + ",".join([_ROW] * len(part)),
                              [v for row in part for v in row])
        self.rows.clear()
        self.keys.clear()
        self.slot_values.clear()
        self.next_id = None
