"""Small typed Prefect tasks, one per stage; the logic lives in ``kore_pipeline.pipeline``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prefect import task
from prefect.cache_policies import NO_CACHE

from kore_pipeline.run import pipeline
from kore_pipeline.run.pipeline import RunContext

# Stages share an open store connection, so results are neither cached nor persisted.
_TASK = {"cache_policy": NO_CACHE, "persist_result": False}


@task(name="ingest", retries=2, retry_delay_seconds=2, **_TASK)
def ingest(ctx: RunContext, paths: list[Path]) -> dict[str, int]:
    """Read new input files into messages; quarantine bad records."""
    return pipeline.stage_ingest(ctx, paths)


@task(name="extract-and-score", **_TASK)
def extract(ctx: RunContext) -> dict[str, int]:
    """Extract facts and episodes from user turns not yet extracted, score, upsert."""
    return pipeline.stage_extract(ctx)


@task(name="embed-and-index", retries=1, retry_delay_seconds=2, **_TASK)
def index(ctx: RunContext) -> dict[str, Any]:
    """Embed changed memories (cached) and rewrite the FAISS index."""
    return pipeline.stage_index(ctx)


@task(name="decay", retries=1, retry_delay_seconds=2, **_TASK)
def decay(ctx: RunContext) -> dict[str, Any]:
    """Apply accesses and Ebbinghaus decay; archive the forgotten."""
    return pipeline.stage_decay(ctx)


@task(name="compress", retries=1, retry_delay_seconds=2, **_TASK)
def compress(ctx: RunContext, owner: str | None = None) -> dict[str, Any]:
    """Merge near-duplicates within owner and subject; re-index."""
    return pipeline.stage_compress(ctx, owner)


@task(name="publish", retries=2, retry_delay_seconds=2, **_TASK)
def publish(ctx: RunContext) -> dict[str, int]:
    """Write the Parquet lake and DuckDB views."""
    return pipeline.stage_publish(ctx)
