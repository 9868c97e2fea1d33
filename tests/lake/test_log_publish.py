"""The log-like datasets (access_log, quarantine, runs, run_stages) published by parts: over
days of real runs, FTS searches, decay marking accesses applied, a quarantined record and
`kore forget`, the lake's views hold exactly the store's rows, read the same as a full
publish of the same store, keep old parts as they were, and keep nothing a forget removed
(real SQLite, real DuckDB, real search and runs; no model)."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow.parquet as pq
import pytest

from kore_pipeline.lake import logs
from kore_pipeline.lake import publish as lake
from kore_pipeline.lifecycle.erase import forget_owner
from kore_pipeline.run.pipeline import close_run, open_run, stage_ingest
from kore_pipeline.run.plans import DECAY
from kore_pipeline.run.runner import run_plan
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import iso, parse_ts
from tests.lake.test_incremental_publish import add_memories, snapshot_store

CANARY = "zanzibarcanary"
TABLES = {"access_log": "id", "quarantine": "id", "runs": "run_id", "run_stages": "run_id, seq"}


def _plain(value: Any) -> Any:
    """A value as comparable between the store and the lake: times as ISO, flags as 0/1,
    JSON objects as dicts without null fields (a struct unites the fields of every run)."""
    if isinstance(value, datetime):
        return iso(value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def store_rows(conn: sqlite3.Connection, table: str) -> list[tuple]:
    cur = conn.execute(f"SELECT * FROM {table} ORDER BY {TABLES[table]}")
    names = [d[0] for d in cur.description]
    rows = []
    for row in cur.fetchall():
        out = []
        for name, value in zip(names, row, strict=True):
            if name in ("stats", "counts"):
                value = json.loads(value) if value else None
                if name == "counts" and value is not None:
                    value = {k: v for k, v in value.items()
                             if isinstance(v, int | float) and not isinstance(v, bool)}
            elif name in ("accessed_at", "started_at", "finished_at", "now") and value:
                value = parse_ts(value)
            out.append(_plain(value))
        rows.append(tuple(out))
    return rows


def lake_rows(folder: Path, table: str) -> list[tuple]:
    con = lake.connect_views(folder)
    try:
        cur = con.execute(f"SELECT * FROM {table} ORDER BY {TABLES[table]}")
        return [tuple(_plain(v) for v in row) for row in cur.fetchall()]
    finally:
        con.close()


def view_rows(folder: Path) -> dict[str, list[str]]:
    """Every view's rows (sorted, comparable), through one DuckDB connection."""
    con = lake.connect_views(folder)
    try:
        return {view: sorted(repr(tuple(_plain(v) for v in row)) for row in
                             con.execute(f"SELECT * FROM {view}").fetchall())
                for view in lake.view_names()}
    finally:
        con.close()


def check(settings: KoreSettings, tmp_path: Path, step: str) -> None:
    """The views hold the store's rows, and a full publish of a copy reads the same."""
    folder = settings.lake_dir()
    conn = connect(settings.db_path())
    try:
        copy = snapshot_store(conn, tmp_path / f"copy-{step}.sqlite")
        for table in TABLES:
            assert lake_rows(folder, table) == store_rows(conn, table), (step, table)
    finally:
        conn.close()
    full = tmp_path / f"full-{step}"
    try:
        lake.publish(copy, full, settings)
    finally:
        copy.close()
    assert view_rows(folder) == view_rows(full), step  # every view, the run ones too
    for table in TABLES:
        if table != "runs":  # fixed types: the same Arrow schema too
            assert lake.read_dataset(folder, table).schema.remove_metadata() == \
                lake.read_dataset(full, table).schema.remove_metadata(), (step, table)


def search(settings: KoreSettings, owner: str, queries: list[str], now: str) -> None:
    searcher = Searcher(settings)
    try:
        for q in queries:
            assert searcher.search(q, owner, k=3, mode="fts", now=now), q
    finally:
        searcher.close()


def ingest_run(settings: KoreSettings, path: Path, now: str) -> None:
    ctx = open_run(settings, "pipeline", now)
    try:
        stage_ingest(ctx, [path])
        close_run(ctx)
    finally:
        ctx.close()


def lake_values(folder: Path) -> str:
    """Every value of every Parquet file under the lake, old versions included."""
    return json.dumps([pq.read_table(p, partitioning=None).to_pylist()
                       for p in sorted(folder.rglob("*.parquet"))], default=str)


