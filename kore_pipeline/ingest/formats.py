"""Record shapes inside JSON inputs, recognised by their content.

Record shapes (:func:`expand`), per JSON object (file kinds: :mod:`.ingest_documents`):

- canonical message: ``{"ts", "role", "text", ...}``;
- OpenAI-style line: ``{"messages": [{"role", "content"}, ...], ...}``;
- ChatGPT export conversation: ``{"id", "mapping": {node: {parent, children, message}},
  "current_node"}``: the messages on the path from ``current_node`` up to the root;
- Claude export conversation: ``{"uuid", "name", "chat_messages": [{"uuid", "sender",
  "text" | "content": [{"type": "text", "text"}], "created_at"}]}``.

Each message becomes an :class:`Item` (a canonical record plus defaults) or an error that
names where in its conversation it sits; a container that cannot be read raises
:class:`BadRecord`.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from kore_pipeline.timeutil import BadTimestamp, iso, parse_ts

MAX_EPOCH = 253402214400.0
"""9999-12-31T00:00:00Z: the last second an ISO 8601 year of four digits can hold."""
CLAUDE_ROLES = {"human": "user", "user": "user", "assistant": "assistant"}
CHATGPT_SKIPPED_ROLES = ("tool",)
"""Tool calls and results are not conversation turns: they are left out, not quarantined."""


class BadRecord(ValueError):
    """A record that cannot become a message; the message says why."""


@dataclass
class Item:
    """One message found in a record: a canonical record, its defaults, where it sits."""

    rec: Any
    defaults: dict[str, Any] = field(default_factory=dict)
    where: str = ""
    error: str | None = None


def shape(obj: Any) -> str:
    """Which record shape a JSON value has."""
    if isinstance(obj, dict):
        if "mapping" in obj:
            return "chatgpt"
        if "chat_messages" in obj:
            return "claude"
        if "messages" in obj:
            return "openai"
    return "canonical"


def expand(obj: Any) -> Iterator[Item]:
    """The messages of one JSON value of any known shape."""
    kind = shape(obj)
    if kind == "chatgpt":
        yield from chatgpt_items(obj)
    elif kind == "claude":
        yield from claude_items(obj)
    elif kind == "openai":
        yield from openai_items(obj)
    else:
        yield Item(obj)


def _conversation_id(conv: dict[str, Any], *names: str) -> str:
    for name in names:
        value = conv.get(name)
        if isinstance(value, str) and value.strip():
            return value
    raise BadRecord(f"conversation without an id (field {' or '.join(map(repr, names))})")


def _owner_default(conv: dict[str, Any]) -> dict[str, Any]:
    owner = conv.get("owner")
    return {"owner": owner} if isinstance(owner, str) and owner.strip() else {}


def epoch_ts(value: Any, name: str = "create_time") -> str:
    """ISO time of an epoch in seconds (ChatGPT export times); BadRecord if out of range."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        if isinstance(value, str):  # some tools write ISO text instead
            try:
                return iso(parse_ts(value))
            except BadTimestamp as exc:
                raise BadRecord(f"field {name!r}: {exc}") from None
        raise BadRecord(f"field {name!r} must be seconds since 1970, got {type(value).__name__}")
    if not math.isfinite(value) or not 0 <= value < MAX_EPOCH:
        raise BadRecord(f"field {name!r} out of range: {value!r}")
    return iso(datetime.fromtimestamp(value, UTC))


def _chatgpt_path(mapping: dict[str, Any], current: Any) -> tuple[list[str], str | None]:
    """Node ids from the root down to ``current``, and the reason the walk stopped early."""
    if not isinstance(current, str) or current not in mapping:
        raise BadRecord("field 'current_node' missing or not in 'mapping'")
    path: list[str] = []
    seen: set[str] = set()
    node_id: Any = current
    broken: str | None = None
    while node_id is not None:
        if not isinstance(node_id, str) or node_id not in mapping:
            broken = f"parent {node_id!r} of node {path[-1]!r} is not in 'mapping'"
            break
        if node_id in seen:
            broken = f"cycle in 'mapping' at node {node_id!r}"
            break
        node = mapping[node_id]
        if not isinstance(node, dict):
            broken = f"node {node_id!r} is not an object"
            break
        seen.add(node_id)
        path.append(node_id)
        node_id = node.get("parent")
    path.reverse()
    return path, broken


def _chatgpt_text(content: Any) -> Any:
    if not isinstance(content, dict):
        return content
    parts = content.get("parts")
    if isinstance(parts, list):
        texts = [p for p in parts if isinstance(p, str)]
        texts += [p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"),
                                                                                   str)]
        return "\n".join(t for t in texts if t.strip())
    return content.get("text")


