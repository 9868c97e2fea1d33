"""Streaming: per-file checkpoints, appended and rewritten files, `kore watch`, the Prefect flow."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kore_pipeline.ingest.checkpoints import load_checkpoints
from kore_pipeline.ingest.reader import ingest_paths
from kore_pipeline.run.pipeline import execute, open_run, stage_ingest
from kore_pipeline.run.watch import has_work, run_micro_batch, watch
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"


def line(text: str, **kw: object) -> str:
    return json.dumps(message(text, **kw)) + "\n"


def append(path: Path, data: str | bytes) -> None:
    with path.open("ab") as fh:
        fh.write(data.encode("utf-8") if isinstance(data, str) else data)


def ingest_run(settings: KoreSettings, paths: list[Path]) -> dict[str, int]:
    """Only the ingest stage, as a recorded run (no model needed)."""
    ctx = open_run(settings, "pipeline", NOW)
    out: dict[str, int] = {}
    execute(ctx, lambda: out.update(stage_ingest(ctx, paths)))
    return out


def stored(settings: KoreSettings) -> list[tuple[str, int]]:
    conn = connect(settings.db_path())
    try:
        return [tuple(r) for r in conn.execute(
            "SELECT text, source_line FROM messages ORDER BY source_line, text")]
    finally:
        conn.close()


def test_appended_lines_are_read_once_and_a_partial_line_waits(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    log = tmp_path / "chat.jsonl"
    log.write_text(line("I like green tea.") + line("I live in Porto."), encoding="utf-8")
    first = ingest_paths([log], settings)
    cps = {c.path: c for c in first.checkpoints}
    assert len(first.messages) == 2 and cps[str(log)].position == log.stat().st_size

    half = line("I always run on Fridays.", ts="2026-09-02T09:00:00Z")
    append(log, line("I decided to learn Rust.") + half[:25])  # a line being written
    second = ingest_paths([log], settings, checkpoints=cps)
    assert [(m["text"], m["source_line"]) for m in second.messages] == [
        ("I decided to learn Rust.", 3)]
    assert second.pending_bytes == 25 and second.quarantine == []
    cps = {c.path: c for c in second.checkpoints}

    append(log, half[25:])  # the line is complete now
    third = ingest_paths([log], settings, checkpoints=cps)
    assert [(m["text"], m["source_line"]) for m in third.messages] == [
        ("I always run on Fridays.", 4)]
    assert third.pending_bytes == 0
    cps = {c.path: c for c in third.checkpoints}
    assert ingest_paths([log], settings, checkpoints=cps).skipped_files == [str(log)]


def test_a_last_line_that_is_a_whole_object_is_taken_and_numbering_goes_on(
        tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    log = tmp_path / "chat.jsonl"
    log.write_text(line("I like green tea.") + line("I live in Porto.").rstrip("\n"))
    first = ingest_paths([log], settings)
    assert len(first.messages) == 2 and first.pending_bytes == 0
    append(log, "\n" + line("I prefer window seats."))
    second = ingest_paths([log], settings, checkpoints={c.path: c for c in first.checkpoints})
    assert [(m["text"], m["source_line"]) for m in second.messages] == [
        ("I prefer window seats.", 3)]


def test_an_over_long_line_waits_for_its_newline_then_is_quarantined(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h", max_record_bytes=1000)
    log = tmp_path / "chat.jsonl"
    log.write_text(line("I like green tea.") + '{"text": "' + "x" * 3000)
    first = ingest_paths([log], settings)
    assert len(first.messages) == 1 and first.quarantine == [] and first.pending_bytes > 3000
    append(log, '"}\n' + line("I live in Porto."))
    second = ingest_paths([log], settings, checkpoints={c.path: c for c in first.checkpoints})
    assert [m["text"] for m in second.messages] == ["I live in Porto."]
    (bad,) = second.quarantine
    assert bad["source_line"] == 2 and "larger than 1000 bytes" in bad["reason"]


def test_rewritten_or_shrunk_file_is_reread_without_duplicates(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    log = tmp_path / "chat.jsonl"
    a, b = line("I like green tea.", message_id="1"), line("I live in Porto.", message_id="2")
    log.write_text(a + b)
    assert ingest_run(settings, [log])["messages_new"] == 2

    # rewritten: a line inserted at the top (same size would not matter: the prefix hash differs)
    log.write_text(line("I prefer window seats.", message_id="0") + a + b)
    report = ingest_run(settings, [log])
    assert report["files_rewritten"] == 1 and report["messages_new"] == 1
    assert report["quarantined"] == 0

    # shrunk to one line, then a new line appended: only the new message is new
    log.write_text(a)
    report = ingest_run(settings, [log])
    assert report["files_rewritten"] == 1 and report["messages_new"] == 0
    assert ingest_run(settings, [log])["files_skipped"] == 1
    append(log, line("I decided to learn Rust.", message_id="3"))
    report = ingest_run(settings, [log])
    assert report["messages_new"] == 1
    texts = [t for t, _ in stored(settings)]
    assert sorted(texts) == sorted(["I like green tea.", "I live in Porto.",
                                    "I prefer window seats.", "I decided to learn Rust."])

    # an edited message under the same id is quarantined, never silently replaced
    log.write_text(line("I like black coffee.", message_id="1"))
    report = ingest_run(settings, [log])
    assert report["files_rewritten"] == 1 and report["messages_new"] == 0
    assert report["quarantined"] == 1 and len(stored(settings)) == 4


def test_new_files_in_a_folder_are_picked_up_and_old_ones_skipped(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    folder = tmp_path / "logs"
    write_jsonl(folder / "a.jsonl", [message("I like green tea.")])
    assert ingest_run(settings, [folder])["files_read"] == 1
    write_jsonl(folder / "b.jsonl", [message("I live in Porto.", conversation="c2")])
    report = ingest_run(settings, [folder])
    assert report["files_read"] == 1 and report["files_skipped"] == 1
    assert report["messages_new"] == 1


def test_a_file_ingested_before_checkpoints_existed_is_not_read_again(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    log = write_jsonl(tmp_path / "chat.jsonl", [message("I like green tea.")])
    ingest_run(settings, [log])
    conn = connect(settings.db_path())
    conn.execute("DELETE FROM source_checkpoints")  # as a store of schema version 4 was
    conn.close()
    report = ingest_run(settings, [log])
    assert report["files_skipped"] == 1 and report["messages_read"] == 0
    append(log, line("I live in Porto."))
    report = ingest_run(settings, [log])
    assert report["messages_read"] == 1 and report["messages_new"] == 1


def test_checkpoints_hold_no_message_text(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    canary = "zebra-canary-7f3a"
    log = write_jsonl(tmp_path / "chat.jsonl", [message(f"I like {canary} tea.")])
    append(log, f'{{"text": "{canary} still being writ')
    ingest_run(settings, [log])
    conn = connect(settings.db_path())
    try:
        rows = conn.execute("SELECT * FROM source_checkpoints").fetchall()
    finally:
        conn.close()
    assert len(rows) == 1
    assert all(canary not in str(v) for row in rows for v in tuple(row))


@pytest.mark.slow
def test_watch_makes_appended_lines_searchable_and_idles_without_runs(
        tmp_path: Path, embedder: object) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    folder = tmp_path / "logs"
    log = write_jsonl(folder / "chat.jsonl", [message("I like green tea in the morning.")])
    first = watch([folder], settings, once=True, now=NOW, embedder=embedder)  # type: ignore
    assert first.batches == 1 and first.messages_new == 1
    assert not has_work([folder], settings)
    idle = watch([folder], settings, once=True, now=NOW, embedder=embedder)  # type: ignore
    assert idle.batches == 0

    append(log, line("I am allergic to hazelnuts.", ts="2026-09-03T09:00:00Z"))
    write_jsonl(folder / "new.jsonl", [message("My favourite city is Kyoto.", conversation="c9")])
    assert has_work([folder], settings)
    summary = run_micro_batch([folder], settings, NOW, embedder)  # type: ignore[arg-type]
    assert summary["state"] == "completed" and summary["ingest"]["messages_new"] == 2
    assert "decay" not in summary and summary["publish"]["memories"] >= 3
    searcher = Searcher(settings, embedder)  # type: ignore[arg-type]
    try:
        hits = searcher.search("what is Anna allergic to", "team-alpha", k=1, now=NOW)
        assert "hazelnuts" in hits[0].content
        hits = searcher.search("favourite city", "team-alpha", k=1, now=NOW, mode="semantic")
        assert "Kyoto" in hits[0].content
    finally:
        searcher.close()
    conn = connect(settings.db_path())
    try:
        kinds = [r[0] for r in conn.execute("SELECT kind FROM runs")]
        assert len(load_checkpoints(conn)) == 2
    finally:
        conn.close()
    assert kinds == ["watch", "watch"]


@pytest.mark.slow
def test_kore_watch_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    write_jsonl(folder / "chat.jsonl", [message("I like green tea in the morning.")])
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "kore_pipeline.cli.app", "watch", str(folder), "--interval", "0.5",
         "--home", str(tmp_path / "h"), "--now", NOW],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = proc.stdout.readline()  # type: ignore[union-attr]  # the first batch's summary
        assert json.loads(first)["state"] == "completed"
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "stopped after 1 micro-batch" in err and "Traceback" not in err
    conn = connect(tmp_path / "h" / "kore.sqlite")
    try:
        states = [r[0] for r in conn.execute("SELECT state FROM runs")]
    finally:
        conn.close()
    assert states == ["completed"]


@pytest.mark.slow
def test_prefect_micro_batch_flow_and_interval_deployment(tmp_path: Path,
                                                         prefect_harness: None) -> None:
    from flows.pipeline import micro_batch_flow
    from flows.serve import deployments

    folder = tmp_path / "logs"
    log = write_jsonl(folder / "chat.jsonl", [message("I like green tea in the morning.")])
    home = str(tmp_path / "h")
    first = micro_batch_flow(paths=[str(folder)], home=home, now=NOW)
    assert first["state"] == "completed" and first["ingest"]["messages_new"] == 1
    assert micro_batch_flow(paths=[str(folder)], home=home, now=NOW) == {"skipped": True}
    append(log, line("I am allergic to hazelnuts."))
    again = micro_batch_flow(paths=[str(folder)], home=home, now=NOW)
    assert again["ingest"]["messages_new"] == 1 and again["ingest"]["files_read"] == 1

    stream = deployments(home, [str(folder)], stream_interval=60)
    assert stream[0].name == "kore-micro-batch" and stream[0].concurrency_limit == 1
    assert stream[0].schedules[0].schedule.interval.total_seconds() == 60
    assert stream[0].schedules[0].schedule.timezone == "UTC"
    assert [d.name for d in deployments(home)][0] == "kore-pipeline"  # default unchanged


def test_prefect_yaml_declares_the_interval_deployment() -> None:
    import yaml

    spec = yaml.safe_load((Path(__file__).resolve().parents[2] / "prefect-streaming.yaml")
                          .read_text())
    (micro,) = [d for d in spec["deployments"] if d["name"] == "kore-micro-batch"]
    assert micro["entrypoint"] == "flows/pipeline.py:micro_batch_flow"
    assert micro["schedules"][0]["interval"] == 60 and micro["concurrency_limit"] == 1
