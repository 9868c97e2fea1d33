"""Which input files are read (and which never are), and CSV read record by record.

Discovery never reads outside the input roots: a symlink whose target lies outside every
root is skipped (``KORE_FOLLOW_SYMLINKS=true`` allows it), FIFOs, sockets and devices are
skipped without being opened (a FIFO would block the run forever), and nothing under the
kore home is read (``cd logs && kore run .`` must not ingest its own lake). Each skip is
reported with its reason.

CSV is parsed strictly, one record at a time: a record larger than the record limit, or one
the parser rejects (an unclosed quote runs to the end of the file), is quarantined by its
line and parsing resumes on the next line, so one bad row never takes the others with it.
"""

from __future__ import annotations

import csv
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

SUFFIXES = (".jsonl", ".json", ".ndjson", ".csv", ".parquet")
_KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device",
          stat.S_IFBLK: "a device"}


@dataclass
class Discovery:
    """Input files to read, and the paths skipped with why."""

    files: list[Path] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def discover_inputs(paths: Iterable[Path], home: Path | None = None,
                    follow_symlinks: bool = False) -> Discovery:
    """Input files under the given files or folders, sorted, by known suffix; see module."""
    out = Discovery()
    given = list(paths)
    roots = [p.resolve() for p in given if p.exists()]
    home_real = home.resolve() if home is not None else None
    seen: set[Path] = set()

    def consider(path: Path, named: bool) -> None:
        real = path.resolve()
        if path.is_symlink() and not named and not follow_symlinks \
                and not any(_inside(real, r) for r in roots if r.is_dir()):
            out.skipped.append((str(path), f"symlink to {real}, outside the input folders"
                                           " (KORE_FOLLOW_SYMLINKS=true reads it)"))
            return
        if home_real is not None and _inside(real, home_real):
            out.skipped.append((str(path), f"inside the kore home {home_real}"))
            return
        try:
            mode = os.stat(real).st_mode
        except OSError as exc:
            out.skipped.append((str(path), f"cannot be read: {exc.strerror}"))
            return
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
            out.skipped.append((str(path), f"{kind}, not a regular file: never opened"))
            return
        if real not in seen:
            seen.add(real)
            out.files.append(path)

    for path in given:
        if path.is_dir():
            if home_real is not None and _inside(path.resolve(), home_real):
                out.skipped.append((str(path), f"inside the kore home {home_real}"))
                continue
            for folder, dirs, names in os.walk(path, followlinks=follow_symlinks):
                base = Path(folder)
                dirs.sort()
                if home_real is not None:  # never descend into the home
                    dirs[:] = [d for d in dirs if not _inside((base / d).resolve(), home_real)]
                for name in sorted(names):
                    if Path(name).suffix.lower() in SUFFIXES:
                        consider(base / name, named=False)
        elif path.exists() or path.is_symlink():
            consider(path, named=True)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    out.files.sort()
    return out


@dataclass
class CsvRecord:
    """One CSV record (a dict by header) or the reason it was rejected, with its line."""

    line: int
    row: dict[str, str] | None
    error: str | None = None


def _physical_lines(text: str) -> list[str]:
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


def _feed(lines: list[str], start: int, consumed: list[int]) -> Iterator[str]:
    """Lines from ``start`` on, counting in ``consumed[0]`` how many were handed out."""
    for j in range(start, len(lines)):
        consumed[0] = j - start + 1
        yield lines[j]


def csv_records(text: str, max_record_bytes: int) -> Iterator[CsvRecord]:
    """Records of a CSV text after its header; bad ones carry an error (see module)."""
    csv.field_size_limit(max(max_record_bytes, 131072))
    lines = _physical_lines(text)
    if not lines:
        return
    header = next(csv.reader([lines[0]]), [])
    pos = 1
    while pos < len(lines):
        consumed = [0]
        reader = csv.reader(_feed(lines, pos, consumed), strict=True)
        before = 0
        try:
            while True:
                before = consumed[0]
                row = next(reader)
                first = pos + before
                size = sum(len(lines[k].encode("utf-8"))
                           for k in range(first, pos + consumed[0]))
                if not row:
                    continue
                if size > max_record_bytes:
                    yield CsvRecord(first + 1, None,
                                    f"record larger than {max_record_bytes} bytes")
                    continue
                yield CsvRecord(first + 1, dict(zip(header, row, strict=False)))
        except StopIteration:
            return
        except csv.Error as exc:
            bad = pos + before
            reason = "unclosed quote" if "unexpected end of data" in str(exc) else str(exc)
            yield CsvRecord(bad + 1, None, f"malformed CSV record ({reason}); the next line"
                                           " is read on its own")
            pos = bad + 1