def chatgpt_items(conv: dict[str, Any]) -> Iterator[Item]:
    """Messages of one ChatGPT export conversation, root first, along ``current_node``."""
    cid = _conversation_id(conv, "conversation_id", "id")
    mapping = conv.get("mapping")
    if not isinstance(mapping, dict):
        raise BadRecord(f"conversation {cid!r}: field 'mapping' must be an object")
    defaults: dict[str, Any] = {"conversation_id": cid, "session_id": cid, **_owner_default(conv)}
    if conv.get("create_time") is not None:  # only a fallback for messages without a time
        with contextlib.suppress(BadRecord):
            defaults["ts"] = epoch_ts(conv["create_time"])
    path, broken = _chatgpt_path(mapping, conv.get("current_node"))
    if broken:
        yield Item(None, defaults, f"conversation {cid!r}", broken)
    for pos, node_id in enumerate(path, start=1):
        msg = mapping[node_id].get("message")
        where = f"conversation {cid!r} node {pos} ({node_id!r})"
        if msg is None:
            continue  # the root holds no message
        if not isinstance(msg, dict):
            yield Item(msg, defaults, where, "field 'message' must be an object")
            continue
        author = msg.get("author")
        role = author.get("role") if isinstance(author, dict) else None
        text = _chatgpt_text(msg.get("content"))
        if role in CHATGPT_SKIPPED_ROLES or (role == "system" and not text):
            continue
        rec: dict[str, Any] = {"role": role, "text": text, "message_id": node_id}
        if isinstance(author, dict) and role == "user" and isinstance(author.get("name"), str):
            rec["speaker"] = author["name"]
        if msg.get("create_time") is not None:
            try:
                rec["ts"] = epoch_ts(msg["create_time"])
            except BadRecord as exc:
                yield Item(rec, defaults, where, str(exc))
                continue
        yield Item(rec, defaults, where)


def _claude_text(msg: dict[str, Any]) -> Any:
    content = msg.get("content")
    if isinstance(content, list):
        texts = [b["text"] for b in content if isinstance(b, dict) and b.get("type") == "text"
                 and isinstance(b.get("text"), str)]
        if any(t.strip() for t in texts):
            return "\n".join(t for t in texts if t.strip())
    return msg.get("text")


def claude_items(conv: dict[str, Any]) -> Iterator[Item]:
    """Messages of one Claude export conversation, in their order."""
    cid = _conversation_id(conv, "uuid", "id")
    msgs = conv.get("chat_messages")
    if not isinstance(msgs, list):
        raise BadRecord(f"conversation {cid!r}: field 'chat_messages' must be a list")
    defaults: dict[str, Any] = {"conversation_id": cid, "session_id": cid, **_owner_default(conv)}
    if isinstance(conv.get("created_at"), str):
        defaults["ts"] = conv["created_at"]
    for pos, msg in enumerate(msgs, start=1):
        where = f"conversation {cid!r} message {pos}"
        if not isinstance(msg, dict):
            yield Item(msg, defaults, where, "message must be an object")
            continue
        sender = msg.get("sender")
        role = CLAUDE_ROLES.get(sender.strip().lower(), sender) if isinstance(sender, str) \
            else sender
        rec = {"role": role, "text": _claude_text(msg), "message_id": msg.get("uuid"),
               "ts": msg.get("created_at")}
        yield Item(rec, defaults, where)


def openai_items(obj: dict[str, Any]) -> Iterator[Item]:
    """Messages of one OpenAI-style line, one second apart from the line's ``ts``."""
    msgs = obj.get("messages")
    if not isinstance(msgs, list):
        raise BadRecord("field 'messages' must be a list")
    try:
        base = parse_ts(obj["ts"]) if obj.get("ts") else None
    except BadTimestamp as exc:
        raise BadRecord(str(exc)) from None
    speaker = obj.get("user") or obj.get("speaker")
    defaults: dict[str, Any] = {k: obj[k] for k in ("owner", "conversation_id", "session_id")
                                if k in obj}
    for i, msg in enumerate(msgs):
        where = f"message {i + 1}"
        if not isinstance(msg, dict):
            yield Item(msg, defaults, where, "message must be an object")
            continue
        content = msg.get("content")
        if isinstance(content, list):  # content parts: keep the text ones
            content = "\n".join(p["text"] for p in content if isinstance(p, dict)
                                and p.get("type") == "text" and isinstance(p.get("text"), str))
        rec = {"role": msg.get("role"), "text": content, "message_id": msg.get("id")}
        if msg.get("role") == "user":
            rec["speaker"] = msg.get("name") or speaker
        if base is not None:  # one second apart keeps the order
            try:
                rec["ts"] = iso(base + timedelta(seconds=i))
            except OverflowError:
                yield Item(rec, defaults, where, "field 'ts' out of range")
                continue
        yield Item(rec, defaults, where)
