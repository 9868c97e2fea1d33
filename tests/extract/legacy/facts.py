"""Extract stage: user messages to candidate memories (facts and episodes), scored, then upserted.

Only user turns are read: what the assistant says is never taken as a fact about the user.
The same fact said again upserts the one memory keyed by (owner, subject, key), merging
provenance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kore_pipeline.ids import memory_key
from kore_pipeline.settings import KoreSettings
from tests.extract.legacy.importance import score_importance
from tests.extract.legacy.language import detect_language, pattern_language
from tests.extract.legacy.patterns import extract_facts, is_informative

DEFAULT_SUBJECT = "user"
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


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut if len(cut) >= limit // 2 else text[:limit]


def subject_of(msg: dict[str, Any]) -> str:
    """Who a message's memories are about: its speaker, else ``user``."""
    return (msg.get("speaker") or DEFAULT_SUBJECT).strip() or DEFAULT_SUBJECT


def memories_from_message(msg: dict[str, Any], settings: KoreSettings) -> list[CandidateMemory]:
    """Facts and (if informative) an episode from one user message; [] for other roles.

    The message's ``language`` (detected at ingest; detected here when missing) is recorded
    on its memories and picks the extraction and importance patterns.
    """
    if msg["role"] != "user":
        return []
    subject = subject_of(msg)
    explicit = msg.get("importance")
    language = msg.get("language") or detect_language(msg["text"])
    lang = pattern_language(language)
    common = {"owner": msg["owner"], "subject": subject, "source_message_ids": [msg["message_id"]],
              "session_id": msg["session_id"], "created_at": msg["ts"],
              "mentioned_at": [msg["ts"]], "importance_explicit": explicit is not None}
    out: list[CandidateMemory] = []
    for fact in extract_facts(msg["text"], lang):
        if not settings.min_fact_chars <= len(fact.fact) <= settings.max_fact_chars:
            continue
        polarity = "not " if fact.polarity == "-" else ""
        content = _cut(fact.content, settings.max_fact_chars)
        out.append(CandidateMemory(
            key=memory_key(fact.category, polarity + fact.fact), type="factual",
            category=fact.category, content=content, language=language or fact.language,
            importance=score_importance(content, fact.category, explicit, lang), **common))
    if is_informative(msg["text"], settings.min_episode_words):
        content = _cut(msg["text"], MAX_EPISODE_CHARS)
        out.append(CandidateMemory(
            key=f"episode:{msg['message_id']}", type="episodic", category="episode",
            content=content, language=language,
            importance=score_importance(content, "episode", explicit, lang), **common))
    return out


