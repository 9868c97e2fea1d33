"""A backup that could not be written whole never carries its final name: it is built in a
temp folder beside the target, verified, then renamed into place."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.lake.publish import publish
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.disk_limits import on_small_disk
from tests.helpers import extracted_home, message

runner = CliRunner()

BACKUP_ON_SMALL_DISK = '''
import json, subprocess, sys
from pathlib import Path

mount, home = Path(sys.argv[1]), sys.argv[2]
dest = mount / "backup"
run = subprocess.run([sys.executable, "-m", "kore_pipeline.cli", "backup", str(dest),
                      "--home", home], capture_output=True, text=True)
stats = subprocess.run([sys.executable, "-m", "kore_pipeline.cli", "stats", "--home",
                        str(dest)], capture_output=True, text=True)
print(json.dumps({"code": run.returncode, "stderr": run.stderr[-3000:],
                  "left": sorted(p.name for p in mount.iterdir()),
                  "stats_code": stats.returncode}))
'''


def _home(tmp_path: Path) -> KoreSettings:
    settings = extracted_home(tmp_path, [
        message(f"I prefer green tea number {i} over coffee.", message_id=f"m{i}")
        for i in range(200)])
    conn = connect(settings.db_path())
    try:
        publish(conn, settings.lake_dir(), settings)
    finally:
        conn.close()
    return settings


def test_a_backup_the_disk_cannot_hold_leaves_no_backup(tmp_path: Path) -> None:
    settings = _home(tmp_path)
    store_kib = settings.db_path().stat().st_size // 1024
    lake_kib = sum(p.stat().st_size for p in settings.lake_dir().rglob("*") if p.is_file()) \
        // 1024
    assert lake_kib > 64  # the disk below holds the store, not the lake too
    seen = on_small_disk(tmp_path / "disk", store_kib + 32, BACKUP_ON_SMALL_DISK,
                         str(tmp_path / "disk"), str(settings.home))
    assert seen["code"] == 2, seen["stderr"]
    last = seen["stderr"].strip().splitlines()[-1]
    assert last.startswith("error: ") and "disk is full" in last, seen["stderr"]
    assert seen["left"] == []  # no backup folder, no temp folder
    assert seen["stats_code"] == 2  # nothing there that looks like a home


def test_a_backup_is_verified_then_named(tmp_path: Path) -> None:
    settings = _home(tmp_path)
    dest = tmp_path / "copy"
    result = runner.invoke(app, ["backup", str(dest), "--home", str(settings.home)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["verified"]["integrity"] == "ok"
    assert report["verified"]["memories"] == len(list(sqlite3.connect(settings.db_path())
                                                      .execute("SELECT id FROM memories")))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy", "home"]
    stats = runner.invoke(app, ["stats", "--json", "--home", str(dest)])
    assert stats.exit_code == 0, stats.output
