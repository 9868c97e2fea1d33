"""``kore history``: the versions of a person's slots (residence, budget, ...) with validity."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, print_json, settings_for
from kore_pipeline.cli.display import echo


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command("history")
    def history(owner: Annotated[str, typer.Option("--owner", help="Memory namespace.")]
                = "default",
                subject: Annotated[str | None, typer.Option(
                    help="Only this person (default: everyone of the owner).")] = None,
                slot: Annotated[str | None, typer.Option(
                    help="Only this slot: residence, employer, job, diet, budget, name:wife,"
                    " schedule:flight, tool:vs code, count:kid, age (a prefix such as 'name'"
                    " or 'schedule' takes them all).")] = None,
                as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
                home: Home = None) -> None:
        """Each slot's versions, oldest first: value, true from/until, what superseded it."""
        from kore_pipeline.store.db import connect
        from kore_pipeline.store.validity import slot_history

        settings = settings_for(home)
        path: Path = settings.db_path()
        if not path.is_file():
            typer.echo(f"no store at {path}: run `kore run` first", err=True)
            raise typer.Exit(2)
        conn = connect(path)
        try:
            versions = slot_history(conn, owner, subject, slot)
        finally:
            conn.close()
        if as_json:
            print_json([v.to_dict() for v in versions])
            return
        if not versions:
            typer.echo("no slot versions")
        for v in versions:
            until = v.valid_until or "now"
            by = f" -> superseded by [{v.superseded_by}]" if v.superseded_by else ""
            echo(f"{v.subject} · {v.slot} = {v.value}  [{v.memory_id}] {v.status}"
                 f"  {v.valid_from} .. {until}{by}")
            found = f"  (found by {v.rule})" if v.rule else ""
            echo(f"    {v.content}{found}")
