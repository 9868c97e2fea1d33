"""One writer per home: a lock file holding the pid and start time of the run that has it.

``kore run``, ``decay``, ``compress``, ``forget``, ``import``, ``restore``, ``backup`` and
``recover`` take it; readers never do. The lock is an ``flock`` on ``<home>/.kore.lock``, so
the kernel releases it when its process dies (a stale lock of a dead pid is taken over at
once); the file's text only says who holds it. A second writer waits up to
``settings.lock_wait_seconds``, then stops with "another run holds this home (pid …, since …)".
Re-entrant within one process (a forget that publishes, a test running stages in threads).
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import IO

from kore_pipeline.store.check import StoreError
from kore_pipeline.timeutil import iso, utcnow

LOCK_FILE = ".kore.lock"
_held: dict[Path, tuple[IO[str], int]] = {}
_guard = threading.Lock()


class HomeBusy(StoreError):
    """Another process holds the home's write lock."""


def holder(home: Path) -> dict[str, object]:
    """What the lock file says about its holder ({} if unreadable)."""
    try:
        data = json.loads((home / LOCK_FILE).read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _try_lock(fh: IO[str]) -> bool:
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def home_lock(home: Path, wait_seconds: float = 10.0, what: str = "run") -> Iterator[None]:
    """Hold the home's write lock for the block; raise :class:`HomeBusy` after the wait."""
    key = home.resolve()
    with _guard:
        if key in _held:
            fh, count = _held[key]
            _held[key] = (fh, count + 1)
            reentered = True
        else:
            reentered = False
    if not reentered:
        _acquire(key, wait_seconds, what)
    try:
        yield
    finally:
        with _guard:
            fh, count = _held[key]
            if count > 1:
                _held[key] = (fh, count - 1)
            else:
                del _held[key]
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
                fh.close()


def _acquire(key: Path, wait_seconds: float, what: str) -> None:
    key.mkdir(parents=True, exist_ok=True)
    fh = (key / LOCK_FILE).open("a+", encoding="utf-8")
    deadline = time.monotonic() + max(0.0, wait_seconds)
    while not _try_lock(fh):
        if time.monotonic() >= deadline:
            fh.close()
            info = holder(key)
            raise HomeBusy(f"another run holds this home {key} (pid {info.get('pid', '?')},"
                           f" {info.get('what', 'run')}, since {info.get('since', '?')});"
                           f" try again when it ends")
        time.sleep(0.1)
    fh.seek(0)
    fh.truncate()
    fh.write(json.dumps({"pid": os.getpid(), "since": iso(utcnow()), "what": what}))
    fh.flush()
    with _guard:
        _held[key] = (fh, 1)


def acquire(home: Path, wait_seconds: float = 10.0,
            what: str = "run") -> AbstractContextManager[None]:
    """The lock as an entered context manager; release with ``.__exit__(None, None, None)``."""
    cm = home_lock(home, wait_seconds, what)
    cm.__enter__()
    return cm
