"""A full disk or a folder kore may not write is reported as what it is; only a damaged
embedding cache is set aside (a healthy one is never, so nothing is re-embedded)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kore_pipeline.embed.cache import EmbeddingCache
from tests.disk_limits import CHECKOUT, FILL, on_small_disk, without_privileges
from tests.helpers import message, two_owner_home, write_jsonl

FULL_DISK = FILL + '''
import json, shutil, sqlite3, sys
from pathlib import Path
import numpy as np
from kore_pipeline.embed.cache import EmbeddingCache

mount, source = Path(sys.argv[1]), Path(sys.argv[2])
path = mount / "cache" / "embeddings.sqlite"
shutil.copytree(source, path.parent)
fill(mount)
error = None
try:
    cache = EmbeddingCache(path)
    keys = [f"new-{i}" for i in range(2000)]
    cache.put_many(keys, np.ones((2000, 384), dtype=np.float32))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
(mount / "filler").unlink()
rows = sqlite3.connect(path).execute("SELECT count(*) FROM embeddings").fetchone()[0]
print(json.dumps({"error": error, "files": sorted(p.name for p in path.parent.iterdir()),
                  "rows": rows}))
'''


def _healthy_cache(folder: Path, rows: int = 300) -> Path:
    cache = EmbeddingCache(folder / "embeddings.sqlite")
    rng = np.random.default_rng(0)
    cache.put_many([f"k{i}" for i in range(rows)],
                   rng.standard_normal((rows, 384)).astype(np.float32))
    cache.close()
    return folder


def test_a_full_disk_is_reported_and_the_cache_kept(tmp_path: Path) -> None:
    source = _healthy_cache(tmp_path / "source")
    seen = on_small_disk(tmp_path / "disk", 4096, FULL_DISK, str(tmp_path / "disk"),
                         str(source))
    assert seen["error"] is not None and "disk is full" in seen["error"], seen
    assert not [f for f in seen["files"] if "damaged" in f], seen["files"]
    assert seen["rows"] == 300  # the cache is where it was, with what it held


def test_a_cache_kore_may_not_write_is_reported_not_set_aside(tmp_path: Path) -> None:
    folder = _healthy_cache(tmp_path / "cache")
    for path in [folder, *folder.iterdir()]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    script = ("import sys, numpy as np; from pathlib import Path;"
              "from kore_pipeline.embed.cache import EmbeddingCache;"
              "c = EmbeddingCache(Path(sys.argv[1]));"
              "c.put_many(['new'], np.ones((1, 384), dtype=np.float32))")
    try:
        result = subprocess.run([*without_privileges(), sys.executable, "-c", script,
                                 str(folder / "embeddings.sqlite")], capture_output=True,
                                text=True, timeout=120,
                                env={**os.environ, "PYTHONPATH": str(CHECKOUT)})
    finally:
        for path in [folder, *folder.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert "cannot be written" in last and "embeddings.sqlite" in last, result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["embeddings.sqlite"]
    assert len(EmbeddingCache(folder / "embeddings.sqlite")) == 300


RUN_ON_FULL_DISK = FILL + '''
import json, shutil, subprocess, sys
from pathlib import Path

mount, source, logs, room = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
home = mount / "home"
shutil.copytree(source, home)
fill(mount)
with open(mount / "filler", "r+b") as fh:  # leave ``room`` bytes: the run fails midway
    fh.truncate(max(0, fh.seek(0, 2) - room))
run = subprocess.run([sys.executable, "-m", "kore_pipeline.cli", "run", logs, "--home",
                      str(home), "--no-prefect", "--now", "2026-09-12T12:00:00Z"],
                     capture_output=True, text=True)
(mount / "filler").unlink()
print(json.dumps({"code": run.returncode, "stderr": run.stderr[-3000:],
                  "files": sorted(str(p.relative_to(home)) for p in home.rglob("*"))}))
'''


@pytest.mark.slow
@pytest.mark.parametrize("room_kib", [0, 256])
def test_kore_run_on_a_full_disk_says_so_and_sets_nothing_aside(tmp_path: Path, embedder: Any,
                                                                room_kib: int) -> None:
    built = two_owner_home(tmp_path / "built", embedder, "2026-09-10T12:00:00Z")
    logs = write_jsonl(tmp_path / "more" / "b.jsonl", [
        message(f"I adopted a cat called Mittens number {i}.", message_id=f"n{i}",
                ts="2026-09-11T09:00:00Z") for i in range(40)])
    seen = on_small_disk(tmp_path / "disk", 16 * 1024, RUN_ON_FULL_DISK,
                         str(tmp_path / "disk"), str(built.home), str(logs.parent),
                         str(room_kib * 1024))
    assert seen["code"] == 2, seen["stderr"]
    last = seen["stderr"].strip().splitlines()[-1]
    assert last.startswith("error: ") and "disk is full" in last, seen["stderr"]
    assert "Traceback" not in seen["stderr"]
    assert not [f for f in seen["files"] if "damaged" in f], seen["files"]
    assert "cache/embeddings.sqlite" in seen["files"]
