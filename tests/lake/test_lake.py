"""The analyst side: the partitioned lake, every DuckDB view, `kore sql`, the HTML report in
headless Chromium, the serving store in plain SQLite tools, progress and logs, Prefect artifacts.

One module-wide home: the sample data plus two near-duplicate episodes (so compression
merges), run through the CLI at NOW, one search (an access), then a decay run at LATER.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.lake import publish as lake
from kore_pipeline.lake.report import PLOTS
from kore_pipeline.lifecycle.decay import decay_frame
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import parse_ts
from tests.conftest import DATA
from tests.helpers import message, write_jsonl

pytestmark = pytest.mark.slow  # loads the real model once for the module

runner = CliRunner()
NOW = "2026-11-30T12:00:00Z"
LATER = "2027-01-15T12:00:00Z"
DUPES = [
    message("I went hiking in the Dolomites last weekend with my sister and it was great.",
            speaker="Bea", owner="hikers", ts="2026-11-20T10:00:00Z", message_id="h1"),
    message("I went hiking in the Dolomites last weekend with my sister, and it was great!",
            speaker="Bea", owner="hikers", ts="2026-11-21T10:00:00Z", message_id="h2"),
]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> dict[str, Any]:
    """The module's home, the run summaries and the CLI's stderr of the first run."""
    from kore_pipeline.serve.search import Searcher

    root = tmp_path_factory.mktemp("lake")
    extra = write_jsonl(root / "logs" / "dupes.jsonl", DUPES)
    h = ["--home", str(root / "home")]
    first = runner.invoke(app, ["run", str(DATA / "sample"), str(extra), *h, "--no-prefect",
                                "--now", NOW])
    assert first.exit_code == 0, first.output
    settings = KoreSettings(home=root / "home")
    searcher = Searcher(settings, embedder)
    try:
        assert searcher.search("peanuts", "team-alpha", now=NOW, mode="fts")
    finally:
        searcher.close()
    second = runner.invoke(app, ["decay", *h, "--no-prefect", "--quiet", "--force", "--now", LATER])
    assert second.exit_code == 0, second.output
    return {"settings": settings, "home": h, "run": json.loads(first.stdout),
            "run_stderr": first.stderr, "decay": json.loads(second.stdout),
            "decay_stderr": second.stderr}


def store_rows(settings: KoreSettings, sql: str) -> list[tuple[Any, ...]]:
    conn = connect(settings.db_path())
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def q(settings: KoreSettings, sql: str, now: str | None = None) -> list[tuple[Any, ...]]:
    return lake.query(settings.lake_dir(), sql, settings, now)[1]


def test_lake_is_partitioned_versioned_and_owner_keyed(home: dict[str, Any]) -> None:
    root = home["settings"].lake_dir()
    assert (root / "messages").is_symlink()
    owners = sorted(p.name for p in (root / "messages").iterdir())
    assert owners == ["owner=agent-7", "owner=default", "owner=hikers", "owner=team-alpha"]
    assert [p.name for p in (root / "messages" / "owner=hikers").iterdir()] == ["part-0.parquet"]
    schema = json.loads((root / "_schema.json").read_text())
    assert schema["lake_schema_version"] == lake.LAKE_SCHEMA_VERSION
    assert set(schema["datasets"]) == {"messages", "memories", "archive", "access_log",
                                       "quarantine", "runs", "run_stages"}
    assert schema["datasets"]["messages"]["partitioning"] == ["owner"]
    assert q(home["settings"], "SELECT DISTINCT day FROM messages WHERE owner = 'hikers'"
             " ORDER BY 1") == [(date(2026, 11, 20),), (date(2026, 11, 21),)]
    for name in ("messages", "memories", "archive", "access_log", "quarantine"):
        assert "owner" in schema["datasets"][name]["columns"], name
    part = next((root / "messages" / "owner=hikers").rglob("*.parquet"))
    meta = pq.read_schema(part).metadata
    assert meta[b"kore.lake_schema_version"] == str(lake.LAKE_SCHEMA_VERSION).encode()
    assert str(pq.read_schema(part).field("ts").type) == "timestamp[us, tz=UTC]"
    # the quarantine keeps the owner named by a rejected record, for `kore forget`
    assert ("team-alpha",) in q(home["settings"], "SELECT DISTINCT owner FROM quarantine"
                                " WHERE owner IS NOT NULL")


def test_every_view_runs_and_matches_the_store(home: dict[str, Any]) -> None:
    s = home["settings"]
    names = lake.view_names()
    assert {"current_memories", "facts_by_category_subject", "importance_distribution",
            "decay_forecast", "merge_history", "compression_history", "quarantine_by_reason",
            "run_history", "run_stage_timings", "memories_by_day"} <= set(names)
    for name in names:
        assert q(s, f"SELECT * FROM {name}"), f"view {name} is empty on the sample"

    assert q(s, "SELECT count(*) FROM messages") == store_rows(s, "SELECT count(*) FROM messages")
    accesses = store_rows(s, "SELECT count(*) FROM access_log")
    assert q(s, "SELECT count(*) FROM access_log") == accesses and accesses[0][0] >= 1
    active = "status = 'active' AND (expires_at IS NULL OR julianday(expires_at) > julianday(?))"
    expected = store_rows(s, f"SELECT owner, importance, count(*) FROM memories WHERE"
                             f" {active.replace('?', repr(LATER))} GROUP BY 1, 2 ORDER BY 1, 2")
    assert q(s, "SELECT owner, importance, memories FROM importance_distribution") == expected
    facts = store_rows(s, "SELECT count(*) FROM memories WHERE status = 'active' AND"
                          " type = 'factual'")[0][0]
    assert q(s, "SELECT sum(facts) FROM facts_by_category_subject")[0][0] == facts
    assert ("team-alpha", "profile", "Anna") in q(
        s, "SELECT owner, category, subject FROM facts_by_category_subject")
    assert q(s, "SELECT sum(created) FROM memories_by_day") == store_rows(
        s, "SELECT count(*) FROM memories")

    # decay at kore_now() (= the last run's clock) is the score the decay stage stored
    diffs = q(s, "SELECT max(abs(decay_now - stored_decay_score)), count(*) FROM"
                 " current_memories")
    assert diffs[0][1] > 0 and diffs[0][0] < 1e-9

    # the forecast equals decay.py's formula applied at now + 7/30/90 days
    table = pl.DataFrame(q(s, "SELECT importance, created_at, last_accessed_at, access_count,"
                              " durable FROM current_memories"), orient="row",
                         schema=["importance", "created_at", "last_accessed_at",
                                 "access_count", "durable"])
    forecast = dict(((h, (a, b, f)) for h, a, b, f in q(
        s, "SELECT horizon_days, sum(active), sum(already_below), sum(falling_below)"
           " FROM decay_forecast GROUP BY 1")))
    now_scores = decay_frame(table, parse_ts(LATER), s).get_column("forget")
    for horizon in (7, 30, 90):
        later = decay_frame(table, parse_ts(LATER) + timedelta(days=horizon), s)
        falling = int((later.get_column("forget") & ~now_scores).sum())
        assert forecast[horizon] == (table.height, int(now_scores.sum()), falling)
    assert forecast[7][2] <= forecast[30][2] <= forecast[90][2] and forecast[90][2] > 0

    merged = store_rows(s, "SELECT count(*) FROM archive WHERE reason = 'merged'")[0][0]
    assert merged >= 1 and home["run"]["compress"]["merged"] == merged
    history = q(s, "SELECT absorbed_content, into_content, owner FROM merge_history"
                   " WHERE reason = 'merged'")
    assert len(history) == merged and history[0][2] == "hikers" and "Dolomites" in history[0][1]
    per_run = q(s, "SELECT kind, merged, forgotten FROM compression_history ORDER BY started_at")
    assert per_run == [("pipeline", merged, home["run"]["decay"]["forgotten"]),
                       ("decay", 0, home["decay"]["decay"]["forgotten"])]
    assert home["decay"]["decay"]["forgotten"] > 0

    reasons = dict(q(s, "SELECT reason_class, records FROM quarantine_by_reason"))
    assert sum(reasons.values()) == store_rows(s, "SELECT count(*) FROM quarantine")[0][0]
    assert reasons["invalid JSON"] == 1 and reasons["unknown role …"] == 1

    runs = q(s, "SELECT kind, state, stages, ingest_s IS NOT NULL, decay_s > 0, publish_s > 0,"
                " seconds >= 0, unfinished_stages, embed_s > 0 FROM run_history"
                " ORDER BY started_at")
    pipeline_stages = store_rows(s, "SELECT count(*) FROM run_stages JOIN runs USING (run_id)"
                                    " WHERE kind = 'pipeline'")[0][0]
    assert pipeline_stages >= 7  # compression re-indexes after each merging pass
    assert runs == [("pipeline", "completed", pipeline_stages, True, True, True, True, None,
                     True),  # the pipeline's embedding has its own seconds
                    ("decay", "completed", 2, False, True, True, True, None, None)]
    stages = q(s, "SELECT stage, counts['files_read'] FROM run_stage_timings"
                  " WHERE kind = 'pipeline' ORDER BY seq")
    names = [r[0] for r in stages]
    assert names[:6] == ["ingest", "embed", "extract", "index", "decay", "compress"]
    assert names[-1] == "publish" and set(names[6:-1]) == {"index"}
    assert stages[0][1] == 7.0  # counts is a map<string, double> (lake schema 3)


def test_kore_sql_formats_out_files_and_session(home: dict[str, Any], tmp_path: Path) -> None:
    h = home["home"]
    sql = "SELECT importance, count(*) AS n FROM current_memories GROUP BY 1 ORDER BY 1"
    expected = q(home["settings"], sql)
    csv_out = runner.invoke(app, ["sql", sql, "--format", "csv", *h]).stdout.splitlines()
    assert csv_out == ["importance,n", *(f"{i},{n}" for i, n in expected)]
    as_json = json.loads(runner.invoke(app, ["sql", sql, "-f", "json", *h]).stdout)
    assert as_json == [{"importance": i, "n": n} for i, n in expected]
    table = runner.invoke(app, ["sql", sql, "-f", "table", *h]).stdout.splitlines()
    assert table[0].split("|")[0].strip() == "importance"
    assert table[-1] == f"({len(expected)} rows)" and len(table) == len(expected) + 3
    out = tmp_path / "r.parquet"
    result = runner.invoke(app, ["sql", sql, "-f", "parquet", "--out", str(out), *h])
    assert result.exit_code == 0, result.output
    assert [tuple(r.values()) for r in pq.read_table(out).to_pylist()] == expected
    assert runner.invoke(app, ["sql", sql, "-f", "parquet", *h]).exit_code == 2
    bad = runner.invoke(app, ["sql", "SELECT * FROM nope", *h])
    assert bad.exit_code == 1 and "nope" in bad.stderr
    # --now moves kore_now(): far in the future every memory never accessed is below the
    # threshold (an access adds a lasting +0.05, as in decay.py)
    far = runner.invoke(app, ["sql", "SELECT sum(already_below) = (SELECT count(*) FROM"
                              " current_memories WHERE access_count = 0), sum(active) FROM"
                              " decay_forecast WHERE horizon_days = 7", "--now",
                              "2040-01-01T00:00:00Z", *h])
    assert far.stdout.splitlines()[1].split("\t") == ["True", str(len(q(
        home["settings"], "SELECT id FROM current_memories", "2040-01-01T00:00:00Z")))]
    # no statement: an interactive session; bad statements do not end it
    session = runner.invoke(app, ["sql", *h], input=".views\nSELECT count(*) AS n\n FROM"
                            " messages;\nSELECT nope;\nSELECT 42 AS answer;\n.quit\n")
    assert session.exit_code == 0, session.output
    lines = session.stdout.splitlines()
    assert "decay_forecast" in lines and "answer" in lines and "42" in lines
    assert lines[lines.index("n") + 1] == str(q(home["settings"],
                                                "SELECT count(*) FROM messages")[0][0])
    assert "error" in session.stderr


def test_run_shows_stage_progress_and_key_value_logs(home: dict[str, Any]) -> None:
    err = home["run_stderr"]
    log_lines = [line for line in err.splitlines() if line.startswith("ts=")]
    ingested = [line for line in log_lines if 'msg="file ingested"' in line]
    assert any("file=" in line and "anna_project.jsonl" in line and "stage=ingest" in line
               for line in ingested)
    quarantined = [line for line in log_lines if "record quarantined" in line]
    assert len(quarantined) == 8 and all("bad_records.jsonl" in line and " line=" in line
                                         for line in quarantined)
    done = [line for line in log_lines if 'msg="stage completed"' in line]
    names = [line.split("stage=")[1].split()[0] for line in done]
    assert names[:5] == ["ingest", "embed", "extract", "index", "decay"]
    assert names[-1] == "publish"
    assert "compress" in names and set(names[5:-1]) == {"index", "compress"}  # re-indexes
    assert "files_read=7" in done[0] and "seconds=" in done[0]
    # the progress display: one bar per stage, with its counts
    bars = [line.strip() for line in err.splitlines() if not line.startswith("ts=")]
    assert any(b.startswith("ingest") and "files_read=7" in b for b in bars), err[-2000:]
    assert any(b.startswith("compress") and "merged=" in b for b in bars)
    # --quiet: no bars, no info logs (the decay run of the fixture)
    assert "stage=" not in home["decay_stderr"] and "━" not in home["decay_stderr"]


def test_lake_versions_swap_and_old_layout_is_replaced(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "home")
    conn = connect(settings.db_path())
    root = settings.lake_dir()
    (root / "messages").mkdir(parents=True)  # a lake of layout 1: one file per run
    (root / "messages" / "part-old.parquet").write_bytes(b"old")
    try:
        conn.execute("INSERT INTO messages(message_id, owner, conversation_id, session_id, ts,"
                     " role, speaker, text, source_file, source_line, run_id) VALUES"
                     " ('m1', 'a b/c', 'c1', 's1', '2026-09-01T09:00:00+00:00', 'user', 'Ann',"
                     " 'hello there', 'f.jsonl', 1, 'r1')")
        counts = lake.publish(conn, root, settings)
        first = os.readlink(root / "messages")
        assert counts["messages"] == 1 and (root / "messages").is_symlink()
        assert [p.name for p in (root / "messages").iterdir()] == ["owner=a%20b%2Fc"]
        assert lake.publish(conn, root, settings)["messages"] == 0
        assert os.readlink(root / "messages") == first  # unchanged: not rewritten
        conn.execute("UPDATE messages SET extracted = 1")
        lake.publish(conn, root, settings)
        second = os.readlink(root / "messages")
        assert second != first and (root / first).is_dir()  # the previous version is kept
        conn.execute("INSERT INTO messages(message_id, owner, conversation_id, session_id, ts,"
                     " role, speaker, text, source_file, source_line, run_id) VALUES"
                     " ('m2', 'x', 'c1', 's1', '2026-09-02T09:00:00+00:00', 'user', 'X',"
                     " 'hi', 'f.jsonl', 2, 'r2')")
        assert lake.publish(conn, root, settings)["messages"] == 1
        assert not (root / first).exists() and (root / second).is_dir()
        assert lake.query(root, "SELECT owner FROM messages ORDER BY ts")[1] == [
            ("a b/c",), ("x",)]
    finally:
        conn.close()


def _chromium(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp / 'profile'}", "--hide-scrollbars", *args],
        capture_output=True, text=True, timeout=120, check=True)


@pytest.mark.skipif(shutil.which("chromium") is None,
                    reason="Debian's chromium is not installed (.ci/run installs it)")
def test_report_renders_in_headless_chromium(home: dict[str, Any], tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "report.html"
    result = runner.invoke(app, ["report", "--out", str(out), *home["home"]])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "<script" not in html and "src=" not in html and "href=" not in html
    dom = _chromium("--dump-dom", out.as_uri(), tmp=tmp_path).stdout
    for plot in PLOTS:
        start = dom.index(f'id="{plot}"')
        svg = dom[start:dom.index("</svg>", start)]
        marks = svg.count('class="bar"') + svg.count('class="line"')
        assert marks > 0 and "no data yet" not in svg, plot
    curves = dom[dom.index('id="plot-decay-curves"'):]
    # one curve per importance (1-5) and one for the current facts of durable slots
    assert curves.count('class="line"', 0, curves.index("</svg>")) == 6
    runs = dom[dom.index('id="plot-runs"'):]
    runs = runs[:runs.index("</svg>")]
    assert 'data-series="merged" data-label="1·pipeline" data-value="1"' in runs
    shot = tmp_path / "report.png"
    _chromium(f"--screenshot={shot}", "--window-size=1400,1700", out.as_uri(), tmp=tmp_path)
    image = Image.open(shot).convert("RGB")
    colors = image.getcolors(maxcolors=1 << 20) or []
    assert image.size == (1400, 1700) and len(colors) > 50  # plots drawn, not a blank page
    blue = sum(n for n, c in colors if c == (0x4E, 0x79, 0xA7))
    assert blue > 1000  # the bars' fill colour is on screen


def test_serving_store_opens_in_plain_sqlite(home: dict[str, Any]) -> None:
    db = home["settings"].db_path()
    fresh = sqlite3.connect(db)  # no kore code: a plain connection
    try:
        hits = fresh.execute("SELECT m.content FROM memories_fts JOIN memories m ON"
                             " m.id = memories_fts.rowid WHERE memories_fts MATCH 'peanuts'"
                             " ORDER BY bm25(memories_fts)").fetchall()
        assert hits and all("peanuts" in h[0] for h in hits)
        assert fresh.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        fresh.execute("INSERT INTO memories_fts(memories_fts) VALUES ('integrity-check')")
    finally:
        fresh.close()
    if shutil.which("sqlite3") is None:
        pytest.skip("the sqlite3 command-line tool is not installed (.ci/run installs it)")
    out = subprocess.run(["sqlite3", str(db), "SELECT count(*) FROM memories_fts WHERE"
                          " memories_fts MATCH 'caffe';", "PRAGMA integrity_check;"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    count, check = out.split()
    assert int(count) >= 1 and check == "ok"  # "caffe" finds "caffè": the tokenizer works


def test_prefect_run_publishes_stage_table_and_summary(home: dict[str, Any],
                                                       prefect_harness: None) -> None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey

    from flows.pipeline import decay_flow

    summary = decay_flow(home=str(home["settings"].home), now=LATER, force=True)
    assert summary["state"] == "completed"
    with get_client(sync_client=True) as client:
        arts = client.read_artifacts(artifact_filter=ArtifactFilter(
            key=ArtifactFilterKey(any_=["kore-decay-stages", "kore-decay-summary"])))
    # the session's Prefect server also holds other tests' decay runs: take this run's
    markdown = [a for a in arts if a.type == "markdown" and summary["run_id"] in str(a.data)]
    assert len(markdown) == 1
    assert "| decay |" in markdown[0].data and "scored" in markdown[0].data
    tables = [a for a in arts if a.type == "table"
              and a.flow_run_id == markdown[0].flow_run_id]
    assert len(tables) == 1
    table = tables[0].data
    rows = json.loads(table) if isinstance(table, str) else table
    assert [r["stage"] for r in rows] == ["decay", "publish"]
    assert all(r["state"] == "completed" and r["seconds"] >= 0 for r in rows)
    assert json.loads(rows[0]["counts"])["scored"] > 0


def test_lists_maps_structs_and_booleans_are_typed(home: dict[str, Any]) -> None:
    root = home["settings"].lake_dir()
    mem = pq.read_schema(root / "memories" / "base.parquet")
    assert str(mem.field("source_message_ids").type) == "list<element: string>"
    assert str(mem.field("importance_explicit").type) == "bool"
    def log_part(name: str) -> Path:  # a part of a log dataset's current version
        return next((root / name).glob("part-*.parquet"))

    assert str(pq.read_schema(log_part("access_log")).field("applied").type) == "bool"
    assert str(pq.read_schema(log_part("run_stages")).field("counts").type).startswith(
        "map<string, double")
    assert str(pq.read_schema(log_part("runs")).field("stats").type).startswith("struct<")
    part = next((root / "messages" / "owner=hikers").rglob("*.parquet"))
    assert str(pq.read_schema(part).field("extracted").type) == "bool"
    s = home["settings"]
    ids = store_rows(s, "SELECT id, source_message_ids FROM memories ORDER BY id")
    lake_ids = q(s, "SELECT id, source_message_ids FROM memories ORDER BY id")
    assert [(i, json.loads(raw)) for i, raw in ids] == [(i, list(v)) for i, v in lake_ids]
    assert q(s, "SELECT count(*) FROM memories WHERE len(source_message_ids) = 0") == [(0,)]
    scored = q(s, "SELECT sum(counts['scored']) FROM run_stages WHERE stage = 'decay'")
    assert scored[0][0] > 0
    assert q(s, "SELECT count(*) FROM access_log WHERE applied")[0][0] >= 1


def test_copied_lake_reads_its_own_files(home: dict[str, Any], tmp_path: Path) -> None:
    import duckdb

    copy = tmp_path / "copy"
    shutil.copytree(home["settings"].lake_dir(), copy, symlinks=True)
    expected = q(home["settings"], "SELECT count(*) FROM memories")[0][0]
    cwd = os.getcwd()
    os.chdir(copy)  # `cd lake && duckdb kore.duckdb`
    try:
        con = duckdb.connect("kore.duckdb", read_only=True)
        try:
            assert con.execute("SELECT count(*) FROM memories").fetchone()[0] == expected
            assert con.execute("SELECT count(*) FROM messages").fetchone()[0] > 0
        finally:
            con.close()
    finally:
        os.chdir(cwd)


def test_the_lakes_duckdb_opens_from_any_folder(home: dict[str, Any], tmp_path: Path) -> None:
    """``duckdb /path/to/lake/kore.duckdb`` from another working directory, nothing set: the
    views read the files beside the database file (of a copy: the copy's own)."""
    import duckdb

    lake = home["settings"].lake_dir()
    copy = tmp_path / "copy"
    shutil.copytree(lake, copy, symlinks=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    expected = q(home["settings"], "SELECT count(*) FROM memories")[0][0]
    cwd = os.getcwd()
    os.chdir(elsewhere)
    try:
        for path, read_only in ((lake / "kore.duckdb", True), (copy / "kore.duckdb", True),
                                (Path("../copy/kore.duckdb"), False)):
            con = duckdb.connect(str(path), read_only=read_only)
            try:
                assert con.execute("SELECT count(*) FROM memories").fetchone()[0] == expected
                assert con.execute("SELECT count(*) FROM messages").fetchone()[0] > 0
                assert con.execute("SELECT count(*) FROM runs").fetchone()[0] > 0
                assert con.execute("SELECT count(*) FROM current_memories").fetchone()[0] > 0
            finally:
                con.close()
        away = tmp_path / "away"
        lake.rename(away)  # the copy reads its own files, not the original's
        try:
            con = duckdb.connect(str(copy / "kore.duckdb"), read_only=True)
            try:
                assert con.execute("SELECT count(*) FROM memories").fetchone()[0] == expected
            finally:
                con.close()
        finally:
            away.rename(lake)
    finally:
        os.chdir(cwd)


def test_older_lake_is_upgraded_before_reading(home: dict[str, Any]) -> None:
    s = home["settings"]
    path = s.lake_dir() / "_schema.json"
    stamp = json.loads(path.read_text())
    path.write_text(json.dumps({**stamp, "lake_schema_version": 2}))
    result = runner.invoke(app, ["sql", "SELECT count(*) FROM memories", *home["home"]])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["lake_schema_version"] == lake.LAKE_SCHEMA_VERSION
    assert lake.upgrade_lake(s) is False  # current: nothing to do


@pytest.mark.skipif(shutil.which("chromium") is None,
                    reason="Debian's chromium is not installed (.ci/run installs it)")
def test_report_grid_fills_1280_px_and_counts_are_integers(home: dict[str, Any],
                                                           tmp_path: Path) -> None:
    import re

    from playwright.sync_api import sync_playwright

    out = tmp_path / "report.html"
    assert runner.invoke(app, ["report", "--out", str(out), *home["home"]]).exit_code == 0
    html = out.read_text(encoding="utf-8")
    for plot in ("plot-importance", "plot-runs", "plot-memories-over-time"):
        svg = html[html.index(f'id="{plot}"'):]
        svg = svg[:svg.index("</svg>")]
        ticks = re.findall(r'text-anchor="end" font-size="11">([^<]+)</text>', svg)
        assert ticks and all(t.isdigit() for t in ticks), (plot, ticks)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(out.as_uri())
        boxes = [s.bounding_box() for s in page.locator("section").all()]
        page.screenshot(path=str(tmp_path / "report-1280.png"), full_page=True)
        browser.close()
    lefts = sorted({round(b["x"]) for b in boxes if b})
    rights = max(b["x"] + b["width"] for b in boxes if b)
    assert len(lefts) == 2 and rights > 1280 - 40  # two columns, edge to edge


@pytest.mark.slow
def test_report_drills_down_by_owner(home: dict[str, Any], tmp_path: Path) -> None:
    import re

    out = tmp_path / "report.html"
    assert runner.invoke(app, ["report", "--out", str(out), *home["home"]]).exit_code == 0
    html = out.read_text(encoding="utf-8")
    table = html[html.index("Memories by owner"):]
    table = table[:table.index("</table>")]
    shown = {m[0]: int(m[1]) for m in re.findall(r"<tr><td>([^<]+)</td><td>(\d+)</td>", table)}
    conn = sqlite3.connect(Path(home["home"][1]) / "kore.sqlite")
    active = dict(conn.execute("SELECT owner, count(*) FROM memories WHERE status = 'active'"
                               " GROUP BY owner").fetchall())
    conn.close()
    assert shown == active and "team-alpha" in shown
