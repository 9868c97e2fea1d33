"""Options and helpers shared by every ``kore`` command module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from kore_pipeline.settings import KoreSettings

Home = Annotated[Path | None, typer.Option("--home", help="Home folder (default $KORE_HOME or"
                                            " ./.kore): store, index, lake, caches.")]
Now = Annotated[str | None, typer.Option("--now", help="Fix the clock (ISO 8601) for"
                                          " reproducible decay, search and runs.")]
Plain = Annotated[bool, typer.Option("--no-prefect", help="Run the stages directly, without"
                                     " Prefect (faster start, no run history in Prefect).")]


def settings_for(home: Path | None) -> KoreSettings:
    """Settings from the environment, with the home folder from --home if given."""
    return KoreSettings(home=home) if home else KoreSettings()


def print_json(obj: Any) -> None:
    """Print an object as indented JSON (UTF-8 kept as is)."""
    typer.echo(json.dumps(obj, ensure_ascii=False, indent=2, default=str))
