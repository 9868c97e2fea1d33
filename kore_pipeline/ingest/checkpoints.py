"""Per-file read checkpoints: read only what was appended, notice a file that was rewritten.

A checkpoint holds no message text: only the path, the size and mtime seen, how far the
file was consumed (bytes and lines, complete lines only) and the SHA-256 of that prefix.
On the next read the prefix is hashed again: the same hash means the file only grew, so
reading resumes at the old position; another hash (or a shorter file) means it was
rewritten, so it is read again from the start (messages already stored are skipped by
their identity, so nothing is duplicated).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kore_pipeline.timeutil import iso, utcnow

LINES = "lines"
"""A file of one record per line (JSON Lines): read incrementally."""
WHOLE = "whole"
"""A file read as one document (CSV, Parquet, a JSON export): read again when it changes."""

_CHUNK = 1 << 20


@dataclass
class Checkpoint:
    """How far one file has been read."""

    path: str
    kind: str
    size: int
    mtime_ns: int
    position: int
    line: int
    prefix_sha256: str

    def unchanged(self, path: Path) -> bool:
        """Cheap probe: the file still has the size and mtime seen at the last read."""
        try:
            st = path.stat()
        except OSError:
            return False
        return st.st_size == self.size and st.st_mtime_ns == self.mtime_ns


def load_checkpoints(conn: sqlite3.Connection) -> dict[str, Checkpoint]:
    """Every checkpoint of the store, by path."""
    rows = conn.execute("SELECT path, kind, size, mtime_ns, position, line, prefix_sha256"
                        " FROM source_checkpoints").fetchall()
    return {r[0]: Checkpoint(*r) for r in rows}


def save_checkpoints(conn: sqlite3.Connection, checkpoints: list[Checkpoint],
                     run_id: str) -> None:
    """Insert or replace checkpoints (call inside the transaction that stores the messages)."""
    at = iso(utcnow())
    conn.executemany(
        "INSERT OR REPLACE INTO source_checkpoints(path, kind, size, mtime_ns, position, line,"
        " prefix_sha256, run_id, updated_at) VALUES (?,?,?,?,?,?,?,?,?)",
        [(c.path, c.kind, c.size, c.mtime_ns, c.position, c.line, c.prefix_sha256, run_id, at)
         for c in checkpoints])


def whole_checkpoint(path: Path, sha256: str) -> Checkpoint:
    """Checkpoint of a file read as a whole (position = size, prefix hash = file hash)."""
    st = path.stat()
    return Checkpoint(str(path), WHOLE, st.st_size, st.st_mtime_ns, st.st_size, 0, sha256)


@dataclass
class Line:
    """One complete line: its number, its text (None if over the size limit) and its head."""

    number: int
    text: str | None
    head: str


class AppendReader:
    """Yields the complete lines of a file that are new since ``checkpoint``.

    After iterating, :attr:`status` is ``new``, ``appended``, ``unchanged`` or ``rewritten``,
    :attr:`pending_bytes` the unterminated tail left for the next read and
    :meth:`checkpoint` the new checkpoint. A last line without a newline is taken only when
    ``tail_complete`` says it is complete (a JSON object is: no prefix of one parses);
    otherwise it is being written and waits. A line longer than ``max_line_bytes`` is
    yielded with ``text=None`` once its newline has arrived, never held in memory whole.
    """

    def __init__(self, path: Path, checkpoint: Checkpoint | None, max_line_bytes: int,
                 tail_complete: Callable[[bytes], bool] = lambda _: False) -> None:
        self.path = path
        self.previous = checkpoint
        self.max_line_bytes = max_line_bytes
        self.tail_complete = tail_complete
        self.status = "new"
        self.pending_bytes = 0
        self._hash = hashlib.sha256()
        self._position = 0
        self._line = 0
        self._stat: os.stat_result | None = None

    def _resume(self, fh: object) -> bool:
        """Hash the old prefix; True (and position set) if the file only grew since."""
        cp = self.previous
        assert self._stat is not None
        if cp is None or cp.kind != LINES:
            return False
        if self._stat.st_size < cp.position:
            return False
        left, last = cp.position, b""
        while left:
            chunk = fh.read(min(_CHUNK, left))  # type: ignore[attr-defined]
            if not chunk:
                return False
            self._hash.update(chunk)
            left -= len(chunk)
            last = chunk[-1:]
        if self._hash.hexdigest() != cp.prefix_sha256:
            return False
        self._position, self._line = cp.position, cp.line
        self._open_line = cp.position > 0 and last != b"\n"
        return True

    def __iter__(self) -> Iterator[Line]:
        self._open_line = False
        with self.path.open("rb") as fh:
            self._stat = os.fstat(fh.fileno())
            if self._resume(fh):
                self.status = "unchanged" if self._stat.st_size == self._position else "appended"
            else:
                if self.previous is not None:
                    self.status = "rewritten"
                fh.seek(0)
                self._hash = hashlib.sha256()
                self._position = self._line = 0
            yield from self._lines(fh)

    def _lines(self, fh: object) -> Iterator[Line]:
        limit = self.max_line_bytes
        while True:
            chunk: bytes = fh.readline(limit + 1)  # type: ignore[attr-defined]
            if not chunk:
                return
            if len(chunk) > limit and not chunk.endswith(b"\n"):
                rest = self._skip_to_newline(fh, chunk)
                if rest is None:  # the long line is still being written
                    return
                yield Line(self._advance(rest), None, chunk[:200].decode("utf-8", "replace"))
                continue
            if not chunk.endswith(b"\n") and not self.tail_complete(chunk):
                self.pending_bytes = len(chunk)
                return
            number = self._advance(chunk)
            yield Line(number, chunk.decode("utf-8", errors="replace"), "")

    def _skip_to_newline(self, fh: object, first: bytes) -> list[bytes] | None:
        """The pieces of an over-long line up to its newline, or None if it has none yet."""
        pieces, size = [first], len(first)
        while True:
            more: bytes = fh.readline(_CHUNK)  # type: ignore[attr-defined]
            if not more:
                self.pending_bytes = size
                return None
            pieces.append(more)
            size += len(more)
            if more.endswith(b"\n"):
                return pieces

    def _advance(self, data: bytes | list[bytes]) -> int:
        """Consume bytes of one line; return its line number."""
        for piece in [data] if isinstance(data, bytes) else data:
            self._hash.update(piece)
            self._position += len(piece)
        if self._open_line:  # the rest of a line taken earlier without its newline
            self._open_line = False
        else:
            self._line += 1
        return self._line

    def checkpoint(self) -> Checkpoint:
        """Where the next read starts (complete lines consumed so far)."""
        assert self._stat is not None, "iterate the reader first"
        size = max(self._stat.st_size, self._position)  # it may have grown while read
        return Checkpoint(str(self.path), LINES, size, self._stat.st_mtime_ns,
                          self._position, self._line, self._hash.hexdigest())

    @property
    def complete(self) -> bool:
        """True when every byte of the file was consumed (no pending tail)."""
        return self.pending_bytes == 0
