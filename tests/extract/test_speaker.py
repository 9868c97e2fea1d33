"""Names from exports: ``kore run --owner O --speaker NAME`` and the settings
behind them (``KORE_DEFAULT_OWNER``, ``KORE_DEFAULT_SPEAKER``) make an export's user turns the
person's: their memories have NAME as subject and O as owner."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.run.pipeline import execute, open_run, stage_extract, stage_ingest
from kore_pipeline.settings import KoreSettings

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"
NOW = "2026-11-30T12:00:00Z"


def _ingest_and_extract(settings: KoreSettings, paths: list[Path]) -> None:
    ctx = open_run(settings, "pipeline", NOW)
    execute(ctx, lambda: (stage_ingest(ctx, paths), stage_extract(ctx)))


def _rows(home: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(home / "kore.sqlite")
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def test_export_user_turns_get_the_speakers_name(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h", default_owner="anna", default_speaker="Anna")
    _ingest_and_extract(settings, [EXPORTS])
    msgs = _rows(settings.home, "SELECT owner, role, speaker FROM messages")
    assert {(o, r, s) for o, r, s in msgs} == {("anna", "user", "Anna"),
                                               ("anna", "assistant", None)}
    mems = _rows(settings.home, "SELECT owner, subject, content FROM memories")
    assert mems and {(o, s) for o, s, _ in mems} == {("anna", "Anna")}
    assert any("shellfish" in c for _, _, c in mems)
    assert any("hydrangea" in c for _, _, c in mems)


def test_without_a_speaker_the_subject_stays_user(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    _ingest_and_extract(settings, [EXPORTS])
    mems = _rows(settings.home, "SELECT owner, subject FROM memories")
    assert mems and set(mems) == {("default", "user")}


def test_a_record_naming_its_speaker_keeps_it(tmp_path: Path) -> None:
    log = tmp_path / "chat.jsonl"
    recs = [{"ts": "2026-10-01T09:00:00Z", "role": "user", "speaker": "Bob",
             "text": "I live in Turin."},
            {"ts": "2026-10-01T09:01:00Z", "role": "user", "text": "I'm vegan."}]
    log.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    settings = KoreSettings(home=tmp_path / "h", default_speaker="Anna")
    _ingest_and_extract(settings, [log])
    subjects = dict(_rows(settings.home, "SELECT content, subject FROM memories"
                                         " WHERE type = 'factual'"))
    assert subjects == {"I live in Turin": "Bob", "I'm vegan": "Anna"}


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORE_DEFAULT_SPEAKER", "Anna")
    monkeypatch.setenv("KORE_DEFAULT_OWNER", "anna")
    settings = KoreSettings()
    assert (settings.default_owner, settings.default_speaker) == ("anna", "Anna")


def test_an_empty_speaker_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["run", str(EXPORTS), "--home", str(tmp_path / "h"),
                                      "--no-prefect", "--speaker", " "])
    assert result.exit_code == 2 and "--speaker must not be empty" in result.output
    assert not (tmp_path / "h" / "kore.sqlite").exists()


@pytest.mark.slow
def test_kore_run_owner_and_speaker(tmp_path: Path) -> None:
    """The whole run (real model) from the CLI: memories of owner 'anna', subject 'Anna'."""
    home = tmp_path / "h"
    result = CliRunner().invoke(app, ["run", str(EXPORTS), "--home", str(home), "--no-prefect",
                                      "--now", NOW, "--owner", "anna", "--speaker", "Anna",
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    mems = _rows(home, "SELECT owner, subject FROM memories")
    assert mems and set(mems) == {("anna", "Anna")}
    found = CliRunner().invoke(app, ["search", "allergic", "--home", str(home), "--owner",
                                     "anna", "--now", NOW])
    assert found.exit_code == 0 and "shellfish" in found.output
