"""Writes that meet another process's write lock: wait a while, then say "busy, retry later".

A pipeline stage (run, decay, compress, forget, watch) holds the store's write lock for as
long as its transaction lasts, which can be longer than a connection's busy timeout. A write
of a server (``kore api``, ``kore mcp``) is retried until ``wait_seconds`` have passed, and
then refused with :class:`StoreBusy`, which carries how long to wait before trying again;
nothing of it was written (each attempt is one transaction, which fails at its start).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

from kore_pipeline.store.homelock import HomeBusy

T = TypeVar("T")
PAUSE_SECONDS = 0.05
"""Pause between two attempts (the attempt itself waits the connection's busy timeout)."""


class StoreBusy(HomeBusy):
    """Another process holds the store's write lock; nothing was written."""

    def __init__(self, waited: float, retry_after: int) -> None:
        super().__init__(f"the store is busy (another process holds its write lock; waited"
                         f" {waited:.1f} s, nothing was saved): retry in {retry_after} s")
        self.retry_after = retry_after


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" / "busy"."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def retry_when_busy(attempt: Callable[[], T], wait_seconds: float, retry_after: int,
                    clock: Callable[[], float] = time.monotonic) -> T:
    """``attempt()``, tried again while the store is busy for up to ``wait_seconds``; then
    :class:`StoreBusy`. Any other error is raised as it is."""
    start = clock()
    while True:
        try:
            return attempt()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
            waited = clock() - start
            if waited >= wait_seconds:
                raise StoreBusy(waited, retry_after) from exc
        time.sleep(min(PAUSE_SECONDS, max(0.0, wait_seconds - (clock() - start))))
