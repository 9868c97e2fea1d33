"""Batch saves (``Memory.save_many``, ``POST /v1/memories/batch``, MCP ``memory_save_batch``):
every item is checked before anything is written, and the whole batch is one transaction.

An item is a dict of :meth:`Memory.save`'s arguments. A malformed one (a field of the wrong
type, an unknown field, control characters in a name) gets ``ok: false`` and an ``error`` that
names the field; so does one the store refuses (an empty text, a category of two words). The
others are saved, together: if the store is busy or the process dies, none of them is, so a
caller never has to guess which part of a batch was kept.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr, ValidationError

from kore_pipeline.serve.memory_api import MemoryApiError, checked_name
from kore_pipeline.store.db import transaction


class BatchItem(BaseModel):
    """One item of a batch save; strict types (``"3"`` is not an importance)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    content: StrictStr
    owner: StrictStr | None = None
    subject: StrictStr = "user"
    category: StrictStr = "note"
    type: StrictStr = "factual"
    importance: StrictInt | None = None
    expires_at: StrictStr | datetime | None = None
    session_id: StrictStr | None = None
    now: StrictStr | datetime | None = None
    embed_now: StrictBool = False


def _why(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        field = ".".join(str(x) for x in err["loc"]) or "item"
        msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        parts.append(f"{field}: {msg}")
    return "; ".join(parts)


def check_item(item: Any, owner: str | None, now: datetime | str | None) -> dict[str, Any]:
    """``item`` as :meth:`Memory.save`'s keyword arguments (with ``content`` and ``owner``);
    :class:`MemoryApiError` naming the field if it is malformed."""
    if not isinstance(item, dict):
        raise MemoryApiError(f"an item must be an object, got {type(item).__name__}")
    try:
        args = BatchItem.model_validate(item).model_dump(exclude_unset=True)
    except ValidationError as exc:
        raise MemoryApiError(_why(exc)) from None
    args["owner"] = checked_name(args.get("owner") or owner, "owner")
    if "subject" in args:
        args["subject"] = checked_name(args["subject"], "subject")
    args.setdefault("now", now)
    return args


def save_batch(conn: sqlite3.Connection, items: Sequence[Any], owner: str | None,
               now: datetime | str | None,
               save_one: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """Check every item, then save the good ones in one transaction with ``save_one``
    (``Memory``'s unlocked save); one result per item, in order, each with its ``index``."""
    checked: list[dict[str, Any] | str] = []
    for item in items:
        try:
            checked.append(check_item(item, owner, now))
        except MemoryApiError as exc:
            checked.append(str(exc))
    results: list[dict[str, Any]] = []
    with transaction(conn):
        for i, args in enumerate(checked):
            if isinstance(args, str):
                results.append({"ok": False, "index": i, "error": args})
                continue
            args.pop("embed_now", None)
            try:
                with transaction(conn):  # a savepoint: an item refused midway leaves nothing
                    saved = save_one(args.pop("content"), args.pop("owner"), **args)
            except ValueError as exc:  # refused (or a bad time): its savepoint is rolled back
                results.append({"ok": False, "index": i, "error": str(exc)})
            else:
                results.append({"ok": True, "index": i, **saved})
    return results


def wants_embedding(items: Sequence[Any]) -> bool:
    """Whether any item asked to be embedded at once."""
    return any(isinstance(x, dict) and x.get("embed_now") is True for x in items)
