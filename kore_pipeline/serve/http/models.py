"""Request bodies of ``kore api`` (pydantic): every field typed and bounded, unknown fields
refused, so a bad request gets a 422 that names the field and the reason."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from kore_pipeline.serve.memory_api import SQLITE_MAX_INT, control_character

Text = Field(min_length=1, max_length=4000)
Owner = Field(default=None, max_length=200, description="Memory namespace; default: the key's"
              " only owner.")
NowField = Field(default=None, description="ISO 8601 time to act at; default: the clock.")
MemoryType = Literal["factual", "episodic", "summary"]
ROW_ID = {"ge": -SQLITE_MAX_INT, "le": SQLITE_MAX_INT}
"""Bounds of an id or offset in a path or query: SQLite's integers (beyond: 422)."""


def _printable(value: str) -> str:
    bad = control_character(value)
    if bad is not None:
        raise ValueError(f"holds a control character ({bad})")
    return value


Name = Annotated[str, AfterValidator(_printable)]
"""A subject or owner: no control characters (they would reach terminals and logs)."""


class Strict(BaseModel):
    """Refuses unknown fields."""

    model_config = ConfigDict(extra="forbid")


class SearchBody(Strict):
    """POST /v1/search."""

    query: str = Text
    owner: str | None = Owner
    k: int = Field(10, ge=1, le=100)
    mode: Literal["hybrid", "fts", "semantic"] = "hybrid"
    subject: str | None = None
    category: str | None = None
    type: MemoryType | None = None
    session_id: str | None = None
    since: str | None = None
    until: str | None = None
    include_archived: bool = False
    reinforce: bool = Field(True, description="Log the hits as accesses (slows forgetting).")
    explain: bool = Field(False, description="Add why each hit ranked.")
    now: str | None = NowField


class ContextBody(Strict):
    """POST /v1/context."""

    query: str = Text
    owner: str | None = Owner
    max_tokens: int = Field(2000, ge=50, le=32000)
    k: int = Field(30, ge=1, le=100)
    reinforce: bool = True
    now: str | None = NowField


class InjectBody(Strict):
    """POST /v1/inject: an OpenAI-style chat request to add the memory block to."""

    request: dict[str, Any]
    owner: str | None = Owner
    provider: str | None = None
    max_tokens: int = Field(2000, ge=50, le=32000)
    reinforce: bool = True
    now: str | None = NowField


class SaveBody(Strict):
    """POST /v1/memories."""

    content: str = Text
    owner: str | None = Owner
    subject: Name = Field("user", min_length=1, max_length=200)
    category: str = Field("note", min_length=1, max_length=40)
    type: MemoryType = "factual"
    importance: int | None = Field(None, ge=1, le=5)
    expires_at: str | None = None
    session_id: str | None = None
    embed_now: bool = False
    now: str | None = NowField


class BatchBody(Strict):
    """POST /v1/memories/batch: items are checked one by one (a bad one never stops the rest)."""

    items: list[dict[str, Any]] = Field(min_length=1)
    owner: str | None = Owner
    now: str | None = NowField


class UpdateBody(Strict):
    """PATCH /v1/memories/{id}: only the fields given change."""

    content: str | None = Field(None, min_length=1, max_length=4000)
    importance: int | None = Field(None, ge=1, le=5)
    category: str | None = Field(None, min_length=1, max_length=40)
    expires_at: str | None = Field(None, description="ISO time; \"\" clears it.")
    now: str | None = NowField
