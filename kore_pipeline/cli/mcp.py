"""``kore mcp``: serve the memory store to agents over MCP (stdio), registered by cli.py."""

from __future__ import annotations

from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, settings_for


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command("mcp")
    def mcp(home: Home = None,
            owner: Annotated[str, typer.Option(
                help="Default owner (memory namespace) of calls that name none.")] = "default",
            lock_owner: Annotated[bool, typer.Option(
                "--lock-owner", help="Serve only --owner: refuse calls that name another owner"
                " (one server per owner for hard isolation).")] = False) -> None:
        """Serve memory_search, memory_context, memory_save, memory_delete and memory_stats
        over MCP on stdin/stdout (for agents; the store is created if missing)."""
        from kore_pipeline.serve.mcp import serve_stdio

        if not owner.strip():
            raise typer.BadParameter("--owner must not be empty")
        serve_stdio(settings_for(home), owner=owner.strip(), lock_owner=lock_owner)
