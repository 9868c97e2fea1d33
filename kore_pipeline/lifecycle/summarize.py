"""Compaction: an owner's old memories about one subject become one derived summary, losslessly.

No LLM and no rewording: the summary is made of the members' own sentences, the most
important first (memory importance, then decay at ``now``, then recency), near-identical
sentences said once (case, whitespace, apostrophe style and terminal punctuation ignored),
within a token budget (:func:`kore_pipeline.text.tokens.estimate_tokens`).

Nothing is lost: the members are archived with reason ``compacted`` and ``merged_into`` =
the summary's id; their text stays in ``memories`` and in ``archive``, and
:func:`restore_compaction` brings them back.

Which memories: active, non-summary, no ``expires_at`` (ephemeral memories leave on their
own), whose ``created_at`` and latest access (``last_accessed_at`` and any access still
pending in ``access_log``) are both older than ``now - older_than_days``; grouped by
(owner, subject); groups of two or more become one plan each.

The summary row (type/category ``summary``, key ``summary:<hash of member ids>``) is
inserted with plain SQL: the FTS5 triggers index it at once, and the next index sync embeds
it (its ``embedded_hash`` is NULL). Its fields: ``source_message_ids`` = union of the
members' (oldest member first), ``importance`` = max, ``created_at`` = min,
``last_accessed_at`` = the most recent activity of any member (its last access, else its
creation) and ``access_count`` = max, so a summary never decays faster than its freshest
member; ``language``/``session_id`` are kept when all members agree, else NULL.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

import polars as pl

from kore_pipeline.ids import digest, text_hash
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store
from kore_pipeline.store import lifecycle
from kore_pipeline.store.lifecycle import Status
from kore_pipeline.text.normalize import TERMINAL, contains_words, sentence_key, split_sentences
from kore_pipeline.text.tokens import estimate_tokens
from kore_pipeline.timeutil import iso, parse_ts

SUMMARY_RESTORED_REASON = Status.DELETED
"""Archive reason of a summary undone by :func:`restore_compaction`: 'deleted' keeps its row
and text (in ``memories`` and ``archive``) but hides it from every search, include_archived
ones too, since its originals are active again."""



class CompactionError(RuntimeError):
    """A plan no longer matches the store, or a memory is not a compaction summary."""


@dataclass
class CompactionPlan:
    """One (owner, subject) group to fold into a summary."""

    owner: str
    subject: str
    memory_ids: list[int]
    tokens_before: int
    tokens_after: int
    summary: str

    @property
    def key(self) -> str:
        """Key of the summary memory: ``summary:<hash of the sorted member ids>``."""
        return summary_key(self.memory_ids)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {**asdict(self), "key": self.key, "tokens_saved":
                self.tokens_before - self.tokens_after}


def summary_key(memory_ids: list[int]) -> str:
    """``summary:`` + 16 hex digits of SHA-256 over the sorted member ids."""
    return "summary:" + digest(*(str(i) for i in sorted(memory_ids)), length=16)


# --------------------------------------------------------------------------- sentences


def _terminated(sentence: str) -> str:
    return sentence if sentence.endswith(tuple(TERMINAL)) else sentence + "."


def _cut_to_tokens(sentence: str, budget: int) -> str:
    """The longest word-boundary prefix of ``sentence`` + "…" within ``budget`` tokens."""
    words = sentence.split(" ")
    lo, hi = 0, len(words)
    while lo < hi:  # largest n with estimate(words[:n] + "…") <= budget
        mid = (lo + hi + 1) // 2
        if estimate_tokens(" ".join(words[:mid]) + "…") <= budget:
            lo = mid
        else:
            hi = mid - 1
    if lo > 0:
        return " ".join(words[:lo]) + "…"
    chars = sentence
    while chars and estimate_tokens(chars + "…") > budget:
        chars = chars[: max(0, len(chars) - max(1, len(chars) // 8))]
    return chars + "…" if chars else ""


def build_summary(members: list[dict[str, Any]], max_tokens: int) -> str:
    """Summary text from ranked member rows (each with ``content``), within ``max_tokens``.

    Sentences are visited member by member in rank order, each member's in its own order;
    a sentence already said (same comparison form, or contained on word boundaries in a
    kept one) is skipped, and one that does not fit the budget is skipped while later,
    shorter ones may still fit. Kept sentences are written in visiting order with their
    original wording (a missing full stop is added). If not even the first sentence fits,
    it is cut at a word boundary with "…".
    """
    kept: list[str] = []
    keys: list[str] = []
    first: str | None = None
    for member in members:
        for sentence in split_sentences(member["content"]):
            key = sentence_key(sentence)
            if not key or key in keys or any(contains_words(k, key) for k in keys):
                continue
            first = first or sentence
            candidate = " ".join([*kept, _terminated(sentence)])
            if estimate_tokens(candidate) > max_tokens:
                continue
            kept.append(_terminated(sentence))
            keys.append(key)
    if not kept and first is not None and max_tokens > 0:
        return _cut_to_tokens(first, max_tokens)
    return " ".join(kept)


# --------------------------------------------------------------------------- planning


def _candidates(conn: sqlite3.Connection, settings: KoreSettings, now: datetime,
                cutoff: datetime, owner: str | None) -> pl.DataFrame | None:
    where = ("status = 'active' AND type != 'summary' AND category != 'summary'"
             " AND expires_at IS NULL")
    params: tuple[Any, ...] = ()
    if owner is not None:
        where += " AND owner = ?"
        params = (owner,)
    rows = [dict(r) for r in conn.execute(
        f"SELECT {', '.join(store.MEMORY_COLUMNS)} FROM memories_scored WHERE {where}"
        " ORDER BY id",
        params)]
    if not rows:
        return None
    pending = {int(r[0]): r[1] for r in conn.execute(
        "SELECT memory_id, max(accessed_at) FROM access_log WHERE applied = 0"
        " GROUP BY memory_id")}
    old = []
    for r in rows:
        times = [parse_ts(t) for t in (r["created_at"], r["last_accessed_at"],
                                       pending.get(r["id"])) if t]
        if all(t < cutoff for t in times):
            old.append({**r, "_recent": max(times)})
    if len(old) < 2:
        return None
    from kore_pipeline.lifecycle.decay import decay_frame

    frame = pl.DataFrame(old, infer_schema_length=None).drop("decay_score")
    return decay_frame(frame, now, settings)


def _rank(members: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Importance desc, then decay at ``now`` desc, then most recent activity, then id."""
    by_id = sorted(members, key=lambda m: m["id"])
    by_recent = sorted(by_id, key=lambda m: m["_recent"], reverse=True)
    return sorted(by_recent, key=lambda m: (-int(m["importance"]), -float(m["decay_score"])))


