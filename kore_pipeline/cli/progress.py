"""Progress bars (rich) per stage with counts, and key=value logs, for long CLI runs.

``kore run/decay/compress`` wrap their work in :func:`stage_progress`: every stage gets a bar
that fills when it completes and shows its counts and time; log records (which stage, which
file) print above the bars as key=value lines. ``--quiet`` keeps only warnings and errors,
with no bars, so scripts read stdout (the JSON summary) alone.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from kore_pipeline.store import runlog

Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars; only warnings"
                                     " and errors on stderr (for scripts).")]

_SHOWN = ("files_read", "messages_new", "quarantined", "messages", "inserted", "updated",
          "superseded", "memories", "encoded", "scored", "forgotten", "candidates", "merged",
          "accesses_applied")


def format_counts(counts: dict[str, float], limit: int = 5) -> str:
    """The most telling counts of a stage as ``key=value`` pairs."""
    keys = [k for k in _SHOWN if k in counts] or list(counts)
    return " ".join(f"{k}={counts[k]:g}" for k in keys[:limit])


@contextmanager
def stage_progress(quiet: bool = False) -> Iterator[None]:
    """Show a bar per stage (with counts) and key=value logs on stderr while the block runs."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        SpinnerColumn,
        TaskID,
        TextColumn,
        TimeElapsedColumn,
    )

    console = Console(stderr=True, highlight=False, soft_wrap=True)
    level = logging.WARNING if quiet else logging.INFO
    handler = runlog.configure_logging(
        level, lambda text: console.print(text, markup=False, highlight=False))
    try:
        if quiet:
            yield
            return
        progress = Progress(SpinnerColumn(), TextColumn("{task.description:<10}"), BarColumn(),
                            TextColumn("{task.fields[counts]}"), TimeElapsedColumn(),
                            console=console)
        tasks: dict[tuple[str, int], TaskID] = {}

        def on_event(event: runlog.StageEvent) -> None:
            key = (event.run_id, event.seq)
            if event.phase == "start":
                tasks[key] = progress.add_task(event.stage, total=1, counts="")
                return
            if event.phase == "progress":
                done, of = event.counts.get("encoded"), event.counts.get("of")
                if done is not None and of:
                    progress.update(tasks[key], completed=done / of,
                                    counts=f"{done:g}/{of:g}")
                return
            label = format_counts(event.counts) if event.phase == "end" else "FAILED"
            progress.update(tasks[key], completed=1, counts=label)
            progress.stop_task(tasks[key])

        with progress, runlog.listening(on_event):
            yield
    finally:
        runlog.log.removeHandler(handler)
        runlog.log.propagate = True
