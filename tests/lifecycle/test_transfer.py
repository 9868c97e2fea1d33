"""`kore export` / `kore import`: an owner's memories round-trip as JSON Lines."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.embed.cache import embed_text
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.lifecycle.decay import run_decay
from kore_pipeline.lifecycle.transfer import TransferError, export_owner, import_file
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import parse_ts
from tests.conftest import DATA
from tests.helpers import extracted_home, message

NOW = "2026-11-30T12:00:00Z"
COLUMNS = ("subject", "key", "type", "category", "content", "content_hash", "language",
           "importance", "importance_explicit", "source_message_ids", "session_id",
           "created_at", "updated_at", "last_accessed_at", "access_count", "decay_score",
           "status", "expires_at", "embedded_hash", "rule")


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    """The sample data, searched (access history) and decayed (some memories archived)."""
    settings = KoreSettings(home=tmp_path_factory.mktemp("export") / "home")
    run_pipeline([DATA], settings, now=NOW, embedder=embedder)
    searcher = Searcher(settings, embedder=embedder)
    try:
        for q in ("coffee", "database decision", "allergic"):
            searcher.search(q, "team-alpha", now=NOW)
        searcher.search("coffee", "team-alpha", now="2026-12-01T12:00:00Z")  # stays pending
    finally:
        searcher.close()
    conn = connect(settings.db_path())
    try:
        run_decay(conn, settings, parse_ts(NOW))
    finally:
        conn.close()
    return settings


def owner_rows(settings: KoreSettings, owner: str) -> dict[str, list]:
    """Memories (by key, not id), archive, access history and messages of one owner."""
    conn = connect(settings.db_path())
    try:
        cols = ", ".join(f"m.{c}" for c in COLUMNS)
        mems = [tuple(r) for r in conn.execute(
            f"SELECT {cols}, t.subject, t.key FROM memories_scored AS m LEFT JOIN memories AS t"
            f" ON t.id = m.merged_into WHERE m.owner = ? ORDER BY m.subject, m.key", (owner,))]
        archive = [tuple(r) for r in conn.execute(
            "SELECT m.subject, m.key, a.archived_at, a.reason, a.content, a.decay_score"
            " FROM archive AS a JOIN memories AS m ON m.id = a.memory_id WHERE m.owner = ?"
            " ORDER BY 1, 2", (owner,))]
        accesses = [tuple(r) for r in conn.execute(
            "SELECT m.subject, m.key, l.accessed_at, l.query, l.applied FROM access_log AS l"
            " JOIN memories AS m ON m.id = l.memory_id WHERE l.owner = ? ORDER BY 1, 2, 3, 4",
            (owner,))]
        messages = [tuple(r)[1:] for r in conn.execute(
            "SELECT owner, message_id, conversation_id, session_id, ts, role, speaker, text,"
            " importance, source_file, source_line, extracted FROM messages WHERE owner = ?"
            " ORDER BY conversation_id, message_id", (owner,))]
    finally:
        conn.close()
    return {"memories": mems, "archive": archive, "accesses": accesses, "messages": messages}


@pytest.mark.slow
def test_export_import_round_trip(source: KoreSettings, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "alpha.jsonl"
    result = CliRunner().invoke(app, ["export", "--owner", "team-alpha", "--out", str(out),
                                      "--home", str(source.home), "--now", NOW])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    header = lines[0]
    assert (header["kind"], header["version"], header["owner"]) == ("kore-export", 1,
                                                                     "team-alpha")
    kinds = [rec["kind"] for rec in lines[1:]]
    assert kinds.count("memory") == header["memories"] > 10
    assert {rec["owner"] for rec in lines} == {"team-alpha"}
    before = owner_rows(source, "team-alpha")
    assert before["archive"] and before["accesses"]
    rules = {m[COLUMNS.index("rule")] for m in before["memories"]}
    assert None in rules and len(rules) > 3  # facts name their rules, episodes none
    assert any(a[-1] == 0 for a in before["accesses"])  # a pending access travels too

    target = KoreSettings(home=tmp_path / "target")
    report = import_file(target, out, embedder=embedder)
    assert report.errors == [] and report.memories == header["memories"]
    assert owner_rows(target, "team-alpha") == before
    # vectors: the target index holds each memory's text under the same model
    conn = connect(target.db_path())
    rows = conn.execute("SELECT id, subject, content FROM memories ORDER BY id").fetchall()
    conn.close()
    index = VectorIndex.load(target.index_dir())
    assert index is not None and len(index) == len(rows)
    want = embedder.encode([embed_text(r[1], r[2]) for r in rows])
    np.testing.assert_allclose(index.reconstruct([r[0] for r in rows]), want, atol=1e-5)
    searcher = Searcher(target, embedder=embedder)
    try:
        hits = searcher.search("what is Anna allergic to", "team-alpha", now=NOW,
                               reinforce=False)
    finally:
        searcher.close()
    assert hits and "peanuts" in hits[0].content
    # importing the same file again changes nothing; exporting again gives the same lines
    again = import_file(target, out, embedder=embedder)
    assert again.memories == 0 and again.skipped_existing == header["memories"]
    assert owner_rows(target, "team-alpha") == before
    out2 = tmp_path / "again.jsonl"
    CliRunner().invoke(app, ["export", "--owner", "team-alpha", "--out", str(out2),
                             "--home", str(target.home), "--now", NOW])
    assert out2.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_import_as_another_owner(source: KoreSettings, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "alpha.jsonl"
    CliRunner().invoke(app, ["export", "--owner", "team-alpha", "--out", str(out), "--home",
                             str(source.home), "--now", NOW])
    target = KoreSettings(home=tmp_path / "target")
    result = CliRunner().invoke(app, ["import", str(out), "--owner", "team-copy", "--home",
                                      str(target.home)])
    assert result.exit_code == 0, result.output
    copy = owner_rows(target, "team-copy")
    assert copy == owner_rows(source, "team-alpha")
    assert owner_rows(target, "team-alpha")["memories"] == []


@pytest.mark.slow
def test_export_import_keeps_the_rule_that_found_each_fact(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    """A fact's rule travels; a line of an export made before rules were recorded imports
    with none; a rule that is not text is an error of its line."""
    source = extracted_home(tmp_path / "src", [message("I work at Google", message_id="m1")])
    out = tmp_path / "alpha.jsonl"
    assert export_owner(source, "team-alpha", out, now=NOW) == 1
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    rule = extract_facts("I work at Google", "en")[0].trigger
    assert [m["rule"] for m in lines if m["kind"] == "memory"] == [rule]
    old = {k: v for k, v in lines[-1].items() if k != "rule"} | {"key": "profile:older"}
    bad = lines[-1] | {"key": "profile:bad", "rule": 7}
    out.write_text("\n".join(json.dumps(x) for x in [*lines, old, bad]) + "\n",
                   encoding="utf-8")
    target = KoreSettings(home=tmp_path / "target")
    report = import_file(target, out, embedder=embedder)
    assert report.memories == 2 and len(report.errors) == 1 and "'rule'" in report.errors[0]
    conn = connect(target.db_path())
    try:
        got = dict(conn.execute("SELECT key, rule FROM memories").fetchall())
    finally:
        conn.close()
    assert got == {"profile:google": rule, "profile:older": None}


def test_import_refuses_a_file_that_is_not_an_export(tmp_path: Path) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"owner": "a", "text": "hi"}\n', encoding="utf-8")
    with pytest.raises(TransferError, match="header"):
        import_file(KoreSettings(home=tmp_path / "h"), bad)
    result = CliRunner().invoke(app, ["import", str(bad), "--home", str(tmp_path / "h")])
    assert result.exit_code == 2 and "header" in result.output


@pytest.mark.slow
def test_import_reports_bad_lines_and_keeps_the_rest(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.jsonl"
    good = {"kind": "memory", "owner": "a", "subject": "Ann", "key": "note:tea",
            "type": "factual", "category": "note", "content": "Ann drinks tea.",
            "importance": 3, "created_at": "2026-11-01T00:00:00+00:00",
            "updated_at": "2026-11-01T00:00:00+00:00", "source_message_ids": ["m1"]}
    path.write_text("\n".join([
        json.dumps({"kind": "kore-export", "version": 1, "owner": "a"}),
        "{not json", json.dumps({"kind": "memory", "owner": "a"}), json.dumps(good)]) + "\n",
        encoding="utf-8")
    report = import_file(KoreSettings(home=tmp_path / "h"), path, embedder=embedder)
    assert report.memories == 1 and len(report.errors) == 2
    assert report.errors[0].startswith("line 2") and report.errors[1].startswith("line 3")


@pytest.mark.slow
def test_import_validates_each_line_whole_and_never_half_inserts(tmp_path: Path,
                                                                 embedder) -> None:  # type: ignore[no-untyped-def]
    """A bad merged_into, a forgotten memory without its archive record
    and an unknown status are errors of their line; nothing of them is inserted; the
    lines after them are imported."""
    from kore_pipeline.store.db import connect

    def memory(key: str, **extra: object) -> str:
        return json.dumps({"kind": "memory", "subject": "Ann", "key": key, "type": "factual",
                           "category": "note", "content": f"Ann notes {key}.", "importance": 3,
                           "created_at": "2026-11-01T00:00:00+00:00",
                           "updated_at": "2026-11-01T00:00:00+00:00", **extra})

    path = tmp_path / "x.jsonl"
    path.write_text("\n".join([
        json.dumps({"kind": "kore-export", "version": 1, "owner": "a"}),
        memory("note:one"),
        memory("note:merged", status="merged", merged_into="x",
               archive={"archived_at": "2026-11-02T00:00:00+00:00", "reason": "merged",
                        "content": "Ann notes merged."}),
        memory("note:forgotten", status="forgotten"),
        memory("note:zombie", status="zombie"),
        memory("note:accesses", accesses=[{"accessed_at": "not a time"}]),
        memory("note:two")]) + "\n", encoding="utf-8")
    report = import_file(KoreSettings(home=tmp_path / "h"), path, embedder=embedder)
    assert report.memories == 2 and [e.split(":")[0] for e in report.errors] == [
        "line 3", "line 4", "line 5", "line 6"]
    assert "merged_into" in report.errors[0] and "archive" in report.errors[1]
    assert "unknown status 'zombie'" in report.errors[2]
    conn = connect(tmp_path / "h" / "kore.sqlite")
    try:
        keys = [r[0] for r in conn.execute("SELECT key FROM memories ORDER BY key")]
        accesses = conn.execute("SELECT count(*) FROM access_log").fetchone()[0]
    finally:
        conn.close()
    assert keys == ["note:one", "note:two"] and accesses == 0


@pytest.mark.slow
def test_import_reports_a_number_beyond_sqlite_per_line(tmp_path: Path) -> None:
    """An access_count (or any integer) of 2**70 is an error of its line, named with the field;
    the other lines are imported and `kore import` exits 0."""
    def memory(key: str, **extra: object) -> str:
        return json.dumps({"kind": "memory", "subject": "Ann", "key": key, "type": "factual",
                           "category": "note", "content": f"Ann notes {key}.", "importance": 3,
                           "created_at": "2026-11-01T00:00:00+00:00",
                           "updated_at": "2026-11-01T00:00:00+00:00", **extra})

    message_line = {"kind": "message", "message_id": "m1", "conversation_id": "c",
                    "session_id": "s", "ts": "2026-11-01T00:00:00+00:00", "role": "user",
                    "text": "I like tea.", "source_file": "a.jsonl", "source_line": 2**70}
    path = tmp_path / "x.jsonl"
    path.write_text("\n".join([
        json.dumps({"kind": "kore-export", "version": 1, "owner": "a"}),
        memory("note:one"), memory("note:huge", access_count=2**70),
        memory("note:negative", access_count=-1), json.dumps(message_line),
        memory("note:two")]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(path), "--home", str(tmp_path / "h")])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["memories"] == 2
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped")]
    assert [s.split(":")[0] for s in skipped] == ["skipped line 3", "skipped line 4",
                                                  "skipped line 5"]
    assert all("access_count" in s for s in skipped[:2]) and "source_line" in skipped[2]
    assert "Traceback" not in result.output
