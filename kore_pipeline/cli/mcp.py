"""``kore mcp``: serve the memory store to agents over MCP (stdio or streamable HTTP)."""

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
                " (one server per owner for hard isolation).")] = False,
            transport: Annotated[str, typer.Option(
                help="stdio, or http (streamable HTTP at http://HOST:PORT/mcp).")] = "stdio",
            host: Annotated[str, typer.Option(help="HTTP: interface to listen on.")]
            = "127.0.0.1",
            port: Annotated[int, typer.Option(min=1, max=65535, help="HTTP: TCP port.")] = 8766,
            no_reinforce: Annotated[bool, typer.Option(
                "--no-reinforce", help="Search and context log no accesses (they are then "
                "advertised read-only).")] = False) -> None:
        """Serve the memory tools (search, context, inject, save, save_batch, get, update,
        delete, restore, list, timeline, stats, export) over MCP to agents."""
        from kore_pipeline.serve.mcp import serve

        if not owner.strip():
            raise typer.BadParameter("--owner must not be empty")
        if transport not in ("stdio", "http"):
            raise typer.BadParameter("--transport must be stdio or http")
        serve(settings_for(home), owner=owner.strip(), lock_owner=lock_owner,
              transport="http" if transport == "http" else "stdio", host=host, port=port,
              reinforce=not no_reinforce)
