"""``kore`` commands of this module (registered by cli.py)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
