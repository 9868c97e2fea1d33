"""`kore forget`: no file under the home keeps a forgotten owner's text; others stay intact."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.lifecycle.erase import forget_owner
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"
CANARY = "Zyxqvo-canary-7f3a9c"
SUBJECT_CANARY = "Quokkalu-canary-91bd"


def write_logs(folder: Path) -> list[Path]:
    """Owner `secret` (two people) carries the canaries everywhere a text can land; owner
    `keep` must survive the forget untouched."""
    sec = dict(owner="secret", conversation="c1")
    write_jsonl(folder / "a.jsonl", [
        message(f"I prefer {CANARY} coffee from the small roaster.", speaker="Eve",
                message_id="s1", ts="2026-11-01T09:00:00Z", **sec),
        message(f"We decided to ship the {CANARY} release before the audit in December.",
                speaker="Eve", message_id="s2", ts="2026-11-02T09:00:00Z", **sec),
        message(f"Noted: {CANARY} coffee it is.", role="assistant", speaker="Eve",
                message_id="s3", ts="2026-11-02T09:01:00Z", **sec),
        message(f"I always walk my dog {SUBJECT_CANARY} before breakfast every day.",
                speaker="Finn", message_id="s4", ts="2026-11-03T09:00:00Z", **sec),
        message("I prefer oolong tea in the afternoon, served without sugar.",
                owner="keep", speaker="Kim", message_id="k1", ts="2026-11-01T09:00:00Z"),
        message("We decided to migrate the analytics warehouse to DuckDB next quarter.",
                owner="keep", speaker="Kim", message_id="k2", ts="2026-11-02T09:00:00Z"),
        # bad records naming the owner: quarantined with the canary in their raw text
        json.dumps({"owner": "secret", "conversation_id": "c1", "role": "user",
                    "ts": "not a time", "text": f"broken {CANARY} record"}),
        f'{{"owner": "secret", "text": "{CANARY} in a line that is not JSON',
        # the owner key after the first 2,000 characters, a \\u escape, and a line
        # that is not JSON with the owner after the text
        json.dumps({"text": f"{CANARY} late owner " + "padding " * 300, "role": "user",
                    "ts": "not a time", "owner": "secret"}),
        '{"owner": "\\u0073ecret", "role": "user", "ts": "bad", "text": "' + CANARY + ' esc"}',
        f'{{"text": "{CANARY} broken again", "role": "user", "owner": "secret", ',
    ])
    # the same message id again with another text: a clash, quarantined (a file of the
    # owner's alone: its read checkpoint and hash name it and must go too)
    write_jsonl(folder / "secret-only.jsonl", [
        message(f"I prefer {CANARY} tea now, actually.", speaker="Eve", message_id="s1",
                ts="2026-11-05T09:00:00Z", **sec)])
    return [folder]


def files_with(home: Path, needle: str) -> list[str]:
    """Files under ``home`` whose bytes, or decoded Parquet values, contain ``needle``."""
    raw = needle.encode("utf-8")
    found = []
    for path in sorted(p for p in home.rglob("*") if p.is_file()):
        if raw in path.read_bytes():
            found.append(str(path))
        elif path.suffix == ".parquet" and needle in json.dumps(
                pq.read_table(path, partitioning=None).to_pylist(), default=str,
                ensure_ascii=False):
            found.append(f"{path} (decoded)")
    return found


@pytest.fixture
def home(tmp_path: Path, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline(write_logs(tmp_path / "logs"), settings, now=NOW, embedder=embedder)
    searcher = Searcher(settings, embedder=embedder)
    try:  # access-log rows, with the query text, for both owners
        assert searcher.search(f"{CANARY} coffee", "secret", now=NOW)
        assert searcher.search("oolong tea", "keep", now=NOW)
    finally:
        searcher.close()
    return settings


def keep_state(settings: KoreSettings) -> list[tuple]:
    conn = connect(settings.db_path())
    try:
        return [tuple(r) for r in conn.execute(
            "SELECT id, subject, key, content, status, importance, decay_score FROM memories_scored"
            " WHERE owner = 'keep' ORDER BY id")]
    finally:
        conn.close()


@pytest.mark.slow
def test_forget_owner_leaves_no_trace_in_any_file(home: KoreSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    conn = connect(home.db_path())
    quarantined = conn.execute("SELECT count(*) FROM quarantine WHERE raw LIKE ?",
                               (f"%{CANARY}%",)).fetchone()[0]
    conn.close()
    assert quarantined == 6  # bad time, not JSON, id clash, late owner, escape, not JSON
    before = files_with(home.home, CANARY)
    assert any("kore.sqlite" in f for f in before) and any(".parquet" in f for f in before)
    kept = keep_state(home)
    result = CliRunner().invoke(app, ["forget", "--owner", "secret", "--yes", "--home",
                                      str(home.home)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["rows"]["memories"] >= 4 and report["rows"]["quarantine"] == 6
    assert report["rows"]["source_checkpoints"] >= 1 and report["rows"]["ingested_files"] >= 1
    assert report["vectors_removed"] == report["rows"]["memories"]
    assert files_with(home.home, CANARY) == []
    assert files_with(home.home, SUBJECT_CANARY) == []
    assert files_with(home.home, "secret") == []  # not even the owner's name
    # the other owner: same rows, searchable by keyword and by meaning, index consistent
    assert keep_state(home) == kept
    searcher = Searcher(home, embedder=embedder)
    try:
        hits = searcher.search("what tea does Kim like", "keep", now=NOW, reinforce=False)
        assert hits and "oolong" in hits[0].content and hits[0].vector_rank is not None
        assert searcher.search(f"{CANARY} coffee", "secret", now=NOW, reinforce=False) == []
    finally:
        searcher.close()
    index = VectorIndex.load(home.index_dir())
    assert index is not None and len(index) == len(kept)


@pytest.mark.slow
def test_forget_one_subject_keeps_the_owners_other_people(home: KoreSettings) -> None:
    result = CliRunner().invoke(app, ["forget", "--owner", "secret", "--subject", "Finn",
                                      "--yes", "--home", str(home.home)])
    assert result.exit_code == 0, result.output
    assert files_with(home.home, SUBJECT_CANARY) == []
    conn = connect(home.db_path())
    try:
        subjects = {r[0] for r in conn.execute(
            "SELECT DISTINCT subject FROM memories WHERE owner = 'secret'")}
    finally:
        conn.close()
    assert subjects == {"Eve"}
    assert files_with(home.home, CANARY)  # Eve's memories stay


def test_forget_without_store_is_an_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["forget", "--owner", "x", "--yes", "--home",
                                      str(tmp_path / "none")])
    assert result.exit_code == 2 and "no store" in result.output


def test_forget_lake_drops_owner_partitions_and_rows(tmp_path: Path) -> None:
    """A lake laid out by owner/day partitions (any layout) is cleaned generically."""
    import pyarrow as pa

    from kore_pipeline.lake.publish import write_parquet_atomic
    from kore_pipeline.lifecycle.erase import ForgetReport, forget_lake

    lake = tmp_path / "lake"
    for owner in ("secret", "keep"):
        write_parquet_atomic(pa.table({"text": [f"{owner} {CANARY}"]}),
                             lake / "messages" / f"owner={owner}" / "day=2026-11-01" / "p.parquet")
    write_parquet_atomic(pa.table({"owner": ["secret", "keep"], "text": [CANARY, "x"]}),
                         lake / "memories.parquet")
    write_parquet_atomic(pa.table({"memory_id": [1, 2], "content": [CANARY, "y"]}),
                         lake / "archive.parquet")
    report = ForgetReport(owner="secret", subject=None)
    forget_lake(lake, "secret", None, {1}, report)
    assert not (lake / "messages" / "owner=secret").exists()
    assert (lake / "messages" / "owner=keep" / "day=2026-11-01" / "p.parquet").is_file()
    assert pq.read_table(lake / "memories.parquet").to_pylist() == [{"owner": "keep",
                                                                     "text": "x"}]
    assert pq.read_table(lake / "archive.parquet")["memory_id"].to_pylist() == [2]
    assert (report.parquet_files_removed, report.parquet_rows_removed) == (1, 3)


def _run_logs(tmp_path: Path, records: list, embedder, name: str = "x.jsonl") -> KoreSettings:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    write_jsonl(tmp_path / "logs" / name, records)
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    return settings


def _owners(settings: KoreSettings) -> dict[str, set]:
    conn = connect(settings.db_path())
    try:
        return {t: {r[0] for r in conn.execute(f"SELECT DISTINCT owner FROM {t}")}
                for t in ("messages", "memories", "quarantine")}
    finally:
        conn.close()


@pytest.mark.slow
def test_forget_matches_the_owner_exactly_never_an_encoded_alias(tmp_path: Path,
                                                                  embedder) -> None:  # type: ignore[no-untyped-def]
    settings = _run_logs(tmp_path, [
        message("I prefer oolong tea in the afternoon, served without sugar.", owner="a b",
                speaker="Kim", message_id="m1", ts="2026-11-01T09:00:00Z"),
        message("I always walk my dog Rex before breakfast every single day.", owner="a%20b",
                speaker="Lea", message_id="m2", ts="2026-11-02T09:00:00Z"),
        # a bad record of owner B that quotes owner A in its text: B's, not A's
        json.dumps({"owner": "B", "role": "user", "ts": "bad",
                    "text": 'he wrote {"owner": "a%20b"} here'}),
        json.dumps({"owner": "a%20b", "role": "user", "ts": "bad", "text": "mine"}),
    ], embedder)
    result = CliRunner().invoke(app, ["forget", "--owner", "a%20b", "--yes", "--home",
                                      str(settings.home)])
    assert result.exit_code == 0, result.output
    owners = _owners(settings)
    assert owners["messages"] == {"a b"} and owners["memories"] == {"a b"}
    assert owners["quarantine"] == {"B"}
    cols, rows = __import__("kore_pipeline.lake.publish", fromlist=["query"]).query(
        settings.lake_dir(), "SELECT owner, count(*) FROM messages GROUP BY 1")
    assert rows == [("a b", 1)]  # the other owner's lake rows are all there


@pytest.mark.slow
def test_forget_removes_bad_messages_of_an_export(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    export = [{"id": "conv-1", "title": "t", "mapping": {
        "n1": {"message": {"author": {"role": "user"}, "create_time": 1764000000,
                           "content": {"parts": [f"I prefer {CANARY} coffee every morning."]}}},
        "n2": {"message": {"author": {"role": "wizard"}, "create_time": 1764000100,
                           "content": {"parts": [f"{CANARY} from a bad role"]}}}}}]
    settings = KoreSettings(home=tmp_path / "home", default_owner="exporter")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "conversations.json").write_text(json.dumps(export))
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    owners = _owners(settings)
    assert owners["quarantine"] == {"exporter"}, owners  # the owner its messages went to
    from kore_pipeline.lifecycle.erase import forget_owner

    report = forget_owner(settings, "exporter")
    assert report.rows["quarantine"] >= 1
    assert files_with(settings.home, CANARY) == []


FORGET = """
import sys
from pathlib import Path
from kore_pipeline.lifecycle.erase import forget_owner
from kore_pipeline.settings import KoreSettings
forget_owner(KoreSettings(home=Path(sys.argv[1])), "secret")
"""


@pytest.mark.slow
@pytest.mark.parametrize("point", [1, 2, 3, 4])
def test_forget_killed_at_any_point_finishes_when_run_again(home: KoreSettings,
                                                            point: int) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("KORE_")}
    env["KORE_FAULT_KILL_AT"] = f"forget:{point}"
    killed = subprocess.run([sys.executable, "-c", FORGET, str(home.home)], env=env,
                            capture_output=True, text=True, timeout=300)
    assert killed.returncode == -9, killed.stderr
    assert files_with(home.home, CANARY)  # something is left ...
    again = CliRunner().invoke(app, ["forget", "--owner", "secret", "--yes", "--home",
                                     str(home.home)])
    assert again.exit_code == 0, again.output
    assert files_with(home.home, CANARY) == []  # ... and the rerun removes it
    conn = connect(home.db_path())
    assert conn.execute("SELECT count(*) FROM forget_pending").fetchone()[0] == 0
    conn.close()


@pytest.mark.slow
def test_forget_goes_on_past_a_corrupt_lake_file(home: KoreSettings) -> None:
    from kore_pipeline.lake.publish import read_dataset

    base = (home.lake_dir() / "memories" / "base.parquet").resolve()
    base.write_bytes(b"PAR1 garbage " + CANARY.encode())
    result = CliRunner().invoke(app, ["forget", "--owner", "secret", "--yes", "--home",
                                      str(home.home)])
    assert result.exit_code == 0, result.output
    assert str(base) in json.loads(result.stdout)["unreadable_files"]
    assert files_with(home.home, CANARY) == []
    assert read_dataset(home.lake_dir(), "memories").num_rows > 0  # rebuilt


@pytest.mark.slow
def test_forget_keeps_the_homes_decay_settings_in_the_analysts_views(tmp_path: Path,
                                                                     embedder) -> None:  # type: ignore[no-untyped-def]
    import duckdb

    settings = KoreSettings(home=tmp_path / "home", forget_threshold=0.125)
    write_jsonl(tmp_path / "logs" / "x.jsonl", [
        message("I prefer oolong tea in the afternoon, served without sugar.", owner="keep",
                message_id="m1", ts="2026-11-01T09:00:00Z"),
        message("I always walk my dog Rex before breakfast every single day.", owner="gone",
                message_id="m2", ts="2026-11-02T09:00:00Z")])
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    forget_owner(settings, "gone")
    con = duckdb.connect(str(settings.lake_dir() / "kore.duckdb"), read_only=True)
    try:
        sql = " ".join(r[0] for r in con.execute("SELECT sql FROM duckdb_views()"
                                                 " WHERE NOT internal").fetchall())
    finally:
        con.close()
    assert "0.125" in sql and "0.05)" not in sql  # the home's threshold, not the default
