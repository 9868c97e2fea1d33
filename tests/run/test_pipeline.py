"""The whole pipeline: Prefect flow end to end, idempotent re-runs, incremental input, lake."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kore_pipeline.embed.cache import EmbeddingCache
from kore_pipeline.lake import publish as lake
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, get_meta
from tests.conftest import DATA
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"


def memory_rows(settings: KoreSettings) -> list[tuple]:
    conn = connect(settings.db_path())
    try:
        return conn.execute("SELECT id, key, content, source_message_ids, status, importance"
                            " FROM memories ORDER BY id").fetchall()
    finally:
        conn.close()


@pytest.mark.slow
def test_prefect_flow_end_to_end_on_sample_data(tmp_path: Path, prefect_harness: None) -> None:
    from flows.pipeline import kore_pipeline_flow

    home = tmp_path / "home"
    summary = kore_pipeline_flow(paths=[str(DATA)], home=str(home), now=NOW)
    assert summary["state"] == "completed"
    assert summary["ingest"]["quarantined"] >= 8  # data/sample/bad_records.jsonl
    assert summary["ingest"]["messages_new"] > 100
    settings = KoreSettings(home=home)
    searcher = Searcher(settings)
    try:
        hits = searcher.search("what is Anna allergic to", "team-alpha", k=3, now=NOW)
    finally:
        searcher.close()
    top = hits[0]
    assert "peanuts" in top.content and top.subject == "Anna"
    conn = connect(settings.db_path())
    try:
        sources = conn.execute(
            f"SELECT text, role FROM messages WHERE message_id IN "
            f"({','.join('?' * len(top.source_message_ids))})", top.source_message_ids).fetchall()
        runs = conn.execute("SELECT state FROM runs").fetchall()
        assert len(hits) == 3
    finally:
        conn.close()
    assert sources and all(role == "user" and "peanuts" in text for text, role in sources)
    assert [r[0] for r in runs] == ["completed"]
    cols, rows = lake.query(settings.lake_dir(), "SELECT count(*) FROM quarantine")
    assert rows[0][0] >= 8
    cols, rows = lake.query(settings.lake_dir(),
                            "SELECT owner, sum(memories) FROM memory_summary GROUP BY 1 ORDER BY 1")
    assert [r[0] for r in rows] == ["agent-7", "default", "team-alpha"]

    # the scheduled flows on their own: a year later most memories are forgotten, not lost
    from flows.pipeline import compress_flow, decay_flow

    decayed = decay_flow(home=str(home), now="2027-11-30T12:00:00Z")
    assert decayed["state"] == "completed" and decayed["decay"]["accesses_applied"] == 3
    assert decayed["decay"]["forgotten"] > 0
    assert compress_flow(home=str(home), now="2027-11-30T12:00:00Z")["state"] == "completed"
    cols, rows = lake.query(settings.lake_dir(), "SELECT status, count(*) FROM memories"
                            " GROUP BY 1 ORDER BY 1")
    counts = dict(rows)
    assert counts["forgotten"] == decayed["decay"]["forgotten"] + summary["decay"]["forgotten"]
    cols, rows = lake.query(settings.lake_dir(), "SELECT kind, state FROM runs ORDER BY 1")
    assert rows == [("compress", "completed"), ("decay", "completed"),
                    ("pipeline", "completed")]


@pytest.mark.slow
def test_rerun_changes_nothing_and_new_file_adds_only_its_memories(
        tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    logs = tmp_path / "logs"
    write_jsonl(logs / "one.jsonl", [
        message("I prefer dark roast coffee from Ethiopia.", message_id="a1"),
        message("I decided to use Postgres for the billing service.", message_id="a2"),
    ])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([logs], settings, now=NOW, embedder=embedder)
    before = memory_rows(settings)
    cache = EmbeddingCache(settings.cache_path())
    cached = len(cache)
    cache.close()

    again = run_pipeline([logs], settings, now=NOW, embedder=embedder)
    assert again["ingest"]["files_skipped"] == 1 and again["ingest"]["messages_new"] == 0
    assert all(r["encoded"] == 0 and not r["rebuilt"] for r in again["index"])
    assert memory_rows(settings) == before

    write_jsonl(logs / "two.jsonl", [message("I usually work from Lisbon on Fridays.",
                                             message_id="a3", ts="2026-09-05T09:00:00Z")])
    third = run_pipeline([logs], settings, now=NOW, embedder=embedder)
    assert third["ingest"]["files_read"] == 1 and third["ingest"]["messages_new"] == 1
    after = memory_rows(settings)
    assert after[: len(before)] == before
    new = after[len(before):]
    assert new and all(json.loads(r[3]) == ["a3"] for r in new)
    cache = EmbeddingCache(settings.cache_path())
    assert len(cache) == cached + len(new)  # only the new texts were embedded
    cache.close()


@pytest.mark.slow
def test_signature_change_reembeds_everything(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    logs = write_jsonl(tmp_path / "logs" / "a.jsonl",
                       [message("I prefer dark roast coffee from Ethiopia.")])
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([logs], settings, now=NOW, embedder=embedder)
    conn = connect(settings.db_path())
    assert get_meta(conn, "embedding_signature") == "onnx:all-MiniLM-L6-v2:384"
    # Same weights under another name: a different signature, so nothing may be reused.
    renamed = KoreSettings(home=settings.home, model_name="minilm-copy",
                           model_path=embedder_path(embedder))
    report = run_pipeline([logs], renamed, now=NOW)
    assert report["index"][0]["stale"] == report["index"][0]["memories"] > 0
    assert report["index"][0]["encoded"] == report["index"][0]["memories"]
    assert get_meta(conn, "embedding_signature") == "onnx:minilm-copy:384"
    conn.close()


def embedder_path(embedder) -> Path:  # type: ignore[no-untyped-def]
    from kore_pipeline.embed.cache import resolve_model_path

    return resolve_model_path(embedder.settings)


@pytest.mark.slow
def test_bad_file_does_not_stop_the_run(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_jsonl(logs / "bad.jsonl", ["{oops", json.dumps({"role": "user"})])
    (logs / "broken.parquet").write_bytes(b"not parquet")
    shutil.copy(DATA / "sample" / "bad_records.jsonl", logs / "sample_bad.jsonl")
    settings = KoreSettings(home=tmp_path / "home")
    summary = run_pipeline([logs], settings, now=NOW)
    assert summary["state"] == "completed"
    conn = connect(settings.db_path())
    reasons = conn.execute("SELECT source_file, source_line, reason FROM quarantine").fetchall()
    conn.close()
    assert any(r[0].endswith("broken.parquet") and "unreadable" in r[2] for r in reasons)
    assert any(r[0].endswith("bad.jsonl") and r[1] == 1 for r in reasons)


def test_deployments_carry_cron_schedules() -> None:
    from flows.serve import COMPRESS_CRON, DECAY_CRON, PIPELINE_CRON, deployments

    deps = deployments(home="/srv/kore", paths=["/srv/logs"])
    by_name = {d.name: d for d in deps}
    assert set(by_name) == {"kore-pipeline", "kore-decay-daily", "kore-compress-daily"}
    crons = {name: [s.schedule.cron for s in d.schedules] for name, d in by_name.items()}
    assert crons == {"kore-pipeline": [PIPELINE_CRON], "kore-decay-daily": [DECAY_CRON],
                     "kore-compress-daily": [COMPRESS_CRON]}
    assert by_name["kore-pipeline"].parameters == {"home": "/srv/kore", "paths": ["/srv/logs"]}
    # schedules carry their timezone (UTC unless told)
    assert {s.schedule.timezone for d in deps for s in d.schedules} == {"UTC"}
    berlin = deployments(home="/srv/kore", paths=["/srv/logs"], timezone="Europe/Berlin")
    assert {s.schedule.timezone for d in berlin for s in d.schedules} == {"Europe/Berlin"}


def test_deployment_parameters_are_described() -> None:
    from flows.pipeline import compress_flow, decay_flow, kore_pipeline_flow, micro_batch_flow

    for fl in (kore_pipeline_flow, micro_batch_flow, decay_flow, compress_flow):
        props = fl.parameters.model_dump()["properties"]
        assert props and all(len(p.get("description", "")) > 20 for p in props.values()), \
            fl.name


def test_prefect_yaml_matches_the_flows() -> None:
    import yaml

    root = Path(__file__).resolve().parents[2]
    spec = yaml.safe_load((root / "prefect.yaml").read_text())
    entry = {d["name"]: d["entrypoint"] for d in spec["deployments"]}
    # `prefect deploy --all` deploys these three; the micro-batch one is opt-in
    assert entry == {"kore-pipeline": "flows/pipeline.py:kore_pipeline_flow",
                     "kore-decay-daily": "flows/pipeline.py:decay_flow",
                     "kore-compress-daily": "flows/pipeline.py:compress_flow"}
    streaming = yaml.safe_load((root / "prefect-streaming.yaml").read_text())["deployments"]
    assert [d["entrypoint"] for d in streaming] == ["flows/pipeline.py:micro_batch_flow"]
    every = spec["deployments"] + streaming
    assert all(d["schedules"][0].get("cron") or d["schedules"][0].get("interval")
               for d in every)
    assert all(d["schedules"][0].get("timezone") == "UTC" for d in every)
    for d in every:  # each entry point exists and names a flow
        path, name = d["entrypoint"].split(":")
        assert f"{name}" in (root / path).read_text()


@pytest.mark.slow
def test_messages_of_a_failed_run_are_extracted_by_the_next(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    from kore_pipeline.run import pipeline

    logs = write_jsonl(tmp_path / "logs" / "a.jsonl",
                       [message("I prefer dark roast coffee from Ethiopia.", message_id="a1")])
    settings = KoreSettings(home=tmp_path / "home")
    ctx = pipeline.open_run(settings, "pipeline", NOW, embedder)
    pipeline.stage_ingest(ctx, [logs])   # ...and the run dies before extraction
    pipeline.close_run(ctx, "failed")
    ctx.close()
    assert memory_rows(settings) == []

    summary = run_pipeline([logs], settings, now=NOW, embedder=embedder)
    assert summary["ingest"]["files_skipped"] == 1     # the file is not read again
    assert summary["extract"]["messages"] == 1          # but its message is not lost
    assert any("dark roast" in r[2] for r in memory_rows(settings))


@pytest.mark.slow
def test_same_message_id_in_two_owners_or_conversations_is_kept(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [
        message("Hello from alice, the first of her messages.", owner="alice", message_id="1"),
        message("Hello from bob, the first of his messages.", owner="bob", message_id="1"),
        message("Alice again, in another conversation now.", owner="alice", message_id="1",
                conversation="c2"),
    ])
    settings = KoreSettings(home=tmp_path / "home")
    first = run_pipeline([logs], settings, now=NOW)
    assert first["ingest"]["messages_new"] == 3 and first["ingest"]["quarantined"] == 0
    write_jsonl(logs / "b.jsonl", [
        message("Bob says something else under the same id.", owner="bob", message_id="1"),
        message("Hello from carol, her first message.", owner="carol", message_id="1"),
    ])
    second = run_pipeline([logs], settings, now=NOW)
    assert second["ingest"]["messages_new"] == 1  # carol's
    conn = connect(settings.db_path())
    reasons = [r[0] for r in conn.execute("SELECT reason FROM quarantine")]
    conn.close()
    assert reasons == ["message_id '1' already stored with another text"]


@pytest.mark.slow
def test_first_run_with_only_bad_records_publishes(tmp_path: Path) -> None:
    logs = write_jsonl(tmp_path / "logs" / "bad.jsonl", ["{oops", "[1]"])
    settings = KoreSettings(home=tmp_path / "home")
    summary = run_pipeline([logs], settings, now=NOW)
    assert summary["state"] == "completed" and summary["publish"]["memories"] == 0
    cols, rows = lake.query(settings.lake_dir(), "SELECT count(*) FROM memory_summary")
    assert rows == [(0,)]


@pytest.mark.slow
def test_unreadable_file_is_retried_and_failed_runs_messages_reach_the_lake(
        tmp_path: Path) -> None:
    from kore_pipeline.run import pipeline

    logs = tmp_path / "logs"
    (logs / "broken.parquet").parent.mkdir(parents=True)
    (logs / "broken.parquet").write_bytes(b"not parquet")
    write_jsonl(logs / "a.jsonl", [message("Hi there, just testing the lake here.")])
    settings = KoreSettings(home=tmp_path / "home")
    ctx = pipeline.open_run(settings, "pipeline", NOW)
    pipeline.stage_ingest(ctx, [logs])  # ...and the run dies before publishing
    pipeline.close_run(ctx, "failed")
    ctx.close()
    conn = connect(settings.db_path())
    files = [r[0] for r in conn.execute("SELECT path FROM ingested_files")]
    conn.close()
    assert [Path(f).name for f in files] == ["a.jsonl"]  # broken.parquet will be tried again
    summary = run_pipeline([logs], settings, now=NOW)
    assert summary["publish"]["messages"] == 1  # the failed run's message, published now
    cols, rows = lake.query(settings.lake_dir(), "SELECT text FROM messages")
    assert rows == [("Hi there, just testing the lake here.",)]
