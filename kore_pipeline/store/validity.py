"""Validity: when a memory was true, what superseded it, and a slot's versions.

A memory is true from ``valid_from`` (when it was said) until ``valid_until`` (when a later
statement of the same slot with another value was said; NULL while current). Superseding
archives the earlier memory as ``superseded`` with ``merged_into`` pointing at the later one:
``kore restore`` brings it back. A slot is what a statement sets (:mod:`text.slots`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass
from typing import Any

from kore_pipeline.store.db import archive_memories, transaction
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.text.plans import PLAN_PREFIX
from kore_pipeline.text.slots import slot_of


def supersede(conn: sqlite3.Connection, pairs: list[tuple[int, int]], at: str,
              run_id: str | None) -> int:
    """Archive each ``old`` of (old, new) pairs as superseded by ``new`` (inside a transaction).

    ``old`` stops being true when ``new`` was said: its ``valid_until`` is ``new``'s
    ``valid_from`` (else ``at``). Returns how many were archived (active or forgotten ones
    only: a fact forgotten before the change was said is superseded too).
    """
    if not pairs:
        return 0
    olds = [o for o, _ in pairs]
    marks = ",".join("?" * len(olds))
    archived = int(conn.execute(f"SELECT count(*) FROM memories WHERE status IN ('active',"
                                f" 'forgotten') AND id IN ({marks})", olds).fetchone()[0])
    archive_memories(conn, olds, "superseded", at, run_id,
                     merged_into=[n for _, n in pairs])
    conn.executemany(
        "UPDATE memories SET valid_until = coalesce((SELECT coalesce(n.valid_from, n.created_at)"
        " FROM memories AS n WHERE n.id = ?), ?) WHERE id = ? AND status = 'superseded'",
        [(new, at, old) for old, new in pairs])
    return archived


def said_at(row: sqlite3.Row | dict[str, Any]) -> str:
    """When a memory was (last) said: ``valid_from``, else ``created_at``."""
    return str(row["valid_from"] or row["created_at"])


def slot_rivals(conn: sqlite3.Connection, owner: str, subject: str, slot: str, value: str,
                memory_type: str, memory_id: int) -> list[sqlite3.Row]:
    """Active or forgotten memories of the same person and type giving ``slot`` another
    value (a forgotten one is still what the store last knew of that slot)."""
    return conn.execute(
        "SELECT id, valid_from, created_at, source_message_ids, content, slot_value FROM"
        " memories WHERE"
        " owner = ? AND subject = ? AND slot = ? AND slot_value != ? AND type = ? AND"
        " status IN ('active', 'forgotten') AND id != ?",
        (owner, subject, slot, value, memory_type, memory_id)).fetchall()


def open_plans(conn: sqlite3.Connection, owner: str, subject: str, slot: str, value: str,
               memory_id: int) -> list[sqlite3.Row]:
    """The plans of that person the fact ``memory_id`` setting ``slot`` to ``value`` carries
    out: their slot is ``plan:<slot>`` with that value (``sql/open_plans.sql``)."""
    return conn.execute(load_sql("open_plans"),
                        (owner, subject, PLAN_PREFIX + slot, value, memory_id)).fetchall()


def backfill_slots(conn: sqlite3.Connection, chunk: int = 5000) -> int:
    """Fill ``slot``/``slot_value`` of facts and episodes that have none; returns how many."""
    cur = conn.cursor()
    cur.row_factory = None
    rows = cur.execute("SELECT id, content, language FROM memories WHERE slot IS NULL AND"
                       " type IN ('factual', 'episodic')").fetchall()
    found = [(s[0], s[1], mid) for mid, text, lang in rows
             if (s := slot_of(text, lang)) is not None]
    with transaction(conn):
        for start in range(0, len(found), chunk):
            conn.executemany("UPDATE memories SET slot = ?, slot_value = ? WHERE id = ?",
                             found[start : start + chunk])
    return len(found)


@dataclass
class Version:
    """One version of a slot: what was said, when it was true, what replaced it."""

    memory_id: int
    subject: str
    slot: str
    value: str
    content: str
    status: str
    valid_from: str
    valid_until: str | None
    superseded_by: int | None
    rule: str | None = None
    """The extraction rule that found it (None: an agent's save, an older memory)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def slot_history(conn: sqlite3.Connection, owner: str, subject: str | None = None,
                 slot: str | None = None) -> list[Version]:
    """Every version of ``owner``'s slots (of one person, one slot if given), oldest first.

    Deleted memories are left out; merged ones too (their text lives in their keeper). A
    statement that gave both a fact and its episode is one version: the fact's.
    """
    where, params = ["owner = ?", "slot IS NOT NULL",
                     "status IN ('active', 'superseded', 'forgotten')"], [owner]
    if subject is not None:
        where.append("subject = ?")
        params.append(subject)
    if slot is not None:
        where.append("(slot = ? OR slot LIKE ? ESCAPE '\\')")
        params += [slot, slot.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
                   + ":%"]
    rows = conn.execute(
        "SELECT id, subject, slot, slot_value, content, status, coalesce(valid_from, created_at)"
        " AS vf, valid_until, merged_into, rule FROM memories WHERE " + " AND ".join(where)
        + " ORDER BY subject, slot, vf, type = 'episodic', id", params).fetchall()
    seen: set[tuple[str, str, str, str]] = set()
    once = []
    for r in rows:
        version = (r["subject"], r["slot"], r["slot_value"], r["vf"])
        if version not in seen:
            seen.add(version)
            once.append(r)
    return [Version(memory_id=int(r["id"]), subject=r["subject"], slot=r["slot"],
                    value=r["slot_value"], content=r["content"], status=r["status"],
                    valid_from=r["vf"], valid_until=r["valid_until"],
                    superseded_by=r["merged_into"] if r["status"] == "superseded" else None,
                    rule=r["rule"])
            for r in once]
