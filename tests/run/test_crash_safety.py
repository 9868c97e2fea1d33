"""Crash safety: `kore run` killed (SIGKILL) at any point, then run again, ends in exactly the
state of an uninterrupted run: same memories, ids, contents, vectors and Parquet rows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.conftest import DATA
from tests.crash_state import assert_same_state, views_open
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"

KILL_POINTS = [
    "ingest:1",    # messages committed, nothing extracted
    "extract:1",   # memories committed, nothing embedded
    "embed:1",     # vectors cached, index not written
    "index:1",     # new index file, old signature file
    "index:2",     # index and signature saved, embedded_hash not recorded
    "decay:1",     # decay committed, compression not run
    "compress:1",  # first merge pass committed, merged texts not re-embedded
    "embed:2",     # merged texts embedded and cached, index not rewritten
    "index:4",     # index with merged vectors saved, embedded_hash not recorded
    "publish:1",   # lake message parts written, snapshots not
    "publish:3",   # memories and archive snapshots written, quarantine and runs not
    "publish:6",   # DuckDB views built aside, not moved into place
]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The sample logs plus near-duplicates (compression merges them over two passes)."""
    folder = tmp_path_factory.mktemp("crash-logs")
    lea = dict(owner="crash-team", speaker="Lea", conversation="c1")
    write_jsonl(folder / "dups.jsonl", [
        message("Lea prefers her coffee as a ristretto and she drinks it every morning at the"
                " office.", message_id="d1", ts="2026-11-20T09:00:00Z", **lea),
        message("Lea prefers her coffee as a ristretto and she drinks it every single morning"
                " at the office.", message_id="d2", ts="2026-11-21T09:00:00Z", **lea),
        message("Every morning at the office Lea drinks a ristretto, her preferred coffee,"
                " before standup.", message_id="d3", ts="2026-11-22T09:00:00Z", **lea),
        message("We decided to move the nightly backups of the billing database to the"
                " Frankfurt region.", message_id="d4", ts="2026-11-23T09:00:00Z", **lea),
        message("We decided to move the nightly backups of the billing database to the"
                " Frankfurt region next week.", message_id="d5", ts="2026-11-24T09:00:00Z",
                **lea),
    ])
    return [DATA, folder]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory, inputs: list[Path],
              embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    """An uninterrupted run."""
    settings = KoreSettings(home=tmp_path_factory.mktemp("ref") / "home")
    summary = run_pipeline(inputs, settings, now=NOW, embedder=embedder)
    assert summary["compress"]["merged"] >= 3 and summary["decay"]["forgotten"] >= 1
    return settings


def kore_run(home: Path, inputs: list[Path], kill_at: str | None = None) -> subprocess.Popen:
    """`kore run --no-prefect` in a child process (optionally with a fault point)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KORE_")}
    if kill_at:
        env["KORE_FAULT_KILL_AT"] = kill_at
    return subprocess.Popen(
        [sys.executable, "-m", "kore_pipeline.cli.app", "run", "--no-prefect", "--home", str(home),
         "--now", NOW, *map(str, inputs)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def recover_and_compare(home: Path, inputs: list[Path], reference: KoreSettings,
                        embedder) -> None:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=home)
    summary = run_pipeline(inputs, settings, now=NOW, embedder=embedder)
    assert summary["state"] == "completed"
    assert_same_state(settings, reference)
    assert views_open(settings) == views_open(reference)
    conn = connect(settings.db_path())
    try:
        states = [r[0] for r in conn.execute("SELECT state FROM runs ORDER BY started_at, rowid")]
    finally:
        conn.close()
    assert states[-1] == "completed" and "started" not in states


@pytest.mark.slow
@pytest.mark.parametrize("point", KILL_POINTS)
def test_killed_run_then_rerun_equals_uninterrupted_run(
        tmp_path: Path, inputs: list[Path], reference: KoreSettings, embedder,  # type: ignore[no-untyped-def]
        point: str) -> None:
    proc = kore_run(tmp_path / "home", inputs, kill_at=point)
    _out, err = proc.communicate(timeout=600)
    assert proc.returncode == -signal.SIGKILL, err.decode(errors="replace")[-2000:]
    recover_and_compare(tmp_path / "home", inputs, reference, embedder)


@pytest.mark.slow
def test_killed_twice_then_rerun(tmp_path: Path, inputs: list[Path], reference: KoreSettings,
                                 embedder) -> None:  # type: ignore[no-untyped-def]
    for point in ("compress:1", "publish:2"):
        proc = kore_run(tmp_path / "home", inputs, kill_at=point)
        proc.communicate(timeout=600)
        assert proc.returncode == -signal.SIGKILL
    recover_and_compare(tmp_path / "home", inputs, reference, embedder)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [4.0, 9.0])
def test_run_killed_after_a_delay_then_rerun(tmp_path: Path, inputs: list[Path],
                                             reference: KoreSettings, embedder,  # type: ignore[no-untyped-def]
                                             delay: float) -> None:
    """Timing-based: wherever the kill lands (or after the run ended), the rerun converges."""
    proc = kore_run(tmp_path / "home", inputs)
    time.sleep(delay)
    proc.kill()
    proc.communicate(timeout=600)
    assert proc.returncode in (0, -signal.SIGKILL)
    recover_and_compare(tmp_path / "home", inputs, reference, embedder)


@pytest.mark.slow
def test_rerun_of_a_completed_run_changes_nothing(tmp_path: Path, inputs: list[Path],
                                                  reference: KoreSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline(inputs, settings, now=NOW, embedder=embedder)
    recover_and_compare(tmp_path / "home", inputs, reference, embedder)


def test_fault_point_kills_only_at_its_count(tmp_path: Path) -> None:
    code = ("from kore_pipeline import faults\n"
            "faults.reach('other'); faults.reach('x'); print('after 1', flush=True)\n"
            "faults.reach('x'); print('after 2', flush=True)\n")
    env = {**os.environ, "KORE_FAULT_KILL_AT": "x:2"}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL and proc.stdout == "after 1\n"
