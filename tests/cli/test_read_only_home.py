"""A home the user may read but not write (a shared or archived copy) still answers every
reading command: search, context and inject work, nothing is written, nothing crashes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.disk_limits import without_privileges
from tests.helpers import two_owner_home

NOW = "2026-09-10T12:00:00Z"


def kore(*args: str) -> subprocess.CompletedProcess[str]:
    """``kore ARGS`` in a subprocess of this checkout, subject to file permissions."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    return subprocess.run([*without_privileges(), sys.executable, "-m", "kore_pipeline.cli",
                           *args], capture_output=True, text=True, env=env, timeout=300)


def read_only(home: Path, folders: bool = True, files: bool = True) -> dict[str, float]:
    """Take write permission off the home's folders and/or files; their mtimes before."""
    for path in [home, *home.rglob("*")]:
        if path.is_dir() and folders:
            path.chmod(0o555)
        elif path.is_file() and files:
            path.chmod(0o444)
    return {str(p): p.stat().st_mtime for p in home.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Path:
    root = tmp_path_factory.mktemp("ro")
    settings = two_owner_home(root, embedder, NOW)
    (root / "req.json").write_text(json.dumps({"model": "gpt-4o", "messages": [
        {"role": "user", "content": "what coffee do I like"}]}), encoding="utf-8")
    return settings.home


@pytest.mark.slow
@pytest.mark.parametrize("what", ["folders", "files", "both"])
def test_reading_commands_work_on_a_read_only_home(built: Path, tmp_path: Path,
                                                   what: str) -> None:
    home = tmp_path / "home"
    shutil.copytree(built, home)
    before = read_only(home, folders=what != "files", files=what != "folders")
    try:
        common = ["--owner", "team-alpha", "--home", str(home), "--now", NOW]
        search = kore("search", "coffee", *common)
        context = kore("context", "coffee", *common)
        inject = kore("inject", str(built.parent / "req.json"), *common)
        for result in (search, context, inject):
            assert result.returncode == 0, result.stderr
            assert "Traceback" not in result.stderr and "corrupt" not in result.stderr
        assert "dark roast" in search.stdout
        assert context.stdout.startswith("<memory ") and "dark roast" in context.stdout
        messages = json.loads(inject.stdout)["messages"]
        assert "dark roast" in messages[0]["content"]
        after = {str(p): p.stat().st_mtime for p in home.rglob("*") if p.is_file()}
        assert {p: after[p] for p in before} == before  # nothing written
        assert {Path(p).name for p in set(after) - set(before)} <= {  # SQLite's own, if any
            "kore.sqlite-wal", "kore.sqlite-shm"}
    finally:
        for path in [home, *home.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
