"""Text from the store shown safely: control characters made visible, never acted on.

Memory text and subjects come from chats, imports and API callers. Printed as they are, an
escape sequence clears the screen, recolours or hides text, sets the window title, or a
carriage return or right-to-left override makes a line read differently from what is stored.
:func:`visible` writes each such character as an escape (``\\x1b``, ``\\r``, ``\\u202e``); the
stored text is never changed (``--json`` and the exports carry it exactly).
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

import typer

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                     "\u2066-\u2069]")
"""C0 and C1 controls, DEL, and the characters that reorder or break a line on screen."""
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: str) -> str:
    """``text`` with every control character written as a visible escape (one line)."""
    return _UNSAFE.sub(_escape, text)


def visible_lines(text: str) -> str:
    """Each line of ``text`` made :func:`visible`; its own line breaks are kept."""
    return "\n".join(visible(line) for line in text.split("\n"))


def echo(line: str) -> None:
    """Print one line built from stored text, its control characters (line breaks too)
    made visible."""
    typer.echo(visible(line))


def echo_for(text: str, stream: TextIO | None = None) -> None:
    """Print text meant for a program (the ``<memory>`` block): exact when piped, made
    visible when the output is a terminal."""
    out = stream or sys.stdout
    typer.echo(visible_lines(text) if out.isatty() else text)
