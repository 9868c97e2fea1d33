"""Extract stage: user messages to candidate memories (facts and episodes), scored, then upserted.

Only user turns are read: what the assistant says is never taken as a fact about the user.
The same fact said again upserts the one memory keyed by (owner, subject, key), merging
provenance.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from kore_pipeline.extract import importance, patterns, supersede
from kore_pipeline.extract.fold import CandidateFold
from kore_pipeline.extract.importance import explicit_importance, score_importance
from kore_pipeline.extract.inserts import PendingInserts
from kore_pipeline.extract.patterns import extract_facts, is_informative
from kore_pipeline.ids import ASSISTANT_SUBJECT, memory_key, text_hash
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import lifecycle
from kore_pipeline.store.db import page_cache, transaction
from kore_pipeline.text import language as text_language
from kore_pipeline.text import slots
from kore_pipeline.text.language import detect_language, pattern_language
from kore_pipeline.text.plans import plan_slot
from kore_pipeline.text.slots import slot_of

DEFAULT_SUBJECT = "user"
UPSERT_CACHE_KIB = 128 * 1024
"""Page cache of the upsert's transaction (``store.db.page_cache``)."""
MAX_EPISODE_CHARS = 2000


@dataclass
class CandidateMemory:
    """A memory as extracted from one message, before it meets the store."""

    owner: str
    subject: str
    key: str
    type: str
    category: str
    content: str
    language: str | None
    importance: int
    importance_explicit: bool
    source_message_ids: list[str]
    session_id: str
    created_at: str
    mentioned_at: list[str] = field(default_factory=list)
    slot: tuple[str, str] | None = None
    """What it states (:func:`text.slots.slot_of`): a later other value supersedes it."""
    says_change: bool = False
    """Whether its message says something changed ("these days", "now", "switched"), which
    the fact's clause may not hold ("These days I'm learning Mandarin")."""
    rule: str | None = None
    """The extraction rule that found the fact (its ``Fact.trigger``); None for an episode.
    Stored on insert; a later mention by another rule leaves the stored one (and the text it
    found) as it is."""


@dataclass
class UpsertReport:
    """What the upsert did."""

    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    superseded: int = 0
    memory_ids: list[int] = field(default_factory=list)


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut if len(cut) >= limit // 2 else text[:limit]


def subject_of(msg: dict[str, Any]) -> str:
    """Who a message's memories are about: its speaker, else ``user``."""
    return (msg.get("speaker") or DEFAULT_SUBJECT).strip() or DEFAULT_SUBJECT


@dataclass(frozen=True)
class _Draft:
    """What one text yields, whoever said it: a memory but for its message's fields."""

    key: str | None  # None: the episode (keyed by its message)
    type: str
    category: str
    content: str
    language: str | None
    importance: int
    slot: tuple[str, str] | None
    says_change: bool = False
    """With a slot: whether its text says something changed (:func:`slots.states_change`)."""
    rule: str | None = None
    """The rule that found the fact (``Fact.trigger``); None for the episode."""


@lru_cache(maxsize=16384)
def _drafts(text: str, language: str | None, lang: str, min_fact_chars: int,
            max_fact_chars: int, min_episode_words: int) -> tuple[_Draft, ...]:
    """Facts and episode of one text, scored: cached, as turns repeat ("Thanks!", "Yes")."""
    out: list[_Draft] = []
    for fact in extract_facts(text, lang):
        if not min_fact_chars <= len(fact.fact) <= max_fact_chars:
            continue
        polarity = "not " if fact.polarity == "-" else ""
        content = _cut(fact.content, max_fact_chars)
        slot = slots.as_owned(fact.slot or slot_of(patterns.slot_text(content, lang), lang)
                            or patterns.topic_slot(fact))
        if slot is None and fact.category == "decision":  # a plan: what it sets once done
            slot = plan_slot(fact.fact, content, lang)
        out.append(_Draft(memory_key(fact.category, polarity + fact.fact), "factual",
                          fact.category, content, language or fact.language,
                          score_importance(content, fact.category, None, lang), slot,
                          rule=fact.trigger or None))
    if is_informative(text, min_episode_words):
        content = _cut(text, MAX_EPISODE_CHARS)
        out.append(_Draft(None, "episodic", "episode", content, language,
                          score_importance(content, "episode", None, lang),
                          slot_of(content, lang)))
    if any(d.slot is not None for d in out) and slots.states_change(text):
        out = [replace(d, says_change=d.slot is not None) for d in out]
    return tuple(out)


def clear_caches() -> None:
    """Forget every per-text result of extraction (benchmarks time it from cold)."""
    _drafts.cache_clear()
    importance.clear_cache()
    patterns.clear_caches()
    text_language.clear_cache()
    slots.clear_cache()


def memories_from_message(msg: dict[str, Any], settings: KoreSettings) -> list[CandidateMemory]:
    """Facts and (if informative) an episode from one user message; [] for other roles.

    The message's ``language`` (detected at ingest; detected here when missing) is recorded
    on its memories and picks the extraction and importance patterns.
    """
    if msg["role"] == "assistant" and settings.assistant_episodes:
        return _assistant_episode(msg, settings)
    if msg["role"] != "user":
        return []
    subject = subject_of(msg)
    explicit = msg.get("importance")
    given = explicit_importance(explicit)
    language = msg.get("language") or detect_language(msg["text"])
    args = (msg["text"], language, pattern_language(language), settings.min_fact_chars,
            settings.max_fact_chars, settings.min_episode_words)
    try:
        drafts = _drafts(*args)
    except TypeError:  # an unhashable field (a bad record): the same work, uncached
        drafts = _drafts.__wrapped__(*args)
    return [CandidateMemory(
        owner=msg["owner"], subject=subject,
        key=d.key if d.key is not None else f"episode:{msg['message_id']}", type=d.type,
        category=d.category, content=d.content, language=d.language,
        importance=d.importance if given is None else given,
        importance_explicit=explicit is not None, source_message_ids=[msg["message_id"]],
        session_id=msg["session_id"], created_at=msg["ts"], mentioned_at=[msg["ts"]],
        slot=d.slot, says_change=d.says_change, rule=d.rule) for d in drafts]