def plan_compaction(conn: sqlite3.Connection, settings: KoreSettings, now: datetime | str,
                    older_than_days: int, owner: str | None = None,
                    max_summary_tokens: int = 300) -> list[CompactionPlan]:
    """Plans for every (owner, subject) with two or more compactable memories; reads only.

    Sorted by owner, then subject. ``tokens_before`` is the sum of the members' estimated
    tokens, ``tokens_after`` the summary's.
    """
    clock = parse_ts(now)
    if older_than_days < 0:
        raise ValueError("older_than_days must be >= 0")
    frame = _candidates(conn, settings, clock, clock - timedelta(days=older_than_days), owner)
    if frame is None:
        return []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in frame.iter_rows(named=True):
        groups.setdefault((row["owner"], row["subject"]), []).append(row)
    plans = []
    for (grp_owner, subject), members in sorted(groups.items()):
        if len(members) < 2:
            continue
        summary = build_summary(_rank(members), max_summary_tokens)
        if not summary:
            continue
        plans.append(CompactionPlan(
            owner=grp_owner, subject=subject, memory_ids=sorted(int(m["id"]) for m in members),
            tokens_before=sum(estimate_tokens(m["content"]) for m in members),
            tokens_after=estimate_tokens(summary), summary=summary))
    return plans


# --------------------------------------------------------------------------- applying


def _summary_row(plan: CompactionPlan, members: list[sqlite3.Row], settings: KoreSettings,
                 now: datetime) -> dict[str, Any]:
    from kore_pipeline.lifecycle.decay import decay_frame

    ordered = sorted(members, key=lambda m: (parse_ts(m["created_at"]), m["id"]))
    sources = list(dict.fromkeys(s for m in ordered
                                 for s in store.decode_ids(m["source_message_ids"])))
    recent = max((m["last_accessed_at"] or m["created_at"] for m in members), key=parse_ts)
    languages = {m["language"] for m in members}
    sessions = {m["session_id"] for m in members}
    row = {
        "owner": plan.owner, "subject": plan.subject, "key": plan.key, "type": "summary",
        "category": "summary", "content": plan.summary, "content_hash": text_hash(plan.summary),
        "language": languages.pop() if len(languages) == 1 else None,
        "importance": max(int(m["importance"]) for m in members),
        "importance_explicit": int(any(m["importance_explicit"] for m in members)),
        "source_message_ids": json.dumps(sources, ensure_ascii=False),
        "session_id": sessions.pop() if len(sessions) == 1 else None,
        "created_at": ordered[0]["created_at"], "updated_at": iso(now),
        "last_accessed_at": recent,
        "access_count": max(int(m["access_count"]) for m in members),
    }
    frame = decay_frame(pl.DataFrame([{k: row[k] for k in (
        "importance", "created_at", "last_accessed_at", "access_count")}],
        infer_schema_length=None), now, settings)
    row["decay_score"] = float(frame["decay_score"][0])
    return row


