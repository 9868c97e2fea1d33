"""``kore reindex --embedder NAME``: move a home to another embedder while search keeps working."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, print_json, require_store, settings_for


class ProgressLine:
    """Prints the backfill's progress on stderr, at most once a second (and each step)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.started = time.perf_counter()
        self.last = 0.0
        self.step = ""

    def __call__(self, step: str, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.quiet or (step == self.step and now - self.last < 1.0 and done < total):
            return
        self.step, self.last = step, now
        if step == "embed":
            rate = done / max(now - self.started, 1e-9)
            eta = f", about {(total - done) / rate:.0f} s left" if rate and done < total else ""
            typer.echo(f"reindex: embedded {done:,} / {total:,} memories"
                       f" ({rate:,.0f}/s{eta})", err=True)
        elif step == "stage":
            typer.echo(f"reindex: building the new index of {total:,} memories beside the"
                       " old one", err=True)
        elif step == "swap":
            typer.echo("reindex: catching up and swapping (waits for a run holding the home)",
                       err=True)


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""

    @app.command("reindex")
    def reindex(embedder: Annotated[str | None, typer.Option(
                    "--embedder", help="Backend to move the home to (KORE_EMBEDDER names:"
                    " onnx, static, sentence-transformers, onnx-int8, ...).")] = None,
                status: Annotated[bool, typer.Option(
                    "--status", help="Say how far a running or interrupted reindex got.")]
                = False,
                wait: Annotated[float, typer.Option(
                    "--wait", help="Seconds the swap waits for a run holding the home.")]
                = 600.0,
                chunk: Annotated[int, typer.Option(
                    "--chunk", min=1, help="Memories embedded per committed step.")] = 2048,
                quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
                home: Home = None) -> None:
        """Re-embed every memory with another embedder, beside the current index, and swap.

        Search keeps answering from the current index (and its embedder) until the new one
        is complete; the swap is one store commit. Killed or stopped, it keeps what it
        embedded: run it again to finish. Afterwards search follows the index; run
        `kore run` with KORE_EMBEDDER=NAME (a run with another embedder re-embeds the home).
        """
        from kore_pipeline.embed.factory import BACKENDS
        from kore_pipeline.index.reindex import reindex as run_reindex
        from kore_pipeline.index.reindex import reindex_progress

        settings = settings_for(home)
        require_store(settings)
        if status:
            print_json(reindex_progress(settings) or {"step": "none"})
            return
        if embedder is None or embedder not in BACKENDS:
            typer.echo("kore reindex: give --embedder, one of " + ", ".join(sorted(BACKENDS)),
                       err=True)
            raise typer.Exit(2)
        report = run_reindex(settings, embedder, progress=ProgressLine(quiet),
                             chunk=chunk, lock_wait=wait)
        if not report.swapped:
            typer.echo(f"already indexed with {report.previous}; nothing to do")
            return
        typer.echo(f"reindexed {report.memories:,} memories: {report.previous} ->"
                   f" {report.signature} ({report.encoded:,} texts encoded,"
                   f" {report.caught_up:,} caught up at the swap; "
                   + ", ".join(f"{k} {v:.1f} s" for k, v in report.seconds.items()) + ")")
