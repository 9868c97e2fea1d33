"""``kore watch``: micro-batches over folders of growing logs until Ctrl-C."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from types import FrameType
from typing import Annotated, Any

import typer

from kore_pipeline.cli.common import Home, Now, settings_for


def _stop_on_signals(stop: threading.Event) -> None:
    """First Ctrl-C (or SIGTERM): finish the current batch and stop. Second: stop now."""

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        typer.echo("kore watch: stopping after the current micro-batch (Ctrl-C again to"
                   " abort it)", err=True)

    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command("watch")
    def watch_command(
        paths: Annotated[list[Path], typer.Argument(help="Log folders or files to watch.")],
        interval: Annotated[float, typer.Option(
            "--interval", min=0.0, help="Seconds between micro-batches.")] = 60.0,
        once: Annotated[bool, typer.Option(
            "--once", help="Run one micro-batch (if anything is new) and exit.")] = False,
        max_batches: Annotated[int | None, typer.Option(
            "--max-batches", min=1, help="Stop after this many micro-batches.")] = None,
        home: Home = None, now: Now = None,
    ) -> None:
        """Ingest what is appended or added under PATHS every --interval seconds.

        Each micro-batch reads only what is new since each file's checkpoint, then extracts,
        scores, embeds, indexes and publishes it; one JSON line per batch. Ctrl-C stops
        cleanly after the current batch.
        """
        from kore_pipeline.run.watch import watch

        missing = [str(p) for p in paths if not p.exists()]
        if missing:
            typer.echo(f"no such file or folder: {', '.join(missing)}", err=True)
            raise typer.Exit(2)
        stop = threading.Event()
        _stop_on_signals(stop)

        def show(summary: dict[str, Any]) -> None:
            typer.echo(json.dumps(summary, ensure_ascii=False, default=str))

        try:
            report = watch(list(paths), settings_for(home), interval=interval, once=once,
                           max_batches=max_batches, now=now, stop=stop, on_batch=show)
        except KeyboardInterrupt:
            typer.echo("kore watch: aborted", err=True)
            raise typer.Exit(130) from None
        typer.echo(f"kore watch: stopped after {report.batches} micro-batch(es),"
                   f" {report.messages_new} new message(s), {report.failed} failed", err=True)
