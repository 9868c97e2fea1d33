"""What an upserted candidate supersedes: its negation, the other values of its slot, the
plans it carries out and what it also ends of other slots.

Each rule archives the memory said earlier as ``superseded``, pointing at the one said later
(:func:`store.validity.supersede`; ``kore restore`` brings it back). Called by
:func:`.facts.upsert_memories` for each candidate once its row is known; ``pending`` holds
the rows queued for insert, flushed when one of them may be the other side.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING

from kore_pipeline.extract.inserts import PendingInserts
from kore_pipeline.store import lifecycle, validity
from kore_pipeline.store.sqlfiles import load_sql
from kore_pipeline.text import slots
from kore_pipeline.text.endings import is_ending
from kore_pipeline.text.plans import PLAN_PREFIX

if TYPE_CHECKING:
    from kore_pipeline.extract.facts import CandidateMemory


def resolve(conn: sqlite3.Connection, cand: CandidateMemory, memory_id: int, now_iso: str,
            pending: PendingInserts) -> int:
    """Everything the candidate (stored as ``memory_id``) supersedes, or that supersedes it:
    its negation (:func:`resolve_contradiction`), then its slot (:func:`resolve_slot`).
    Returns how many memories were superseded."""
    return (resolve_contradiction(conn, cand, memory_id, now_iso, pending)
            + resolve_slot(conn, cand, memory_id, now_iso, pending))


def opposite_key(key: str) -> str:
    """The key of the negated fact: ``preference:tea`` <-> ``preference:not_tea``."""
    category, _, slug = key.partition(":")
    return f"{category}:{slug[4:]}" if slug.startswith("not_") else f"{category}:not_{slug}"


def _said_at(conn: sqlite3.Connection, owner: str, source_ids_json: str) -> str | None:
    """When a memory was last said: the newest of its source messages (None if unknown);
    read from the index ``messages_owner_id`` (owner, message id, time). The ids go in as
    their JSON list, one parameter: a fact said 40,000 times stays under SQLite's limit on
    bound variables."""
    row = conn.execute("SELECT max(ts) FROM messages WHERE owner = ? AND message_id IN"
                       " (SELECT value FROM json_each(?))", (owner, source_ids_json)).fetchone()
    return row[0]


def resolve_contradiction(conn: sqlite3.Connection, cand: CandidateMemory, memory_id: int,
                           now_iso: str, pending: PendingInserts) -> int:
    """Of a fact and its active negation ("I like X" / "I don't like X"), keep the one said
    last; the other is archived as 'superseded' pointing at it. Returns 1 if one was."""
    if cand.type != "factual":
        return 0
    opposite = opposite_key(cand.key)
    if pending.holds(cand.owner, cand.subject, opposite):
        pending.flush()
    other = conn.execute(
        "SELECT id, source_message_ids, created_at FROM memories WHERE owner = ? AND"
        " subject = ? AND key = ? AND status = 'active'",
        (cand.owner, cand.subject, opposite)).fetchone()
    if other is None:
        return 0
    theirs = _said_at(conn, cand.owner, other["source_message_ids"]) \
        or other["created_at"]
    ours = cand.mentioned_at[-1]
    old, new = (int(other["id"]), memory_id) if theirs <= ours else (memory_id, int(other["id"]))
    if old == memory_id:  # archiving reads the row (its text); the other's id is only named
        pending.flush()
    lifecycle.archive(conn, [old], lifecycle.Status.SUPERSEDED, now_iso, None,
                      merged_into=[new])
    return 1


def _close_plans(conn: sqlite3.Connection, cand: CandidateMemory, memory_id: int,
                 now_iso: str, pending: PendingInserts) -> int:
    """A fact that carries out a plan said before it ("we moved to Porto" after "we're going
    to move to Porto") supersedes the plan: it is done, kept as history. Returns how many."""
    if cand.slot is None or cand.slot[0].startswith(PLAN_PREFIX):
        return 0
    slot, value = cand.slot
    if value in pending.slot_values.get((cand.owner, cand.subject, PLAN_PREFIX + slot,
                                         cand.type), set()):
        pending.flush()
    plans = validity.open_plans(conn, cand.owner, cand.subject, slot, value, memory_id)
    ours = cand.mentioned_at[-1]
    done = [int(p["id"]) for p in plans
            if (_said_at(conn, cand.owner, p["source_message_ids"]) or validity.said_at(p)) <= ours]
    return validity.supersede(conn, [(plan, memory_id) for plan in done], now_iso, None)


def resolve_slot(conn: sqlite3.Connection, cand: CandidateMemory, memory_id: int,
                  now_iso: str, pending: PendingInserts) -> int:
    """Plans the candidate carries out (:func:`_close_plans`), then its slot's rivals and
    what it also ends of other slots (:func:`_resolve_rivals`): how many it superseded."""
    if cand.slot is None:
        return 0
    return (_close_plans(conn, cand, memory_id, now_iso, pending)
            + _resolve_rivals(conn, cand, memory_id, now_iso, pending))


def _resolve_rivals(conn: sqlite3.Connection, cand: CandidateMemory, memory_id: int,
                    now_iso: str, pending: PendingInserts) -> int:
    """Of memories giving the candidate's slot different values ("I live in Turin" / "I moved
    to Berlin"), the one said last stays; the others are superseded by it. Returns how many.

    A slot one may hold several values of (``slots.CHANGE_ONLY_SLOTS``: "a Yankees fan", "a
    Knicks fan") is replaced only by a statement that says it changed ("a Mets fan now"), and
    only when one value was known: of two, which one changed is not said, so both stay."""
    if cand.slot is None:
        return 0
    slot, value = cand.slot
    if pending.may_rival(cand.owner, cand.subject, slot, value, cand.type):
        pending.flush()
    rivals = validity.slot_rivals(conn, cand.owner, cand.subject, slot, value, cand.type, memory_id)
    also = _resolve_also_ended(conn, cand, memory_id, now_iso, pending)
    if not rivals:
        return also
    pending.flush()
    ours = cand.mentioned_at[-1]
    last = {int(r["id"]): _said_at(conn, cand.owner, r["source_message_ids"])
            or validity.said_at(r) for r in rivals}
    newest = max(last, key=lambda mid: (last[mid], mid))
    if slot in slots.CHANGE_ONLY_SLOTS and len(rivals) > 1:
        return also
    if last[newest] > ours:  # a later statement already holds the slot: ours is history
        later = next(r for r in rivals if int(r["id"]) == newest)
        if not (slots.supersedes(cand.slot, (slot, str(later["slot_value"])))
                and slots.may_replace(slot, str(later["content"]))):
            return also
        return also + validity.supersede(conn, [(memory_id, newest)], now_iso, None)
    if not (cand.says_change or slots.may_replace(slot, cand.content)):
        return also
    # an ending ("not coffee") replaces only what it ends; a habit only an ending replaces;
    # an ending and a new value said at once agree ("I'm not vegan anymore, I eat meat")
    # two values said in one message are both true ("vivo em lisboa, ali em alvalade"; "ik
    # werk bij philips in eindhoven") unless the message says one changed
    ours_said = set(cand.source_message_ids)
    ended = [int(r["id"]) for r in rivals
             if slots.supersedes((slot, str(r["slot_value"])), cand.slot)
             and not (last[int(r["id"])] == ours
                      and (is_ending(str(r["slot_value"])) or is_ending(value)))
             and (cand.says_change
                  or not ours_said & set(json.loads(r["source_message_ids"] or "[]")))]
    return also + (validity.supersede(conn, [(old, memory_id) for old in ended], now_iso, None)
                   if ended else 0)


def _resolve_also_ended(conn: sqlite3.Connection, cand: CandidateMemory, memory_id: int,
                        now_iso: str, pending: PendingInserts) -> int:
    """Memories of other slots the candidate's statement also ends
    (:func:`slots.also_ends`: "I'm single" ends "my boyfriend is Luke"; :func:`slots.thing_ended`:
    "J'ai arrêté le café" ends "je bois du café"), said before it: superseded by it. Returns
    how many."""
    ended_slots = slots.also_ends(cand.slot) if cand.slot is not None else []
    named = slots.thing_ended(cand.slot) if cand.slot is not None else None
    if not ended_slots and named is None:
        return 0
    pending.flush()
    ours = cand.mentioned_at[-1]
    found = [r for pattern, value in ended_slots
             for r in conn.execute(load_sql("slot_also_ended"), (cand.owner, cand.subject,
                                                                  pattern, value, cand.type,
                                                                  memory_id))]
    if named is not None:  # "J'ai arrêté le café", "sold the Corsa": what names the thing
        thing, patterns = named
        found += [r for pattern in patterns
                  for r in conn.execute(load_sql("slot_named"), (cand.owner, cand.subject,
                                                                  pattern, thing, cand.type,
                                                                  memory_id))]
    old = [int(r["id"]) for r in found
           if (_said_at(conn, cand.owner, r["source_message_ids"]) or validity.said_at(r)) < ours]
    return validity.supersede(conn, [(o, memory_id) for o in dict.fromkeys(old)], now_iso, None) \
        if old else 0
