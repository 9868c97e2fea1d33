"""Prefect flows: the whole pipeline, and decay and compression on their own.

Run ad hoc (``kore run``; Prefect starts a temporary local server when no
``PREFECT_API_URL`` is set) or as scheduled deployments (``prefect.yaml``, ``kore serve``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from prefect import flow
from prefect.artifacts import create_markdown_artifact, create_table_artifact

from kore_pipeline.run.pipeline import (
    RunContext,
    close_run,
    execute,
    input_paths,
    open_run,
    prepare_vectors,
    serving_transaction,
)
from kore_pipeline.run.watch import WATCH_KIND, has_work
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.runlog import stage_rows

from . import tasks


def _settings(home: str | None) -> KoreSettings:
    return KoreSettings(home=Path(home)) if home and home.strip() else KoreSettings()


def _run(ctx: RunContext, body: Any, title: str) -> dict[str, Any]:
    """Run the flow's tasks; on success leave a Markdown summary and a table of stage timings."""

    def finish(ctx: RunContext) -> dict[str, Any]:
        summary = close_run(ctx)
        stages = stage_rows(ctx.conn, ctx.run_id)
        timings = "\n".join(["| stage | seconds | counts |", "|---|---|---|"] + [
            f"| {r['stage']} | {r['seconds']} | "
            + ", ".join(f"{k} {v:g}" for k, v in r["counts"].items()) + " |" for r in stages])
        create_markdown_artifact(
            key=f"kore-{ctx.kind}-summary",
            markdown=f"# {title}\n\n{timings}\n\n"
                     f"```json\n{json.dumps(summary, indent=2, default=str)}\n```",
            description=f"kore {ctx.kind} run {ctx.run_id}",
        )
        create_table_artifact(
            key=f"kore-{ctx.kind}-stages",
            table=[{**{k: v for k, v in row.items() if k != "counts"},
                    "counts": json.dumps(row["counts"])} for row in stages],
            description=f"stages of kore {ctx.kind} run {ctx.run_id}: seconds and counts",
        )
        return summary

    return execute(ctx, body, finish)


@flow(name="kore-pipeline", log_prints=True)
def kore_pipeline_flow(paths: list[str] | None = None, home: str | None = None,
                       now: str | None = None, force: bool = False) -> dict[str, Any]:
    """Ingest -> extract & score -> embed & index -> decay -> compress -> publish."""
    ctx = open_run(_settings(home), "pipeline", now, force=force)

    def body() -> None:
        tasks.ingest(ctx, input_paths(paths))
        prepare_vectors(ctx)
        with serving_transaction(ctx):  # search sees the store before or after, not between
            tasks.extract(ctx)
            tasks.index(ctx)
            tasks.decay(ctx)
            tasks.compress(ctx)
        tasks.publish(ctx)

    return _run(ctx, body, "kore pipeline run")


@flow(name="kore-micro-batch", log_prints=True)
def micro_batch_flow(paths: list[str] | None = None, home: str | None = None,
                     now: str | None = None) -> dict[str, Any]:
    """Streaming: ingest what is new since each file's checkpoint -> extract -> index -> publish.

    Returns ``{"skipped": true}`` without opening a run when nothing changed (the short
    interval schedule then costs a file probe, not a run).
    """
    settings = _settings(home)
    sources = input_paths(paths)
    if not has_work(sources, settings):
        return {"skipped": True}
    ctx = open_run(settings, WATCH_KIND, now)

    def body() -> None:
        report = tasks.ingest(ctx, sources)
        pending = ctx.conn.execute("SELECT count(*) FROM messages WHERE extracted = 0"
                                   ).fetchone()[0]
        if report["messages_new"] or report["quarantined"] or pending:
            tasks.extract(ctx)
            tasks.index(ctx)
            tasks.publish(ctx)

    return _run(ctx, body, "kore micro-batch")


@flow(name="kore-decay", log_prints=True)
def decay_flow(home: str | None = None, now: str | None = None,
               force: bool = False) -> dict[str, Any]:
    """Apply logged accesses and decay at ``now``; archive forgotten memories; publish.

    ``force`` skips decay's guards (a clock ahead of the wall clock, an implausible share).
    """
    ctx = open_run(_settings(home), "decay", now, force=force)

    def body() -> None:
        with serving_transaction(ctx):
            tasks.decay(ctx)
        tasks.publish(ctx)

    return _run(ctx, body, "kore decay run")


@flow(name="kore-compress", log_prints=True)
def compress_flow(home: str | None = None, now: str | None = None,
                  owner: str | None = None) -> dict[str, Any]:
    """Merge near-duplicate memories (cosine >= threshold) and publish."""
    ctx = open_run(_settings(home), "compress", now)

    def body() -> None:
        with serving_transaction(ctx):
            tasks.compress(ctx, owner)
        tasks.publish(ctx)

    return _run(ctx, body, "kore compress run")
