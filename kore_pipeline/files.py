"""Atomic file writes: every file kore writes goes through here.

A file is written to a temp file in its own folder, flushed to disk (``fsync``), moved over
the target with ``os.replace`` (atomic on POSIX) and the folder is flushed too, so after a
crash the target is either the old file or the new one, never a torn one.

Temp files are named ``.<target name>.<pid>.<random>.tmp``: hidden, unique per write (two
writers, or two threads of one process, never share one) and carrying the writer's pid, so
:func:`remove_stale_temp_files` can tell a killed writer's leftover from a write in progress.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

from kore_pipeline import faults

TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 600.0
"""A temp file without a pid in its name (older kore versions) is stale after this long."""


def temp_path(target: Path) -> Path:
    """A fresh temp file name beside ``target`` (the file is not created)."""
    return target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def writer_pid(temp: Path) -> int | None:
    """The pid in a temp file's name (also ``.<name>.<pid>.tmp`` of older kore versions);
    None for a name of another scheme."""
    parts = temp.name.split(".")
    if not temp.name.startswith(".") or len(parts) < 4:
        return None
    if len(parts) >= 5 and parts[-3].isdigit() and len(parts[-2]) == 8:
        return int(parts[-3])
    return int(parts[-2]) if parts[-2].isdigit() else None


def fsync_path(path: Path) -> None:
    """Flush a file's (or a folder's) contents to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (a rename in it) to disk; a no-op where folders cannot be."""
    with contextlib.suppress(OSError):
        fsync_path(folder)


def replace(source: Path, target: Path) -> None:
    """Move a finished file or folder over ``target`` atomically and flush the folder."""
    if source.is_file():
        fsync_path(source)
    os.replace(source, target)
    fsync_dir(target.parent)


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temp path beside ``target`` for any writer to fill (Parquet, FAISS, DuckDB, a
    whole folder...); on success it is flushed and moved over ``target`` (a folder may replace
    only a missing or empty one); on error it is removed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(target)
    try:
        yield tmp
        replace(tmp, target)
    finally:
        if tmp.is_dir() and not tmp.is_symlink():
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            tmp.unlink(missing_ok=True)


def write_bytes(target: Path, data: bytes) -> Path:
    """Write ``data`` to ``target`` atomically; returns ``target``."""
    with atomic_path(target) as tmp, tmp.open("wb") as fh:
        fh.write(data)
    return target


def write_text(target: Path, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``target`` atomically; returns ``target``."""
    return write_bytes(target, text.encode(encoding))


def remove_stale_temp_files(folder: Path, recursive: bool = True) -> int:
    """Delete temp files left in ``folder`` by writers that were killed; returns how many.

    A temp file whose writer (the pid in its name) still runs is a write in progress and is
    kept; one of another naming scheme is removed once older than
    :data:`STALE_TEMP_SECONDS`. Only files: temp folders are their owner's to clean.
    """
    if not folder.is_dir():
        return 0
    removed = 0
    now = time.time()
    found = folder.rglob(f"*{TEMP_SUFFIX}") if recursive else folder.glob(f"*{TEMP_SUFFIX}")
    for tmp in found:
        with contextlib.suppress(OSError):
            if not tmp.is_file():
                continue
            pid = writer_pid(tmp)
            if pid is not None and faults.process_alive(pid):
                continue
            if pid is None and now - tmp.stat().st_mtime <= STALE_TEMP_SECONDS:
                continue
            tmp.unlink()
            removed += 1
    return removed
