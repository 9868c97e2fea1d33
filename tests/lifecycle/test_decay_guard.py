"""Decay typos are refused and a pass can be undone."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, set_decay_scores, transaction
from kore_pipeline.timeutil import iso

runner = CliRunner()


def make_store(settings: KoreSettings, n: int, created: datetime,
               scored: float | None) -> None:
    """``n`` active memories created at ``created``; ``scored``: a previous pass's score."""
    conn = connect(settings.db_path())
    with transaction(conn):
        for i in range(n):
            conn.execute(
                "INSERT INTO memories(owner, subject, key, type, category, content, content_hash,"
                " importance, source_message_ids, created_at, updated_at) VALUES"
                " ('o', 'Ann', ?, 'factual', 'preference', ?, ?, 1, '[]', ?, ?)",
                (f"preference:{i}", f"Ann likes tea number {i}", f"h{i}", iso(created),
                 iso(created)))
        if scored is not None:
            ids = [r[0] for r in conn.execute("SELECT id FROM memories")]
            set_decay_scores(conn, [(i, scored) for i in ids])
    conn.close()


def statuses(settings: KoreSettings) -> dict[str, int]:
    conn = connect(settings.db_path())
    try:
        return {r[0]: r[1] for r in conn.execute(
            "SELECT status, count(*) FROM memories GROUP BY 1")}
    finally:
        conn.close()


def test_decay_with_a_clock_in_the_future_is_refused_then_undone(settings: KoreSettings
                                                                  ) -> None:
    now = datetime.now(UTC)
    make_store(settings, 30, now - timedelta(days=1), scored=0.95)
    home = ["--home", str(settings.home), "--no-prefect", "--quiet"]
    refused = runner.invoke(app, ["decay", "--now", "2200-01-01", *home])
    assert refused.exit_code == 2, refused.output
    assert "ahead of the wall clock" in refused.output and "--force" in refused.output
    assert statuses(settings) == {"active": 30}
    forced = runner.invoke(app, ["decay", "--now", "2200-01-01", "--force", *home])
    assert forced.exit_code == 0, forced.output
    run_id = json.loads(forced.stdout)["run_id"]
    assert statuses(settings) == {"forgotten": 30}
    undone = runner.invoke(app, ["restore", "--run", run_id, "--home", str(settings.home)])
    assert undone.exit_code == 0, undone.output
    assert "restored 30 memories" in undone.output
    assert statuses(settings) == {"active": 30}
    # a correct pass afterwards keeps them: yesterday's memories are far from forgotten
    again = runner.invoke(app, ["decay", *home])
    assert again.exit_code == 0, again.output
    assert statuses(settings) == {"active": 30}


def test_decay_archiving_most_previously_active_memories_is_refused(settings: KoreSettings
                                                                    ) -> None:
    now = datetime.now(UTC)
    make_store(settings, 30, now - timedelta(days=400), scored=0.5)  # scored by a past pass
    home = ["--home", str(settings.home), "--no-prefect", "--quiet"]
    refused = runner.invoke(app, ["decay", *home])
    assert refused.exit_code == 2 and "would archive 100%" in refused.output, refused.output
    assert statuses(settings) == {"active": 30}
    env = {"KORE_DECAY_MAX_ARCHIVE_SHARE": "1.0"}
    assert runner.invoke(app, ["decay", *home], env=env).exit_code == 0
    assert statuses(settings) == {"forgotten": 30}


def test_first_import_of_old_history_decays_freely(settings: KoreSettings) -> None:
    make_store(settings, 30, datetime.now(UTC) - timedelta(days=400), scored=None)
    result = runner.invoke(app, ["decay", "--home", str(settings.home), "--no-prefect",
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    assert statuses(settings) == {"forgotten": 30}


def test_restore_of_an_unknown_run_is_a_clear_error(settings: KoreSettings) -> None:
    make_store(settings, 1, datetime.now(UTC), scored=None)
    result = runner.invoke(app, ["restore", "--run", "decay-nope", "--home",
                                 str(settings.home)])
    assert result.exit_code == 2 and "no run 'decay-nope'" in result.output


def test_restore_of_a_huge_id_is_a_clear_error(settings: KoreSettings) -> None:
    make_store(settings, 1, datetime.now(UTC), scored=None)
    result = runner.invoke(app, ["restore", str(2**70), "--home", str(settings.home)])
    assert result.exit_code == 1 and "not archived" in result.output
    assert "Traceback" not in result.output


def test_maintenance_with_a_missing_home_creates_nothing(tmp_path: Path) -> None:
    typo = tmp_path / "typo"
    for args in (["decay", "--no-prefect"], ["compress", "--no-prefect"], ["stats"],
                 ["restore", "1"], ["restore", "--run", "x"], ["search", "tea", "--mode", "fts"],
                 ["export", "--owner", "o"], ["context", "tea"], ["backup", str(tmp_path / "b")]):
        result = runner.invoke(app, [*args, "--home", str(typo)])
        assert result.exit_code == 2, (args, result.output)
        assert "no store" in result.output, (args, result.output)
        assert not typo.exists(), args
