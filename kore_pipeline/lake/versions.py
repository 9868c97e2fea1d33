"""Version folders of the lake's folder datasets (messages, memories, archive).

A dataset ``<name>`` is a symlink ``lake/<name> -> _versions/<name>-<ns>/``. A publish builds
the next version in a temp folder beside it (new files written, unchanged files carried over
by hard links, so carrying costs no copy), renames it into place and swaps the symlink with
one ``os.replace``: a reader sees the old version or the new one, never half of one. The
version just replaced is kept (a reader may still be in it); older ones are deleted.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from kore_pipeline import files


def current(lake: Path, name: str) -> Path | None:
    """The current version folder of ``name``, or None (no link yet, or an older layout)."""
    link = lake / name
    if not link.is_symlink() or not link.is_dir():
        return None
    return link.resolve()


def write_file(table: pa.Table, path: Path, **options: object) -> None:
    """Write one Parquet file of a version being built (fsynced; the folder is renamed later)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path, compression="zstd", **options)
    files.fsync_path(path)


def carry(source: Path, target: Path) -> None:
    """Put ``source`` (a file of the current version) at ``target`` by a hard link, or a copy
    where the file system has none. Files of the lake are never written in place, so the
    two versions sharing an inode is safe."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
        files.fsync_path(target)


@contextmanager
def new_version(lake: Path, name: str, keep_previous: bool = True) -> Iterator[Path]:
    """Build the next version of ``name`` in the yielded temp folder, then swap it in.

    ``keep_previous`` False: the version replaced is deleted too (it holds rows deleted from
    the store, which must not stay readable).
    """
    versions = lake / "_versions"
    version = versions / f"{name}-{time.time_ns()}"
    tmp = version.with_name(f".{version.name}.tmp")
    tmp.mkdir(parents=True)
    yield tmp
    for folder in [tmp, *(p for p in tmp.rglob("*") if p.is_dir())]:
        files.fsync_dir(folder)
    files.replace(tmp, version)
    _swap_symlink(lake / name, f"_versions/{version.name}")
    # keep the version just replaced (a reader may still be in it); drop older ones
    keep = -2 if keep_previous else -1
    for old in sorted(versions.glob(f"{name}-*"),
                      key=lambda p: int(p.name.rsplit("-", 1)[1]))[:keep]:
        shutil.rmtree(old, ignore_errors=True)
    for stale in versions.glob(f".{name}-*.tmp"):
        shutil.rmtree(stale, ignore_errors=True)


def _swap_symlink(link: Path, target: str) -> None:
    """Point ``link`` at ``target`` (relative) in one ``os.replace``."""
    if link.exists() and not link.is_symlink():  # a lake of layout 1: a real folder
        shutil.rmtree(link)
    tmp = link.with_name(f".{link.name}.{os.getpid()}.link")
    if tmp.is_symlink():
        tmp.unlink()
    os.symlink(target, tmp, target_is_directory=True)
    os.replace(tmp, link)
    files.fsync_dir(link.parent)
