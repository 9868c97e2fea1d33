"""Damage is detected before it spreads: a damaged or lost store
stops every command with a message naming the file and the way out, never reads as empty;
`kore recover` rebuilds it from the lake; a damaged embedding cache is set aside and rebuilt."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl

pytestmark = pytest.mark.slow  # the real model builds the home once
runner = CliRunner()
NOW = "2026-11-30T12:00:00Z"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, embedder) -> Path:  # type: ignore[no-untyped-def]
    home = tmp_path_factory.mktemp("built") / "home"
    logs = tmp_path_factory.mktemp("logs")
    write_jsonl(logs / "a.jsonl", [
        message("I prefer oolong tea in the afternoon, served without sugar.", speaker="Kim",
                owner="keep", message_id="k1", ts="2026-11-01T09:00:00Z"),
        message("We decided to migrate the analytics warehouse to DuckDB next quarter.",
                speaker="Kim", owner="keep", message_id="k2", ts="2026-11-02T09:00:00Z"),
        message("I always walk my dog Rex before breakfast every single day.",
                speaker="Lea", owner="other", message_id="o1", ts="2026-11-03T09:00:00Z"),
    ])
    run_pipeline([logs], KoreSettings(home=home), now=NOW, embedder=embedder)
    return home


@pytest.fixture
def home(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "home"
    shutil.copytree(built, copy, symlinks=True)
    return copy


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def stats(home: Path) -> dict:
    result = runner.invoke(app, ["stats", "--json", "--home", str(home)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return {k: data[k] for k in ("messages", "memories_by_status", "owners", "quarantined")}


def damage(path: Path, how: str) -> None:
    if how == "zero":
        path.write_bytes(b"")
    elif how == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2 + 123])
    else:  # garbled: the header and the first pages overwritten
        data = bytearray(path.read_bytes())
        data[0:8192] = bytes((i * 7 + 13) % 251 for i in range(8192))
        path.write_bytes(bytes(data))


def checkpoint(home: Path) -> None:
    conn = sqlite3.connect(home / "kore.sqlite")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


@pytest.mark.parametrize("how", ["zero", "truncated", "garbled"])
def test_damaged_store_stops_every_command_and_spreads_nowhere(home: Path, tmp_path: Path,
                                                               how: str) -> None:
    checkpoint(home)
    lake_before, index_before = digest(home / "lake"), digest(home / "index")
    damage(home / "kore.sqlite", how)
    empty = tmp_path / "empty"
    empty.mkdir()
    h = ["--home", str(home)]
    for args in (["stats"], ["search", "tea", "--owner", "keep", "--mode", "fts"],
                 ["export", "--owner", "keep"], ["context", "tea", "--owner", "keep"],
                 ["decay", "--no-prefect"], ["forget", "--owner", "keep", "--yes"],
                 ["run", str(empty), "--no-prefect", "--quiet"], ["backup", str(tmp_path / "b")]):
        result = runner.invoke(app, [*args, *h])
        assert result.exit_code == 2, (args, result.output)
        assert str(home / "kore.sqlite") in result.output, (args, result.output)
        assert "kore recover" in result.output, (args, result.output)
        assert "Traceback" not in result.output
    assert digest(home / "lake") == lake_before  # no run rewrote the lake from nothing
    assert digest(home / "index") == index_before


def test_lost_store_is_recovered_from_the_lake(home: Path, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    before = stats(home)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{home / 'kore.sqlite'}{suffix}").unlink(missing_ok=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = runner.invoke(app, ["run", str(empty), "--no-prefect", "--quiet", "--home",
                                  str(home)])
    assert refused.exit_code == 2 and "kore recover" in refused.output, refused.output
    assert not (home / "kore.sqlite").exists()
    recovered = runner.invoke(app, ["recover", "--home", str(home)])
    assert recovered.exit_code == 0, recovered.output
    assert stats(home) == before
    hits = runner.invoke(app, ["search", "oolong", "--owner", "keep", "--mode", "fts",
                               "--json", "--home", str(home)])
    assert hits.exit_code == 0 and "oolong" in hits.stdout
    # the next run re-indexes from the embedding cache and loses nothing
    summary = run_pipeline([empty], KoreSettings(home=home), now=NOW, embedder=embedder)
    assert summary["state"] == "completed"
    assert stats(home)["memories_by_status"] == before["memories_by_status"]
    again = runner.invoke(app, ["recover", "--home", str(home)])
    assert again.exit_code == 2 and "is sound" in again.output


def test_damaged_store_is_set_aside_by_recover(home: Path) -> None:
    before = stats(home)
    checkpoint(home)
    damage(home / "kore.sqlite", "garbled")
    result = runner.invoke(app, ["recover", "--home", str(home)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["set_aside"].endswith(".damaged-" + json.loads(
        result.stdout)["set_aside"].rsplit("-", 1)[-1])
    assert list(home.glob("kore.sqlite.damaged-*"))
    assert stats(home) == before


@pytest.mark.parametrize("how", ["zero", "truncated", "garbled", "bad blob"])
def test_damaged_embedding_cache_is_named_set_aside_and_rebuilt(
        home: Path, tmp_path: Path, how: str, embedder, caplog) -> None:  # type: ignore[no-untyped-def]
    cache = home / "cache" / "embeddings.sqlite"
    conn = sqlite3.connect(cache)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    if how == "bad blob":
        conn.execute("UPDATE embeddings SET vector = x'0102'")
        conn.commit()
    conn.close()
    if how != "bad blob":
        damage(cache, how)
    shutil.rmtree(home / "index")  # the run must rebuild every vector through the cache
    logs = tmp_path / "more"
    write_jsonl(logs / "b.jsonl", [message("I prefer green tea in the morning before work.",
                                           speaker="Kim", owner="keep", message_id="k3",
                                           ts="2026-11-04T09:00:00Z")])
    summary = run_pipeline([logs], KoreSettings(home=home), now=NOW, embedder=embedder)
    assert summary["state"] == "completed"
    if how in ("truncated", "garbled"):
        assert list(cache.parent.glob("embeddings.sqlite.damaged-*"))
        assert any(str(cache) in r.getMessage() for r in caplog.records)
    conn = sqlite3.connect(cache)
    n = conn.execute("SELECT count(*) FROM embeddings WHERE length(vector) = 4 * dim"
                     ).fetchone()[0]
    conn.close()
    assert n >= 4  # every memory's vector is cached again
    hits = runner.invoke(app, ["search", "which tea does Kim drink", "--owner", "keep",
                               "--json", "--home", str(home)])
    assert hits.exit_code == 0 and "tea" in hits.stdout


def test_backup_is_a_consistent_usable_copy(home: Path, tmp_path: Path) -> None:
    dest = tmp_path / "copy"
    result = runner.invoke(app, ["backup", str(dest), "--home", str(home)])
    assert result.exit_code == 0, result.output
    assert stats(dest) == stats(home)
    assert (dest / "index" / "memories.faiss").is_file()
    assert (dest / "cache" / "embeddings.sqlite").is_file()
    sql = runner.invoke(app, ["sql", "SELECT count(*) AS n FROM messages", "--home", str(dest)])
    assert sql.exit_code == 0 and sql.stdout.splitlines() == ["n", "3"], sql.output
    again = runner.invoke(app, ["backup", str(dest), "--home", str(home)])
    assert again.exit_code == 2 and "not an empty folder" in again.output


def _lake_counts(home: Path) -> dict[str, int]:
    from kore_pipeline.lake.publish import query

    return {name: query(home / "lake", f"SELECT count(*) FROM {name}")[1][0][0]
            for name in ("messages", "memories", "archive", "quarantine")}


@pytest.mark.parametrize("how", ["zero", "truncated", "garbled"])
@pytest.mark.parametrize("target", ["index/memories.faiss", "lake/memories/base.parquet",
                                    "lake/archive/base.parquet",
                                    "lake/quarantine/part-000000.parquet",
                                    "lake/messages/owner=keep/part-0.parquet",
                                    "kore.sqlite-wal"])
def test_damage_suite_every_command_answers_and_the_next_run_loses_nothing(
        home: Path, tmp_path: Path, target: str, how: str, embedder) -> None:  # type: ignore[no-untyped-def]
    """Each file of a home x (zero length, truncated, garbled): search and stats answer or
    stop clearly, and the next run restores every copy from what was intact."""
    counts = _lake_counts(home)
    before = stats(home)
    path = (home / target).resolve() if not target.endswith("-wal") else home / target
    if not path.is_file():
        path.write_bytes(b"\0" * 8192)  # a WAL left by a crash, garbled below
    damage(path, how)
    h = ["--home", str(home)]
    for args in (["search", "oolong", "--owner", "keep", "--json"],
                 ["search", "oolong", "--owner", "keep", "--mode", "fts"], ["stats"],
                 ["sql", "SELECT count(*) FROM memories"]):
        result = runner.invoke(app, [*args, *h])
        assert result.exit_code in (0, 1, 2), (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (args, result.exception)
        if args[0] == "search":
            assert result.exit_code == 0 and "oolong" in result.stdout, (args, result.output)
    empty = tmp_path / "empty"
    empty.mkdir()
    summary = run_pipeline([empty], KoreSettings(home=home), now=NOW, embedder=embedder)
    assert summary["state"] == "completed"
    assert stats(home) == before
    assert _lake_counts(home) == counts
