"""Readers never wait on writers and read commands do not write; one writer per home (two
runs 0.3 s apart)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, transaction
from kore_pipeline.timeutil import iso, utcnow
from tests.helpers import message, write_jsonl

runner = CliRunner()


def make_store(settings: KoreSettings) -> None:
    conn = connect(settings.db_path())
    with transaction(conn):
        for i, text in enumerate(["Kim prefers oolong tea", "Kim walks the dog at dawn"]):
            conn.execute(
                "INSERT INTO memories(owner, subject, key, type, category, content, content_hash,"
                " importance, source_message_ids, created_at, updated_at) VALUES"
                " ('keep', 'Kim', ?, 'factual', 'preference', ?, ?, 3, '[]', ?, ?)",
                (f"k{i}", text, f"h{i}", iso(utcnow()), iso(utcnow())))
    conn.close()


def files(home: Path) -> dict[str, str]:
    """Digest of every file with content (SQLite's shared-memory index and an empty WAL,
    which any reader of a WAL store may create, hold no data)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(home.rglob("*")) if p.is_file() and not p.name.endswith("-shm")
            and p.stat().st_size}


def test_search_answers_while_a_writer_holds_the_lock(settings: KoreSettings) -> None:
    make_store(settings)
    writer = sqlite3.connect(settings.db_path(), isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE memories SET access_count = 7")  # uncommitted: never seen
    try:
        started = time.monotonic()
        result = runner.invoke(app, ["search", "oolong tea", "--owner", "keep", "--mode",
                                     "fts", "--json", "--home", str(settings.home)])
        took = time.monotonic() - started
        stats = runner.invoke(app, ["stats", "--json", "--home", str(settings.home)])
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert result.exit_code == 0, result.output
    assert "oolong" in json.loads(result.stdout)[0]["content"]
    assert took < 10, took  # the access log waits 2 s at most; main waited 30 s and failed
    assert stats.exit_code == 0 and json.loads(stats.stdout)["owners"] == {"keep": 2}


def test_read_commands_do_not_write(settings: KoreSettings) -> None:
    make_store(settings)
    conn = sqlite3.connect(settings.db_path())
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = files(settings.home)
    h = ["--home", str(settings.home)]
    for args in (["stats"], ["export", "--owner", "keep"],
                 ["search", "tea", "--owner", "keep", "--mode", "fts", "--no-reinforce"]):
        result = runner.invoke(app, [*args, *h])
        assert result.exit_code == 0, (args, result.output)
    assert files(settings.home) == before


def test_keyword_search_works_with_a_bogus_embedder(settings: KoreSettings) -> None:
    make_store(settings)
    env = {"KORE_EMBEDDER": "bogus"}
    h = ["--home", str(settings.home), "--owner", "keep"]
    fts = runner.invoke(app, ["search", "oolong", "--mode", "fts", *h], env=env)
    assert fts.exit_code == 0 and "oolong" in fts.output, fts.output
    hybrid = runner.invoke(app, ["search", "oolong", *h], env=env)
    assert hybrid.exit_code == 2 and "unknown embedder 'bogus'" in hybrid.output
    assert "Traceback" not in hybrid.output


@pytest.mark.parametrize("k", ["0", "-1"])
def test_k_below_one_is_rejected(settings: KoreSettings, k: str) -> None:
    make_store(settings)
    result = runner.invoke(app, ["search", "oolong", "--mode", "fts", "--k", k, "--owner",
                                 "keep", "--home", str(settings.home)])
    assert result.exit_code == 2 and "--k" in result.output and "oolong" not in result.output


def test_batch_search_honours_owner(settings: KoreSettings, tmp_path: Path) -> None:
    make_store(settings)
    batch = tmp_path / "q.jsonl"
    batch.write_text(json.dumps({"qid": 1, "query": "oolong"}) + "\n"
                     + json.dumps({"qid": 2, "query": "oolong", "owner": "nobody"}) + "\n"
                     + json.dumps({"qid": 3, "query": "oolong", "k": 0}) + "\n")
    result = runner.invoke(app, ["search", "--batch", str(batch), "--owner", "keep", "--mode",
                                 "fts", "--no-reinforce", "--home", str(settings.home)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines[0]["results"]) == 1 and lines[1]["results"] == []
    assert "k must be" in lines[2]["error"]


HOLD = """
import sys, time
from pathlib import Path
from kore_pipeline.store.homelock import home_lock
with home_lock(Path(sys.argv[1]), 0, "run"):
    print("held", flush=True)
    time.sleep(60)
"""


def test_second_writer_names_the_holder_and_takes_over_a_dead_ones_lock(
        settings: KoreSettings) -> None:
    make_store(settings)
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(settings.home)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        busy = runner.invoke(app, ["decay", "--no-prefect", "--quiet", "--home",
                                   str(settings.home)], env={"KORE_LOCK_WAIT_SECONDS": "0.5"})
        assert busy.exit_code == 3, busy.output
        assert f"another run holds this home {settings.home.resolve()} (pid {holder.pid}" \
            in busy.output and "since 20" in busy.output
    finally:
        holder.kill()
        holder.wait()
    lock = json.loads((settings.home / ".kore.lock").read_text())
    assert lock["pid"] == holder.pid  # the dead process's record is still there ...
    done = runner.invoke(app, ["decay", "--no-prefect", "--quiet", "--home",
                               str(settings.home)], env={"KORE_LOCK_WAIT_SECONDS": "0.5"})
    assert done.exit_code == 0, done.output  # ... and its lock is taken over


@pytest.mark.slow
def test_two_runs_a_moment_apart_both_finish(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [message("I prefer oolong tea in the afternoon, no sugar.",
                                           speaker="Kim", owner="keep", message_id="k1")])
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("KORE_")}
    env["KORE_LOCK_WAIT_SECONDS"] = "300"
    cmd = [sys.executable, "-m", "kore_pipeline.cli", "run", str(logs), "--no-prefect",
           "--quiet", "--home", str(home), "--now", "2026-11-30T12:00:00Z"]
    first = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    time.sleep(0.3)
    second = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    outs = [p.communicate(timeout=600) for p in (first, second)]
    for proc, (out, err) in zip((first, second), outs, strict=True):
        assert proc.returncode == 0, err
        assert "Traceback" not in err and json.loads(out)["state"] == "completed"
