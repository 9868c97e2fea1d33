"""A pipeline run whose extraction and embedding go through partitions (``partitions.py``).

The stages here replace ``pipeline.stage_extract`` and the embedding half of
``pipeline.stage_index``; everything else (ingest, decay, compression, publish) is the
single-process code. ``run_map(step, folders)`` runs one step ("extract" or "embed") over
partition folders: in a plain loop here (:func:`run_locally`), as Prefect tasks on a Dask
cluster in ``flows/distributed.py``. Either way the store, the index and the lake end up
exactly as after ``pipeline.run_pipeline`` on the same input.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from kore_pipeline.embed.factory import Embedder
from kore_pipeline.extract.facts import upsert_memories
from kore_pipeline.index.sync import SIGNATURE_KEY
from kore_pipeline.ingest.reader import message_key
from kore_pipeline.run import partitions as parts
from kore_pipeline.run.pipeline import (
    RunContext,
    execute,
    input_paths,
    open_run,
    pending_messages,
    stage_compress,
    stage_decay,
    stage_index,
    stage_ingest,
    stage_publish,
)
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import get_meta
from kore_pipeline.timeutil import iso

RunMap = Callable[[str, list[Path]], None]
"""Runs one partition step ("extract" or "embed") over the given partition folders."""

STEPS: dict[str, Callable[[Path, KoreSettings], Path]] = {
    "extract": parts.extract_partition, "embed": parts.embed_partition}


def run_locally(settings: KoreSettings) -> RunMap:
    """A :data:`RunMap` that runs the steps one partition after another in this process."""
    def run_map(step: str, folders: list[Path]) -> None:
        for folder in folders:
            STEPS[step](folder, settings)
    return run_map


def work_dir_for(ctx: RunContext, work_root: Path | None) -> Path:
    """This run's partition folder: ``<work_root or home/partitions>/<run_id>``."""
    root = work_root if work_root is not None else ctx.settings.home / "partitions"
    return root / ctx.run_id


def stage_extract_partitioned(ctx: RunContext, partitions: int, work_dir: Path,
                              run_map: RunMap) -> dict[str, int]:
    """Split pending messages, extract each partition, upsert the merged candidates."""
    pending = pending_messages(ctx.conn)
    folders = parts.split_messages(pending, partitions, work_dir)
    run_map("extract", folders)
    candidates = parts.merged_candidates(folders)
    report = upsert_memories(ctx.conn, candidates, iso(ctx.now),
                             done_messages=[message_key(m) for m in pending])
    ctx.stats["extract"] = {"messages": len(pending), "candidates": len(candidates),
                            "inserted": report.inserted, "updated": report.updated,
                            "unchanged": report.unchanged, "superseded": report.superseded,
                            "partitions": len(folders)}
    return ctx.stats["extract"]


def _stored_dim(ctx: RunContext, real: Embedder) -> int | None:
    sig = get_meta(ctx.conn, SIGNATURE_KEY)
    if sig and sig.startswith(real.signature_prefix):
        return int(sig.rsplit(":", 1)[1])
    return None


def stage_embed_partitioned(ctx: RunContext, partitions: int, work_dir: Path,
                            run_map: RunMap) -> dict[str, Any]:
    """Embed in partitions what the cache lacks, merge the vectors into the cache, then
    build the FAISS index from them (``stage_index``, which then encodes nothing)."""
    real = ctx.embedder  # not loaded: only its names are needed here
    if isinstance(real, parts.MergedVectors):
        real = real.real
    rows = [dict(r) for r in ctx.conn.execute(
        "SELECT owner, subject, content FROM memories ORDER BY id")]
    plan = parts.plan_embedding(rows, real, ctx.cache, ctx.settings.embed_batch_size,
                               partitions, work_dir)
    run_map("embed", plan.folders)
    merged, dim = parts.merge_vectors(plan.folders, ctx.cache)
    merged_view = parts.MergedVectors(real, dim or _stored_dim(ctx, real))
    ctx.embedder = merged_view
    report = stage_index(ctx)
    ctx.stats["embed_partitions"] = {"partitions": len(plan.folders), "texts": merged,
                                     "batches": plan.batches,
                                     "encoded_after_merge": merged_view.encoded}
    return report


def run_pipeline_partitioned(paths: list[Path] | None, settings: KoreSettings,
                             now: datetime | str | None = None, partitions: int = 4,
                             work_root: Path | None = None,
                             run_map: RunMap | None = None) -> dict[str, Any]:
    """``pipeline.run_pipeline`` with partitioned extraction and embedding (in this process
    unless ``run_map`` says otherwise); the partition files are removed after success."""
    ctx = open_run(settings, "pipeline", now)
    work_dir = work_dir_for(ctx, work_root)
    mapper = run_map or run_locally(settings)

    def body() -> None:
        stage_ingest(ctx, input_paths(paths))
        stage_extract_partitioned(ctx, partitions, work_dir, mapper)
        stage_embed_partitioned(ctx, partitions, work_dir, mapper)
        stage_decay(ctx)
        stage_compress(ctx)
        stage_publish(ctx)
        shutil.rmtree(work_dir, ignore_errors=True)

    return execute(ctx, body)
