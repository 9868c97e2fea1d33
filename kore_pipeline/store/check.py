"""Checks a SQLite file before anyone trusts it: header, ``quick_check`` where cheap, schema.

A damaged store must never be read as an empty one (a run would then rewrite the lake and the
index from nothing). Every command opens the store through :func:`kore_pipeline.store.db.connect`
or :func:`kore_pipeline.store.db.connect_reader`, which call :func:`verify_sqlite_file` and
:func:`verify_store_schema`; a failure raises :class:`DamagedStore` naming the file and the
way out.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

QUICK_CHECK_MAX_BYTES = 64 * 1024 * 1024
"""Readers run ``PRAGMA quick_check`` on stores up to this size (it reads every page); writers
(runs, forget, import) always do."""
REQUIRED_TABLES = ("messages", "memories")
"""Tables every kore store has; a store lacking one is damaged, not new."""


class StoreError(RuntimeError):
    """The store cannot be opened or is of an incompatible version."""


class NoStore(StoreError):
    """There is no store at the path (nothing was created)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"no store at {path}: run `kore run` first (check --home)")
        self.path = path


class DamagedStore(StoreError):
    """A SQLite file that is empty, not SQLite, corrupt, or lacks the kore schema."""

    def __init__(self, path: Path, problem: str, way_out: str | None = None) -> None:
        home = path.parent
        fix = way_out or (f"restore a copy (made by `kore backup`), or rebuild it from the lake"
                          f" and the embedding cache with `kore recover --home {home}`")
        super().__init__(f"{path} {problem}; nothing was changed: {fix}")
        self.path = path
        self.problem = problem


class StorageProblem(StoreError):
    """A file kore must write cannot be: the disk is full, or writing is not permitted.

    Not damage: the file is left where it is, with what it holds."""

    def __init__(self, path: Path, reason: str) -> None:
        fix = ("free space on that disk" if "full" in reason or "limit" in reason
               else "check the owner and permissions of the file and its folder")
        super().__init__(f"{path} cannot be written: {reason}; nothing was set aside: {fix},"
                         " then run the command again")
        self.path = path
        self.reason = reason


DISK_FULL = "the disk is full (no space left on device)"
FULL_BELOW_BYTES = 1024 * 1024
"""A write that fails with an I/O error on a disk with less free space than this failed for
want of space (SQLite reports some ENOSPC writes as a plain I/O error)."""
_OS_REASONS = {errno.ENOSPC: DISK_FULL, errno.EDQUOT: "the disk quota is exceeded",
               errno.EFBIG: "the file size limit is reached", errno.EACCES: "permission denied",
               errno.EPERM: "permission denied", errno.EROFS: "the filesystem is read-only"}


def storage_problem(exc: BaseException, path: Path) -> str | None:
    """Why writing ``path`` failed when the disk or the permissions are the cause (a reason
    for :class:`StorageProblem`), or None when the file itself may be at fault."""
    if isinstance(exc, OSError) and exc.errno in _OS_REASONS:
        return _OS_REASONS[exc.errno]
    if "No space left on device" in str(exc):  # DuckDB, Arrow, FAISS: ENOSPC as text
        return DISK_FULL
    name = str(getattr(exc, "sqlite_errorname", "") or "") if isinstance(exc, sqlite3.Error) \
        else ""
    if name == "SQLITE_FULL":
        return DISK_FULL
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return f"it or its folder is read-only or not permitted ({exc})"
    if name.startswith("SQLITE_IOERR") and name != "SQLITE_IOERR_SHORT_READ":  # short: cut
        try:
            free = shutil.disk_usage(path.parent).free
        except OSError:
            free = FULL_BELOW_BYTES
        return DISK_FULL if free < FULL_BELOW_BYTES else f"a disk I/O error ({exc})"
    return None


def read_failure(path: Path, exc: sqlite3.DatabaseError) -> StoreError:
    """What an error opening or checking the store at ``path`` means: a full disk or a
    file not permitted (:class:`StorageProblem`), or damage (:class:`DamagedStore`)."""
    reason = storage_problem(exc, path)
    if reason is not None:
        return StorageProblem(path, reason)
    return DamagedStore(path, f"is corrupt ({exc})")


def header_problem(path: Path) -> str | None:
    """Why ``path`` is not a SQLite file (empty, too short, wrong header), or None.

    The header is read through SQLite, never with a file descriptor of our own: closing any
    descriptor of a database file drops every POSIX lock this process holds on it, including
    other connections' (a concurrent writer may then checkpoint under their feet and corrupt
    the store). SQLite's own opens share one lock set per file and are safe.
    """
    size = path.stat().st_size
    if size == 0:
        return "is empty (0 bytes)"
    if size < 512:  # the smallest page, and so the smallest database
        return "is not a SQLite database (bad header)"
    try:
        probe = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            page = int(probe.execute("PRAGMA page_size").fetchone()[0])
        finally:
            probe.close()
    except sqlite3.DatabaseError:
        return "is not a SQLite database (bad header)"
    if page < 512 or page & (page - 1) or size % page:
        return f"is truncated or garbled ({size} bytes, page size {page})"
    return None


def verify_sqlite_file(path: Path) -> None:
    """Raise :class:`DamagedStore` when an existing file is not a whole SQLite database."""
    problem = header_problem(path)
    if problem is not None:
        raise DamagedStore(path, problem)


def quick_check(conn: sqlite3.Connection, path: Path) -> None:
    """``PRAGMA quick_check``; raise :class:`DamagedStore` naming the first problem."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
    except sqlite3.DatabaseError as exc:
        raise read_failure(path, exc) from None
    if rows != ["ok"]:
        raise DamagedStore(path, f"is corrupt ({'; '.join(map(str, rows))})")


def table_names(conn: sqlite3.Connection, path: Path) -> set[str]:
    """Names of the tables of an open database; a read error means damage."""
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise read_failure(path, exc) from None


def verify_store_schema(conn: sqlite3.Connection, path: Path) -> None:
    """Raise :class:`DamagedStore` when an existing store lacks the kore tables."""
    missing = [t for t in REQUIRED_TABLES if t not in table_names(conn, path)]
    if missing:
        raise DamagedStore(path, f"lacks the kore schema (no table {', '.join(missing)})")


def set_aside(path: Path, stamp: str) -> Path:
    """Rename a damaged SQLite file (and its -wal/-shm) to ``<name>.damaged-<stamp>``."""
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists():
            side.replace(Path(f"{target}{suffix}"))
    return target
