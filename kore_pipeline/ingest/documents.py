"""File kinds recognised by content, and JSON documents read element by element.

Kinds (:func:`sniff`): Parquet (magic bytes), a JSON document (an export such as
``conversations.json``: a top-level array, or one object over several lines), JSON Lines
(one record per line), CSV.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kore_pipeline.ingest.formats import BadRecord


class BadDocument(BadRecord):
    """A JSON document that stops parsing at ``line``."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def sniff(path: Path, head_bytes: int = 65536) -> str:
    """The kind of a file from its first bytes: ``parquet``, ``document``, ``lines``, ``csv``.

    A JSON document is a file of one line starting with ``[`` (a minified export), or one
    whose first line only opens an array or object (pretty-printed). Anything else starting
    with ``{`` or ``[`` is JSON Lines, so one bad first line never turns a log into one
    broken document.
    """
    with path.open("rb") as fh:
        head = fh.read(head_bytes)
    if head.startswith(b"PAR1") or path.suffix.lower() == ".parquet":
        return "parquet"  # a .parquet file without the magic is reported as unreadable
    body = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if body.startswith((b"[", b"{")):
        first, newline, rest = body.partition(b"\n")
        if newline and first.strip().replace(b" ", b"") in (b"[", b"{", b"[{"):
            return "document"
        if body.startswith(b"[") and not rest.strip():
            return "document"  # a minified export: one line (or more than the head holds)
        return "lines"
    header = body.partition(b"\n")[0].decode("utf-8", "replace").strip().lower()
    names = [h.strip(' "') for h in header.split(",")]
    if path.suffix.lower() == ".csv" or (len(names) > 1 and "text" in names):
        return "csv"  # by name, or a header line naming a 'text' column
    return "lines"


def is_json_object(raw: bytes) -> bool:
    """True when ``raw`` is one whole JSON object (no proper prefix of an object parses)."""
    try:
        return isinstance(json.loads(raw.decode("utf-8", errors="replace")), dict)
    except (ValueError, RecursionError):
        return False


def document_elements(text: str) -> Iterator[tuple[int, Any]]:
    """(line, value) of each element of a top-level JSON array, or of one top-level object.

    Elements are decoded one by one, so each carries the line it starts on. Raises
    :class:`BadRecord` at the first syntax error (with its line), after yielding what
    came before it.
    """
    text = text.lstrip("\ufeff")
    decoder = json.JSONDecoder()
    idx = len(text) - len(text.lstrip())
    if not text.startswith("[", idx):
        yield 1 + text.count("\n", 0, idx), _decode(decoder, text, idx)[0]
        return
    line, counted = 1, 0
    idx += 1
    while True:
        idx = _skip_ws(text, idx)
        if text.startswith("]", idx):
            return
        line += text.count("\n", counted, idx)
        counted = idx
        value, idx = _decode(decoder, text, idx)
        yield line, value
        idx = _skip_ws(text, idx)
        if text.startswith(",", idx):
            idx += 1
        elif not text.startswith("]", idx):
            line += text.count("\n", counted, idx)
            raise BadDocument(f"invalid JSON: expected ',' or ']' at line {line}", line)


def _skip_ws(text: str, idx: int) -> int:
    while idx < len(text) and text[idx] in " \t\r\n":
        idx += 1
    return idx


def _decode(decoder: json.JSONDecoder, text: str, idx: int) -> tuple[Any, int]:
    try:
        return decoder.raw_decode(text, idx)
    except json.JSONDecodeError as exc:
        raise BadDocument(f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                          exc.lineno) from None
    except ValueError as exc:  # e.g. an integer over Python's digit limit
        raise BadDocument(f"invalid JSON: {exc}", 1 + text.count("\n", 0, idx)) from None
    except RecursionError:
        raise BadDocument("invalid JSON: nested too deeply", 1 + text.count("\n", 0, idx)
                          ) from None