def test_log_tables_follow_the_store_by_parts(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logs, "PART_ROWS", 4)  # small parts and merges within these days
    monkeypatch.setattr(logs, "MAX_SMALL_PARTS", 3)
    settings = KoreSettings(home=tmp_path / "home")
    inbox = tmp_path / "in"
    inbox.mkdir()
    lines = [json.dumps({"owner": o, "conversation_id": "c1", "message_id": f"{o}-{i}",
                         "role": "user", "speaker": "Anna", "text": f"I like tea {i}",
                         "ts": f"2026-03-01T09:0{i}:00Z"})
             for o in ("anna", "bea") for i in range(3)]
    lines.append(json.dumps({"owner": "bea", "conversation_id": "c1", "role": "user",
                             "text": f"{CANARY} no timestamp"}))
    lines.append('{"owner": "anna", "text": broken json')
    (inbox / "day0.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ingest_run(settings, inbox / "day0.jsonl", "2026-03-01T12:00:00Z")
    conn = connect(settings.db_path())
    add_memories(conn, 0, "anna", 4)
    add_memories(conn, 0, "bea", 3)
    conn.close()
    run_plan(DECAY, settings, now="2026-03-02T00:00:00Z")  # publish, then the run closes
    check(settings, tmp_path, "day0")
    assert lake_rows(settings.lake_dir(), "quarantine")  # the two bad records

    search(settings, "anna", ["thing", "likes"], "2026-03-02T10:00:00Z")
    conn = connect(settings.db_path())
    lake.publish(conn, settings.lake_dir(), settings)  # accesses published unapplied
    conn.close()
    check(settings, tmp_path, "searched")
    unapplied = lake.query(settings.lake_dir(), "SELECT count(*) FROM access_log"
                           " WHERE NOT applied")[1][0][0]
    assert unapplied > 0
    old_parts = {p.name: p.stat().st_ino
                 for p in (settings.lake_dir() / "access_log").glob("part-*.parquet")}

    search(settings, "anna", ["thing"], "2026-03-03T10:00:00Z")
    run_plan(DECAY, settings, now="2026-03-04T00:00:00Z")  # applies every access: updates
    check(settings, tmp_path, "decayed")
    assert lake.query(settings.lake_dir(), "SELECT count(*) FROM access_log"
                      " WHERE NOT applied")[1][0][0] == 0
    assert lake.query(settings.lake_dir(), "SELECT count(*) FROM runs"
                      " WHERE state <> 'completed'")[1][0][0] == 0  # closed runs followed
    con = duckdb.connect(str(settings.lake_dir() / "kore.duckdb"), read_only=True)
    try:  # the analysts' file too: its runs views were replaced when the run closed
        con.execute("SET file_search_path = ?", [str(settings.lake_dir())])
        assert con.execute("SELECT count(*), count(*) FILTER (state = 'completed') FROM"
                           " run_history").fetchone() == (3, 3)
    finally:
        con.close()
    now_parts = {p.name: p.stat().st_ino
                 for p in (settings.lake_dir() / "access_log").glob("part-*.parquet")}
    assert set(old_parts.items()) & set(now_parts.items())  # a part carried as it was

    for day in range(4, 8):  # daily searches and runs: parts merged past MAX_SMALL_PARTS
        search(settings, "anna", ["thing"], f"2026-03-0{day}T10:00:00Z")
        search(settings, "bea", [f"thing {CANARY}", "likes"], f"2026-03-0{day}T11:00:00Z")
        run_plan(DECAY, settings, now=f"2026-03-0{day + 1}T00:00:00Z")
        check(settings, tmp_path, f"day{day}")
        small = [p for p in (settings.lake_dir() / "access_log").glob("part-*.parquet")
                 if pq.read_metadata(p).num_rows < logs.PART_ROWS]
        assert len(small) <= logs.MAX_SMALL_PARTS + 1
    conn = connect(settings.db_path())
    top = conn.execute("SELECT max(id) FROM access_log").fetchone()[0]
    assert conn.execute("SELECT owner FROM access_log WHERE id = ?", (top,)).fetchone()[0] \
        == "bea"  # bea's rows are the newest: a forget frees the top ids
    conn.close()

    assert CANARY in lake_values(settings.lake_dir())
    forget_owner(settings, "bea")
    check(settings, tmp_path, "forgot")
    assert CANARY not in lake_values(settings.lake_dir())  # no version keeps it
    assert "bea" not in {r[2] for r in lake_rows(settings.lake_dir(), "access_log")}

    search(settings, "anna", ["thing", "likes"], "2026-03-10T10:00:00Z")  # ids reused
    conn = connect(settings.db_path())
    assert conn.execute("SELECT max(id) FROM access_log").fetchone()[0] <= top
    conn.close()
    run_plan(DECAY, settings, now="2026-03-11T00:00:00Z")
    check(settings, tmp_path, "reused")


def test_an_unchanged_log_keeps_its_version_and_a_new_column_rewrites_it(
        tmp_path: Path) -> None:
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    add_memories(conn, 0, "anna", 2)
    conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                 " VALUES (1, 'anna', '2026-05-01T10:00:00+00:00', 'thing')")
    lake.publish(conn, folder)
    version = (folder / "access_log").resolve()
    lake.publish(conn, folder)
    assert (folder / "access_log").resolve() == version  # nothing new: nothing written
    conn.execute("ALTER TABLE access_log ADD COLUMN source TEXT DEFAULT 'api'")
    lake.publish(conn, folder)
    assert lake.query(folder, "SELECT source FROM access_log")[1] == [("api",)]
    conn.close()


