"""Typed results of the MCP tools: each tool's output schema is generated from these models,
so a client knows the shape of every answer before it calls."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Out(BaseModel):
    """Extra fields (added by later versions) pass through instead of failing the call."""

    model_config = ConfigDict(extra="allow")


class Explain(Out):
    """Why a hit ranked: ranks in each stream (1 = best, None = not a candidate), their RRF
    contributions, decay and importance at the query's time, and the fused score."""

    keyword_rank: int | None = None
    vector_rank: int | None = None
    keyword_rrf: float | None = None
    vector_rrf: float | None = None
    rrf: float | None = None
    decay: float | None = None
    importance: int | None = None
    relevance_weight: float | None = None
    fused_score: float | None = None
    rule: str | None = None
    """The extraction rule that found the memory (None: an episode, a save, a summary)."""


class Hit(Out):
    """One search result: the fields of :class:`~kore_pipeline.serve.hits.SearchHit` (a test
    keeps the two alike)."""

    memory_id: int
    owner: str
    subject: str
    type: str
    category: str
    content: str
    importance: int
    decay_score: float
    score: float
    source_message_ids: list[str]
    created_at: str
    status: str
    fts_rank: int | None = None
    vector_rank: int | None = None
    explain: Explain | None = None
    valid_from: str | None = None
    """When it became true (when it was said)."""
    valid_until: str | None = None
    """When a later statement superseded it (None while current)."""
    superseded_by: int | None = None
    """The memory that superseded it, if it was."""
    rule: str | None = None
    """The extraction rule that found it (``en.profile.employer``); None for an episode, an
    agent's save, a summary, or a memory stored before rules were recorded."""


class Saved(Out):
    """What a save did."""

    memory_id: int
    importance: int
    key: str
    action: str
    status: str
    embedded: bool = False
    merged_into: int | None = None
    index: dict[str, Any] | None = None


class BatchItem(Out):
    """One item of a batch save: ok with the save's fields, or the error."""

    ok: bool
    index: int
    memory_id: int | None = None
    action: str | None = None
    error: str | None = None


class Batch(Out):
    """A batch save."""

    results: list[BatchItem]
    saved: int
    refused: int


class Changed(Out):
    """An update, delete or restore."""

    memory_id: int
    status: str | None = None
    previous_status: str | None = None
    changed: list[str] | None = None


class MemoryRow(Out):
    """A memory as listed."""

    memory_id: int
    owner: str
    subject: str
    key: str
    type: str
    category: str
    content: str
    importance: int
    created_at: str
    updated_at: str
    last_accessed_at: str | None
    access_count: int
    decay_score: float
    status: str
    merged_into: int | None
    expires_at: str | None
    rule: str | None = None
    """The extraction rule that found it; None for an episode, a save, a summary."""


class MemoryFull(MemoryRow):
    """A memory in full, with provenance and history."""

    source_message_ids: list[str]
    sources: list[dict[str, Any]]
    archive: dict[str, Any] | None
    history: list[dict[str, Any]]


class Page(Out):
    """A page of memories; ``next_offset`` is None on the last page."""

    items: list[MemoryRow]
    total: int
    limit: int
    offset: int
    next_offset: int | None


class OwnerStats(Out):
    """Counts of one owner."""

    owner: str
    active: int
    active_by_category: dict[str, int]
    active_by_type: dict[str, int]
    active_by_importance: dict[str, int]
    archived_by_reason: dict[str, int]
    agent_saved: int
    not_yet_embedded: int
    messages: int
    pending_accesses: int
    embedding_signature: str | None
