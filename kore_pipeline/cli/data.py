"""``kore forget``, ``kore export`` and ``kore import``: an owner's data out, in, or gone."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, Now, print_json, settings_for

Owner = Annotated[str, typer.Option("--owner", help="Memory namespace.")]


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command("forget")
    def forget(owner: Owner,
               subject: Annotated[str | None, typer.Option(
                   help="Only the memories and messages of this person within the owner.")]
               = None,
               yes: Annotated[bool, typer.Option("--yes", help="Do not ask.")] = False,
               home: Home = None) -> None:
        """Remove every trace of an owner (or one subject): store rows, FTS, vectors,
        embedding cache, quarantine, Parquet rows; then vacuum so no file keeps the text."""
        from kore_pipeline.lifecycle.erase import forget_owner

        settings = settings_for(home)
        if not settings.db_path().is_file():
            typer.echo(f"no store at {settings.db_path()}", err=True)
            raise typer.Exit(2)
        what = f"owner {owner!r}" + (f", subject {subject!r}" if subject else "")
        if not yes and not typer.confirm(f"Erase every trace of {what} from"
                                         f" {settings.home}? This cannot be undone"):
            raise typer.Exit(1)
        report = forget_owner(settings, owner, subject)
        if not report.wal_truncated:
            typer.echo("warning: another process holds the store open; its WAL file could not"
                       " be emptied yet (run `kore forget` again when it is closed)", err=True)
        print_json(report.to_dict())

    @app.command("export")
    def export(owner: Owner,
               out: Annotated[Path | None, typer.Option(
                   "--out", help="JSON Lines file to write (default: stdout).")] = None,
               home: Home = None, now: Now = None) -> None:
        """Write an owner's memories (provenance, scores, access history) and source messages
        as JSON Lines, with a kind/version header."""
        from kore_pipeline.lifecycle.transfer import export_owner

        settings = settings_for(home)
        if not settings.db_path().is_file():
            typer.echo(f"no store at {settings.db_path()}", err=True)
            raise typer.Exit(2)
        n = export_owner(settings, owner, out, now)
        if out is not None:
            typer.echo(f"exported {n} memories of {owner!r} to {out}", err=True)

    @app.command("import")
    def import_cmd(path: Annotated[Path, typer.Argument(help="A file written by kore export.")],
                   owner: Annotated[str | None, typer.Option(
                       "--owner", help="Import as this owner (default: the exported one).")]
                   = None,
                   home: Home = None) -> None:
        """Load an export: memories keep their scores and history; embedded and indexed."""
        from kore_pipeline.lifecycle.transfer import TransferError, import_file

        if not path.is_file():
            typer.echo(f"no such file: {path}", err=True)
            raise typer.Exit(2)
        try:
            report = import_file(settings_for(home), path, owner)
        except TransferError as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(2) from None
        for error in report.errors:
            typer.echo(f"skipped {error}", err=True)
        print_json(report.to_dict())
