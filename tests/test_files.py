"""Atomic writes: a target is the old file or the new one, and killed writers' temps go."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kore_pipeline import files


def test_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "out.json"
    files.write_text(target, "first")
    files.write_text(target, "second é")
    assert target.read_text(encoding="utf-8") == "second é"
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    files.write_text(target, "old")
    with pytest.raises(RuntimeError), files.atomic_path(target) as tmp:
        tmp.write_text("half", encoding="utf-8")
        raise RuntimeError("writer failed")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_temp_names_are_unique_and_carry_the_pid(tmp_path: Path) -> None:
    target = tmp_path / "index.faiss"
    names = {files.temp_path(target) for _ in range(50)}
    assert len(names) == 50
    for name in names:
        assert name.parent == tmp_path and name.name.startswith(".index.faiss.")
        assert files.writer_pid(name) == os.getpid()
    assert files.writer_pid(tmp_path / ".memories.parquet.4242.tmp") == 4242  # older scheme
    assert files.writer_pid(tmp_path / "index.faiss.x8k2a.tmp") is None


def _dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(proc.stdout)


def test_stale_temp_files_of_dead_writers_are_removed(tmp_path: Path) -> None:
    (tmp_path / "deep").mkdir()
    dead = tmp_path / "deep" / f".memories.parquet.{_dead_pid()}.0a1b2c3d.tmp"
    mine = files.temp_path(tmp_path / "runs.parquet")  # a write in progress here
    recent = tmp_path / "index.faiss.abc.tmp"  # no pid: kept until it is old
    old = tmp_path / "signature.json.def.tmp"
    for p in (dead, mine, recent, old):
        p.write_bytes(b"x")
    os.utime(old, (time.time() - 2 * files.STALE_TEMP_SECONDS,) * 2)
    assert files.remove_stale_temp_files(tmp_path) == 2
    assert not dead.exists() and not old.exists() and mine.exists() and recent.exists()
    assert files.remove_stale_temp_files(tmp_path / "missing") == 0


def test_a_writer_killed_mid_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    files.write_text(target, "<p>old</p>")
    script = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from kore_pipeline import files\n"
        "with files.atomic_path(Path(sys.argv[1])) as tmp:\n"
        "    tmp.write_text('<p>half', encoding='utf-8')\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n")
    proc = subprocess.Popen([sys.executable, "-c", script, str(target)])
    assert proc.wait(timeout=60) == -9
    assert target.read_text(encoding="utf-8") == "<p>old</p>"
    leftovers = [p for p in tmp_path.iterdir() if p != target]
    assert len(leftovers) == 1 and files.writer_pid(leftovers[0]) == proc.pid
    assert files.remove_stale_temp_files(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
