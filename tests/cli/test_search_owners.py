"""`kore search` names the owners when the searched one has nothing, and says which owner
it searched when --owner was left out in a store of several owners."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.memory import Memory

runner = CliRunner()
NOW = "2026-09-10T12:00:00Z"


def store(home: Path, owners: dict[str, int]) -> list[str]:
    with Memory(home) as mem:
        _ = mem.conn  # the store exists even with nothing saved
        for owner, n in owners.items():
            for i in range(n):
                mem.save(f"{owner} drinks tea number {i} at noon", owner, now=NOW)
    return ["--home", str(home), "--mode", "fts", "--now", NOW]


def test_an_unknown_owner_lists_the_owners_with_counts(tmp_path: Path) -> None:
    args = store(tmp_path / "home", {"team-alpha": 3, "team-beta": 1})
    result = runner.invoke(app, ["search", "tea", "--owner", "team-gamma", *args])
    assert result.exit_code == 0
    assert "no results" in result.stdout
    assert "owner 'team-gamma' has no memories" in result.stderr
    assert "team-alpha (3), team-beta (1)" in result.stderr


def test_omitted_owner_says_default_was_searched(tmp_path: Path) -> None:
    args = store(tmp_path / "home", {"team-alpha": 2, "team-beta": 1})
    result = runner.invoke(app, ["search", "tea", *args])
    assert "no results" in result.stdout
    assert "owner 'default' has no memories" in result.stderr
    assert "team-alpha (2), team-beta (1)" in result.stderr and "--owner" in result.stderr

    args = store(tmp_path / "home", {"default": 1})
    found = runner.invoke(app, ["search", "tea", *args])
    assert "default drinks tea" in found.stdout
    assert "searched owner 'default' (no --owner given)" in found.stderr
    assert "team-alpha (2), team-beta (1)" in found.stderr


def test_json_output_stays_clean_and_a_named_owner_with_hits_is_quiet(tmp_path: Path) -> None:
    args = store(tmp_path / "home", {"team-alpha": 1, "team-beta": 1})
    result = runner.invoke(app, ["search", "tea", "--owner", "nobody", "--json", *args])
    assert result.stdout.strip() == "[]" and "team-alpha (1)" in result.stderr
    named = runner.invoke(app, ["search", "tea", "--owner", "team-beta", *args])
    assert "team-beta drinks tea" in named.stdout and named.stderr == ""


def test_an_empty_store_says_so(tmp_path: Path) -> None:
    args = store(tmp_path / "home", {})
    result = runner.invoke(app, ["search", "tea", *args])
    assert "no results" in result.stdout and "holds no memories yet" in result.stderr