def _assistant_episode(msg: dict[str, Any], settings: KoreSettings) -> list[CandidateMemory]:
    """What the assistant said, as one episode (no facts: it says nothing of the user)."""
    text = msg["text"]
    if not isinstance(text, str) or not is_informative(text, settings.min_episode_words):
        return []
    language = msg.get("language") or detect_language(text)
    content = _cut(text, MAX_EPISODE_CHARS)
    return [CandidateMemory(
        owner=msg["owner"], subject=ASSISTANT_SUBJECT, key=f"episode:{msg['message_id']}",
        type="episodic", category="episode", content=content, language=language,
        importance=score_importance(content, "episode", None, pattern_language(language)),
        importance_explicit=False, source_message_ids=[msg["message_id"]],
        session_id=msg["session_id"], created_at=msg["ts"], mentioned_at=[msg["ts"]])]


def extract_memories(messages: Iterable[dict[str, Any]],
                     settings: KoreSettings) -> list[CandidateMemory]:
    """Candidate memories from messages, same (owner, subject, key) folded together."""
    folded: dict[tuple[str, str, str], CandidateFold] = {}
    for msg in messages:
        for cand in memories_from_message(msg, settings):
            ident = (cand.owner, cand.subject, cand.key)
            acc = folded.get(ident)
            if acc is None:
                folded[ident] = CandidateFold(cand)
            else:
                acc.add(cand)
    return [acc.result() for acc in folded.values()]


def upsert_memories(conn: sqlite3.Connection, candidates: list[CandidateMemory],
                    now_iso: str,
                    done_messages: Iterable[tuple[str, str, str]] = ()) -> UpsertReport:
    """Insert new memories; merge provenance into existing ones; mark ``done_messages``
    ((owner, conversation_id, message_id) keys) as extracted. One transaction."""
    report = UpsertReport()
    with page_cache(conn, UPSERT_CACHE_KIB), transaction(conn):
        pending = PendingInserts(conn)  # new rows, written many per statement
        for cand in candidates:
            if pending.holds(cand.owner, cand.subject, cand.key):
                pending.flush()
            row = conn.execute(
                "SELECT id, source_message_ids, importance, importance_explicit, created_at,"
                " last_accessed_at, status, merged_into FROM memories"
                " WHERE owner = ? AND subject = ? AND key = ?",
                (cand.owner, cand.subject, cand.key)).fetchone()
            if row is None:
                memory_id = pending.add((
                    cand.owner, cand.subject, cand.key, cand.type, cand.category, cand.content,
                    text_hash(cand.content), cand.language, cand.importance,
                    int(cand.importance_explicit), json.dumps(cand.source_message_ids),
                    cand.session_id, cand.created_at, now_iso,
                    cand.mentioned_at[-1] if len(cand.mentioned_at) > 1 else None,
                    cand.rule, cand.created_at, *(cand.slot or (None, None))))
                report.inserted += 1
                report.memory_ids.append(memory_id)
                report.superseded += supersede.resolve(conn, cand, memory_id, now_iso, pending)
                continue
            known = json.loads(row["source_message_ids"])
            ids = list(dict.fromkeys(known + cand.source_message_ids))
            if ids == known:
                report.unchanged += 1
                continue
            pending.flush()  # before any other write
            # A fact said again: provenance grows and the memory is refreshed (decay restarts).
            last_seen = max([t for t in (row["last_accessed_at"], *cand.mentioned_at) if t])
            importance = row["importance"] if row["importance_explicit"] and not \
                cand.importance_explicit else max(row["importance"], cand.importance)
            conn.execute(
                "UPDATE memories SET source_message_ids = ?, importance = ?, created_at = ?,"
                " last_accessed_at = ?, updated_at = ? WHERE id = ?",
                (json.dumps(ids), importance, min(row["created_at"], cand.created_at),
                 last_seen, now_iso, row["id"]))
            # Said again: a forgotten or superseded fact is current again.
            if lifecycle.revive(conn, [int(row["id"])], now_iso,
                                only=lifecycle.REVIVED_BY_MENTION):  # true again from now on
                conn.execute("UPDATE memories SET valid_from = ? WHERE id = ?",
                             (cand.mentioned_at[-1], row["id"]))
            report.superseded += supersede.resolve(conn, cand, int(row["id"]), now_iso, pending)
            report.updated += 1
            report.memory_ids.append(int(row["id"]))
        pending.flush()
        # Last, in key order: every message row is rewritten, so before the memories it
        # filled the transaction's WAL with the messages' pages, and every later page read
        # searched it; in key order each page is read and written once.
        conn.executemany("UPDATE messages SET extracted = 1 WHERE owner = ? AND"
                         " conversation_id = ? AND message_id = ?", sorted(done_messages))
    return report
