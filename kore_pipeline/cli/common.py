"""Options and helpers shared by every ``kore`` command module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

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


def require_store(settings: KoreSettings) -> None:
    """Stop with exit 2 (creating nothing) when the home has no store."""
    if not settings.db_path().is_file():
        typer.echo(f"no store at {settings.db_path()}: run `kore run` first (check --home)",
                   err=True)
        raise typer.Exit(2)


class KoreGroup(TyperGroup):
    """The command group: store problems end a command with a clear message, no traceback."""

    def invoke(self, ctx: Any) -> Any:  # typer's own click.Context
        """Run the command; a damaged, missing or busy store exits 2 (busy: 3), and so does
        a full disk or a write not permitted (named as such, without a traceback)."""
        from kore_pipeline.embed.factory import EmbeddingError
        from kore_pipeline.lifecycle.decay import DecayRefused
        from kore_pipeline.store.check import StoreError, storage_problem
        from kore_pipeline.store.homelock import HomeBusy

        args = [*getattr(ctx, "protected_args", []), *ctx.args]
        try:
            return super().invoke(ctx)
        except HomeBusy as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(3) from None
        except (StoreError, DecayRefused, EmbeddingError) as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        except Exception as exc:  # noqa: BLE001 - a full disk from any library: named as such
            home = _home_of(args)
            reason = storage_problem(exc, home / "kore.sqlite")
            if reason is None:
                raise
            where = getattr(exc, "filename", None) or home
            typer.echo(f"error: {where} cannot be written: {reason}; free space or fix the"
                       " permissions, then run the command again", err=True)
            raise typer.Exit(2) from None


def _home_of(args: list[str]) -> Path:
    """The home folder the command line names (for messages)."""
    for i, arg in enumerate(args):
        if arg == "--home" and i + 1 < len(args):
            return Path(args[i + 1])
        if arg.startswith("--home="):
            return Path(arg.split("=", 1)[1])
    return KoreSettings().home


def print_json(obj: Any) -> None:
    """Print an object as indented JSON (UTF-8 kept as is)."""
    typer.echo(json.dumps(obj, ensure_ascii=False, indent=2, default=str))
