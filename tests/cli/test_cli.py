"""The `kore` command: help for every command, run/search/stats/restore/sql through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from tests.helpers import message, write_jsonl

runner = CliRunner()
NOW = "2026-09-10T12:00:00Z"


def test_every_command_has_help() -> None:
    commands = get_command(app).commands  # type: ignore[attr-defined]
    assert {"run", "decay", "compress", "search", "stats", "restore", "sql", "serve"} <= set(
        commands)
    for name, command in commands.items():
        assert command.help, f"{name} has no help text"
        subs = getattr(command, "commands", None)  # a group (kore keys): each subcommand
        for args in ([[name, sub] for sub in subs] if subs else [[name]]):
            result = runner.invoke(app, [*args, "--help"])
            assert result.exit_code == 0, result.output
            assert "--home" in result.output, args


def test_version_is_written_once() -> None:
    import tomllib

    from kore_pipeline import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"kore-pipeline {__version__}"
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "kore_pipeline/__init__.py"


def test_search_without_store_says_what_to_do(tmp_path: Path) -> None:
    result = runner.invoke(app, ["search", "x", "--home", str(tmp_path)])
    assert result.exit_code == 2
    assert "kore run" in result.output


@pytest.mark.slow
def test_run_search_batch_stats_restore_sql(tmp_path: Path) -> None:
    logs = write_jsonl(tmp_path / "logs" / "a.jsonl", [
        message("I decided to use Postgres for the billing service.", message_id="a1"),
        message("I prefer green tea over coffee.", owner="other", speaker="Bob",
                message_id="b1"),
    ])
    home = ["--home", str(tmp_path / "home")]
    result = runner.invoke(app, ["run", str(logs), *home, "--no-prefect", "--now", NOW])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["state"] == "completed"

    result = runner.invoke(app, ["search", "Postgres", "--owner", "team-alpha", "--json",
                                 "--now", NOW, *home])
    hits = json.loads(result.stdout)
    assert hits[0]["source_message_ids"] == ["a1"]
    assert set(hits[0]) >= {"memory_id", "owner", "subject", "type", "category", "content",
                            "importance", "decay_score", "score", "source_message_ids",
                            "created_at"}

    batch = tmp_path / "q.jsonl"
    batch.write_text("\n".join([
        json.dumps({"qid": "q1", "query": "Postgres", "owner": "team-alpha", "k": 1}),
        json.dumps({"qid": "q2", "query": "Postgres", "owner": "other"}),
        "{broken",
    ]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["search", "--batch", str(batch), "--now", NOW, *home])
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert lines[0]["qid"] == "q1" and len(lines[0]["results"]) == 1
    assert all(h["owner"] == "other" for h in lines[1]["results"])
    assert "error" in lines[2]

    stats = json.loads(runner.invoke(app, ["stats", "--json", *home]).stdout)
    assert stats["owners"] == {"other": stats["owners"]["other"],
                               "team-alpha": stats["owners"]["team-alpha"]}
    assert stats["pending_accesses"] >= 2

    result = runner.invoke(app, ["restore", str(hits[0]["memory_id"]), *home])
    assert result.exit_code == 1  # active memories are not archived

    result = runner.invoke(app, ["sql", "SELECT count(*) AS n FROM messages", *home])
    assert result.stdout.splitlines() == ["n", "2"]

    decayed = json.loads(runner.invoke(app, ["decay", "--no-prefect", "--force", "--now",
                                             "2028-01-01T00:00:00Z", *home]).stdout)
    assert decayed["state"] == "completed" and decayed["decay"]["accesses_applied"] >= 2
    compressed = json.loads(runner.invoke(app, ["compress", "--no-prefect", "--owner", "other",
                                                *home]).stdout)
    assert compressed["state"] == "completed" and "compress" in compressed
    forgotten = runner.invoke(app, ["sql", "SELECT id FROM memories WHERE status = 'forgotten'"
                                    " ORDER BY id LIMIT 1", *home]).stdout.splitlines()[1]
    result = runner.invoke(app, ["restore", forgotten, *home])
    assert result.exit_code == 0 and f"restored memory {forgotten}" in result.stdout
    # runs started in one second tie on started_at: the lake's view is read in kind order
    result = runner.invoke(app, ["sql", "SELECT kind, state FROM runs ORDER BY kind", *home])
    assert result.stdout.splitlines()[1:] == ["compress\tcompleted", "decay\tcompleted",
                                              "pipeline\tcompleted"]


def test_run_names_a_missing_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(tmp_path / "nope.jsonl"), "--home", str(tmp_path),
                                 "--no-prefect"])
    assert result.exit_code == 2 and "nope.jsonl" in result.output
