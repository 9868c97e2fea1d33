"""Prefect's telemetry is off for kore's own runs (offline it printed a red "Failed to send
telemetry" ERROR), and only the telemetry: errors still show."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kore_pipeline.run.prefect_env import QUIET, quiet_prefect_analytics

ROOT = Path(__file__).resolve().parents[2]
PROBE = ("import kore_pipeline.run.prefect_flows, os, logging;"
         "from prefect.settings import get_current_settings as s;"
         "print(os.environ.get('DO_NOT_TRACK'), s().server.analytics_enabled,"
         " s().logging.level)")


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in QUIET and not k.startswith(("KORE_", "PREFECT_"))}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def probe(**extra: str) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE], env=clean_env(**extra),
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_kore_turns_prefect_analytics_off_and_keeps_its_log_level() -> None:
    assert probe() == "1 False INFO"  # Prefect's own log level: errors are shown


def test_analytics_can_be_kept_on() -> None:
    assert probe(KORE_PREFECT_ANALYTICS="true") == "None True INFO"
    env: dict[str, str] = {"KORE_PREFECT_ANALYTICS": "1"}
    assert quiet_prefect_analytics(env) == [] and set(env) == {"KORE_PREFECT_ANALYTICS"}


def test_an_explicit_prefect_setting_wins() -> None:
    env = {"PREFECT_SERVER_ANALYTICS_ENABLED": "true"}
    assert quiet_prefect_analytics(env) == ["DO_NOT_TRACK"]
    assert env == {"PREFECT_SERVER_ANALYTICS_ENABLED": "true", "DO_NOT_TRACK": "1"}


@pytest.mark.slow
def test_an_offline_kore_run_prints_no_telemetry_error(tmp_path: Path) -> None:
    env = clean_env(PREFECT_HOME=str(tmp_path / "prefect"))
    done = subprocess.run([sys.executable, "-m", "kore_pipeline.cli", "run", "--home",
                           str(tmp_path / "home"), "--now", "2026-11-30T12:00:00Z"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "telemetry" not in done.stderr.lower()
    assert "Starting temporary server" in done.stderr or "publish" in done.stderr
    # a real error still reaches the terminal
    failed = subprocess.run([sys.executable, "-m", "kore_pipeline.cli", "run", "--home",
                             str(tmp_path / "home"), str(tmp_path / "missing-folder")],
                            env=env, capture_output=True, text=True, timeout=600)
    assert failed.returncode != 0 and "missing-folder" in failed.stderr