def test_a_row_deleted_from_the_store_leaves_every_version(tmp_path: Path) -> None:
    """Deleted from the store by SQL (no forget scrubbing the files): the publish rewrites
    the part that held it and keeps no version that still does."""
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    add_memories(conn, 0, "anna", 2)
    for i in range(3):
        conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                     " VALUES (1, 'anna', '2026-05-01T10:00:00+00:00', ?)", (f"q{i}",))
        conn.execute("INSERT INTO quarantine(source_file, source_line, reason, raw, run_id)"
                     " VALUES ('in.jsonl', ?, 'bad', ?, 'run-1')", (i, f"raw {i}"))
        lake.publish(conn, folder)  # a part a day
    conn.execute("DELETE FROM access_log WHERE query = 'q1'")
    conn.execute("DELETE FROM quarantine WHERE raw = 'raw 1'")
    conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                 " VALUES (2, 'anna', '2026-05-02T10:00:00+00:00', 'q3')")
    lake.publish(conn, folder)
    assert [r[0] for r in lake.query(folder, "SELECT query FROM access_log ORDER BY id")[1]] \
        == ["q0", "q2", "q3"]
    assert lake.query(folder, "SELECT count(*) FROM quarantine")[1] == [(2,)]
    values = lake_values(folder)
    assert "q1" not in values and "raw 1" not in values
    conn.close()


def test_a_lake_of_schema_4_is_written_once_in_parts(tmp_path: Path) -> None:
    """The single files of lake schema 4 give way to parts on the next publish."""
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    add_memories(conn, 0, "anna", 1)
    conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                 " VALUES (1, 'anna', '2026-05-01T10:00:00+00:00', 'thing')")
    lake.publish(conn, folder)
    schema = json.loads((folder / "_schema.json").read_text())
    schema["lake_schema_version"] = 4  # as the code before wrote it, beside its single file
    (folder / "_schema.json").write_text(json.dumps(schema))
    (folder / "access_log.parquet").write_bytes(b"PAR1 the old single file")
    lake.publish(conn, folder)
    assert not (folder / "access_log.parquet").exists()
    assert lake.read_schema(folder)["lake_schema_version"] == lake.LAKE_SCHEMA_VERSION
    assert lake.read_schema(folder)["datasets"]["access_log"]["path"] == "access_log/"
    assert lake.query(folder, "SELECT query FROM access_log")[1] == [("thing",)]
    conn.close()


@pytest.mark.parametrize("seed", range(5))
def test_random_days_of_inserts_updates_deletes_and_killed_publishes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Random days on access_log and quarantine (new rows, accesses applied, rows deleted,
    the newest ids among them so they are reused, a publish killed after the log versions
    were swapped): the views always hold the store's rows."""
    import random

    monkeypatch.setattr(logs, "PART_ROWS", 5)
    monkeypatch.setattr(logs, "MAX_SMALL_PARTS", 2)
    rng = random.Random(seed)
    conn = connect(tmp_path / "kore.sqlite")
    folder = tmp_path / "lake"
    real_write = lake.write_text_atomic

    def killed(*args: Any, **kwargs: Any) -> Any:  # the versions swapped, no new token yet
        raise KeyboardInterrupt("killed before _schema.json")

    for day in range(12):
        for _ in range(rng.randrange(0, 6)):
            conn.execute("INSERT INTO access_log(memory_id, owner, accessed_at, query)"
                         " VALUES (?, ?, '2026-05-01T10:00:00+00:00', ?)",
                         (rng.randrange(1, 9), rng.choice(["anna", "bea"]), f"q{day}"))
            conn.execute("INSERT OR IGNORE INTO quarantine(source_file, source_line, reason,"
                         " raw, run_id) VALUES ('in.jsonl', ?, 'bad', ?, 'r')",
                         (rng.randrange(1000), f"raw {day}"))
        ids = [r[0] for r in conn.execute("SELECT id FROM access_log")]
        if ids and rng.random() < 0.6:
            conn.execute("UPDATE access_log SET applied = 1 WHERE id IN"
                         " (SELECT value FROM json_each(?))",
                         (json.dumps(rng.sample(ids, rng.randint(1, len(ids)))),))
        if ids and rng.random() < 0.4:
            gone = sorted(ids)[-rng.randint(1, 3):] if rng.random() < 0.5 else \
                rng.sample(ids, 1)
            conn.execute("DELETE FROM access_log WHERE id IN (SELECT value FROM json_each(?))",
                         (json.dumps(gone),))
            conn.execute("DELETE FROM quarantine WHERE id = (SELECT max(id) FROM quarantine)")
        if day in (3, 8):
            monkeypatch.setattr(lake, "write_text_atomic", killed)
            with pytest.raises(KeyboardInterrupt):
                lake.publish(conn, folder)
            monkeypatch.setattr(lake, "write_text_atomic", real_write)
        lake.publish(conn, folder)
        for table in ("access_log", "quarantine"):
            assert lake_rows(folder, table) == store_rows(conn, table), (day, table)
    conn.close()
