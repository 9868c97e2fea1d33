"""Stable identifiers and Unicode-aware keys derived from content."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
MAX_SLUG_CHARS = 80
ASSISTANT_SUBJECT = "assistant"
"""The subject of what the assistant said (``assistant_episodes``): a memory's identity is
(owner, subject, key), and this subject is a role, never a person named in a question."""


def digest(*parts: str, length: int = 16) -> str:
    """Hex SHA-256 of the parts joined by NUL, cut to ``length`` characters."""
    h = hashlib.sha256("\x00".join(parts).encode("utf-8"))
    return h.hexdigest()[:length]


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file's bytes, read in 1 MiB chunks."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def message_id(owner: str, conversation_id: str, session_id: str, ts: str, role: str,
               text: str) -> str:
    """Id of a message that came without one: stable across runs for the same content."""
    return "m_" + digest(owner, conversation_id, session_id, ts, role, text)


def slugify(text: str) -> str:
    """Lower-case slug that keeps letters of every script ("caffè ristretto" -> "caffè_ristretto").

    Text is NFC-normalised and case-folded; runs of anything that is not a letter or
    digit become one underscore. Long slugs are cut and suffixed with a hash of the
    whole, so two long facts with a common prefix never share a key.
    """
    norm = unicodedata.normalize("NFC", text).casefold()
    slug = _NON_WORD.sub("_", norm).strip("_")
    if len(slug) > MAX_SLUG_CHARS:
        slug = slug[: MAX_SLUG_CHARS - 9].rstrip("_") + "_" + digest(slug, length=8)
    return slug or "_" + digest(norm, length=8)


def memory_key(category: str, fact: str) -> str:
    """Key of a fact within one owner and subject, e.g. ``preference:caffè_ristretto``."""
    return f"{category}:{slugify(fact)}"


def text_hash(text: str) -> str:
    """Hash of a memory's text, used to detect changed content."""
    return digest(text, length=32)


def embedding_key(model: str, text: str) -> str:
    """Cache key for one (model, text) embedding."""
    return digest(model, text, length=40)
