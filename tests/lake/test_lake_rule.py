"""The lake's memories dataset carries ``rule`` (the extraction rule that found each memory),
so an analyst can count memories by rule; a lake published before the column had it gains it
at the next publish; ``kore recover`` brings it back (real SQLite, real DuckDB, no model)."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.lake import publish as lake
from kore_pipeline.lake import versions
from kore_pipeline.lifecycle.recover import recover_store
from kore_pipeline.store.db import connect
from tests.helpers import as_schema_21, extracted_home, message

EMPLOYER = "I work at Google"
EPISODE = "I work at Siemens and the commute takes almost an hour every single day."


def rule_of(text: str) -> str:
    return extract_facts(text, "en")[0].trigger


def test_analysts_count_memories_by_rule(tmp_path: Path) -> None:
    settings = extracted_home(tmp_path, [message(EMPLOYER, message_id="m1"),
                                         message(EPISODE, message_id="m2",
                                                 ts="2026-09-02T09:00:00Z")])
    folder = settings.lake_dir()
    conn = connect(settings.db_path())
    try:
        lake.publish(conn, folder, settings)
    finally:
        conn.close()
    assert lake.read_dataset(folder, "memories").schema.field("rule").type == pa.string()
    cols, rows = lake.query(folder, "SELECT rule, count(*) AS n FROM memories GROUP BY rule"
                                    " ORDER BY rule NULLS LAST")
    assert cols == ["rule", "n"]
    assert rows == [(rule_of(EMPLOYER), 2), (None, 1)]  # two facts of one rule, an episode


def test_a_lake_from_before_the_rule_gains_the_column(tmp_path: Path) -> None:
    """A store and lake of schema 21 (no rule anywhere): after the upgrade the next
    (incremental) publish writes the memories dataset whole, with the column; the memories
    stored before have no rule, a fact extracted since has its own."""
    settings = extracted_home(tmp_path, [message(EMPLOYER, message_id="m1")])
    folder = settings.lake_dir()
    conn = connect(settings.db_path())
    try:
        lake.publish(conn, folder, settings)
    finally:
        conn.close()
    now = versions.current(folder, "memories")
    assert now is not None
    for name in ("base.parquet", "delta.parquet"):  # as a lake of schema 21 held them
        pq.write_table(pq.read_table(now / name).drop_columns(["rule"]), now / name)
    as_schema_21(settings.db_path())
    conn = connect(settings.db_path())  # upgraded on open
    try:
        later = [normalise(message("I live in Berlin", message_id="m2"), settings, "t", 2)]
        upsert_memories(conn, extract_memories(later, settings), "2026-09-11T00:00:00+00:00")
        lake.publish(conn, folder, settings)
    finally:
        conn.close()
    base = versions.current(folder, "memories")
    assert base is not None and "rule" in pq.read_schema(base / "base.parquet").names
    rows = lake.query(folder, "SELECT content, rule FROM memories WHERE type = 'factual'"
                              " ORDER BY id")[1]
    assert rows == [(EMPLOYER, None), ("I live in Berlin", rule_of("I live in Berlin"))]


def test_kore_recover_brings_the_rule_back_from_the_lake(tmp_path: Path) -> None:
    settings = extracted_home(tmp_path, [message(EMPLOYER, message_id="m1")])
    conn = connect(settings.db_path())
    try:
        lake.publish(conn, settings.lake_dir(), settings)
    finally:
        conn.close()
    for suffix in ("", "-wal", "-shm"):  # the store is lost; the lake is not
        Path(f"{settings.db_path()}{suffix}").unlink(missing_ok=True)
    assert recover_store(settings)["rows"]["memories"] == 1
    conn = connect(settings.db_path())
    try:
        rows = [tuple(r) for r in conn.execute("SELECT content, rule FROM memories")]
    finally:
        conn.close()
    assert rows == [(EMPLOYER, rule_of(EMPLOYER))]