_UPSERT = (
    "INSERT INTO memories(owner, subject, key, type, category, content, content_hash, language,"
    " importance, importance_explicit, source_message_ids, session_id, created_at, updated_at,"
    " last_accessed_at, access_count, status, merged_into, expires_at,"
    " embedded_hash) VALUES (:owner, :subject, :key, :type, :category, :content,"
    " :content_hash, :language, :importance, :importance_explicit, :source_message_ids,"
    " :session_id, :created_at, :updated_at, :last_accessed_at, :access_count,"
    " 'active', NULL, NULL, NULL)"
    " ON CONFLICT(owner, subject, key) DO UPDATE SET type = excluded.type,"
    " category = excluded.category, content = excluded.content,"
    " content_hash = excluded.content_hash, language = excluded.language,"
    " importance = excluded.importance, importance_explicit = excluded.importance_explicit,"
    " source_message_ids = excluded.source_message_ids, session_id = excluded.session_id,"
    " created_at = excluded.created_at, updated_at = excluded.updated_at,"
    " last_accessed_at = excluded.last_accessed_at, access_count = excluded.access_count,"
    " expires_at = NULL"
    " RETURNING id"
)


def apply_compaction(conn: sqlite3.Connection, settings: KoreSettings,
                     plans: list[CompactionPlan], now: datetime | str,
                     run_id: str | None = None) -> list[int]:
    """Write each plan's summary and archive its members; returns summary ids in plan order.

    One transaction for all plans: if any plan's members are no longer all active memories
    of its owner and subject (the store changed since planning), nothing is written and
    :class:`CompactionError` is raised. A summary whose key already exists (the same members
    compacted before, then restored) is reactivated with the new text rather than duplicated.
    """
    clock = parse_ts(now)
    at = iso(clock)
    created: list[int] = []
    if not plans:
        return created
    with store.transaction(conn):
        for plan in plans:
            marks = ",".join("?" * len(plan.memory_ids))
            members = conn.execute(
                f"SELECT * FROM memories WHERE id IN ({marks}) AND owner = ? AND subject = ?"
                " AND status = 'active' AND type != 'summary'",
                [*plan.memory_ids, plan.owner, plan.subject]).fetchall()
            if len(members) != len(set(plan.memory_ids)) or len(members) < 2:
                raise CompactionError(
                    f"plan for {plan.owner}/{plan.subject} is stale: its memories changed")
            row = _summary_row(plan, members, settings, clock)
            summary_id = int(conn.execute(_UPSERT, row).fetchone()[0])
            lifecycle.revive(conn, [summary_id], at)  # the same members compacted before
            store.set_decay_scores(conn, [(summary_id, row["decay_score"])])
            lifecycle.archive(conn, plan.memory_ids, Status.COMPACTED, at, run_id,
                              merged_into=[summary_id] * len(plan.memory_ids))
            created.append(summary_id)
    return created


def compacted_members(conn: sqlite3.Connection, summary_id: int) -> list[int]:
    """Ids of the memories currently archived as compacted into ``summary_id``."""
    return [int(r[0]) for r in conn.execute(
        "SELECT id FROM memories WHERE merged_into = ? AND status = 'compacted' ORDER BY id",
        (summary_id,))]


def restore_compaction(conn: sqlite3.Connection, summary_id: int,
                       now: datetime | str) -> int:
    """Bring a summary's originals back to the active set and archive the summary.

    Each original is restored with ``store.restore_memory`` (its own transaction; its text
    was never changed). The summary is then archived with reason ``'deleted'``
    (:data:`SUMMARY_RESTORED_REASON`). Re-running after an interruption finishes the job.
    Returns the number of memories restored; raises :class:`CompactionError` when
    ``summary_id`` is not a summary memory.
    """
    at = iso(parse_ts(now))
    row = conn.execute("SELECT type, status FROM memories WHERE id = ?",
                       (summary_id,)).fetchone()
    if row is None or row["type"] != "summary":
        raise CompactionError(f"memory {summary_id} is not a compaction summary")
    restored = sum(1 for mid in compacted_members(conn, summary_id)
                   if store.restore_memory(conn, mid, at))
    if row["status"] == Status.ACTIVE:
        with store.transaction(conn):
            lifecycle.archive(conn, [summary_id], SUMMARY_RESTORED_REASON, at, None)
    return restored
