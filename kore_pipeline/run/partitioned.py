"""The partitioned steps of the ``partitioned`` plan (``plans.py``): extraction and embedding
split over partitions (``partitions.py``), merged back in the serving transaction.

``run_map(step, folders)`` runs one step ("extract" or "embed") over partition folders: in a
plain loop here (:func:`run_locally`), as Prefect tasks on a Dask cluster in
``prefect_distributed.py``. The store is written only by :func:`stage_merge`, inside the
run's serving transaction, after the texts it adds are in the embedding cache: a reader
never sees an extracted-but-unindexed memory. The store, the index and the lake end up as
after ``pipeline.run_pipeline`` on the same input (vectors within the tolerance the README's
Dask section states).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq

from kore_pipeline import faults
from kore_pipeline.embed.factory import Embedder
from kore_pipeline.extract.facts import upsert_memories
from kore_pipeline.index.sync import SIGNATURE_KEY
from kore_pipeline.ingest.reader import message_key
from kore_pipeline.run import partitions as parts
from kore_pipeline.run.pipeline import RunContext, input_paths, pending_messages
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import get_meta
from kore_pipeline.store.runlog import timed_stage
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


def work_dir_for(settings: KoreSettings, run_id: str, work_root: Path | None) -> Path:
    """A run's partition folder: ``<work_root or home/partitions>/<run_id>``."""
    root = work_root if work_root is not None else settings.home / "partitions"
    return root / run_id


def message_folders(work_dir: Path) -> list[Path]:
    """The partition folders that got messages, in partition order."""
    return sorted(p.parent for p in work_dir.glob(f"part-*/{parts.MESSAGES_FILE}"))


@timed_stage("extract-partitions")
def stage_extract_partitions(ctx: RunContext, partitions: int, work_dir: Path,
                             run_map: RunMap) -> dict[str, int]:
    """Split the pending messages into partitions; extract each into its candidates file.
    Reads the store, writes only the work folder."""
    pending = pending_messages(ctx.conn)
    folders = parts.split_messages(pending, partitions, work_dir)
    run_map("extract", folders)
    ctx.stats["extract_partitions"] = {"messages": len(pending), "partitions": len(folders)}
    return ctx.stats["extract_partitions"]


def _real(ctx: RunContext) -> Embedder:
    """The run's embedder (not loaded: only its names are needed to plan and key)."""
    model = ctx.embedder
    return model.real if isinstance(model, parts.MergedVectors) else model


@timed_stage("embed-partitions")
def stage_embed_partitions(ctx: RunContext, partitions: int, work_dir: Path,
                           run_map: RunMap) -> dict[str, Any]:
    """The partitioned ``embed``: the candidates' texts the cache lacks, cut into the very
    batches a single process encodes, encoded in partitions and put into the cache."""
    candidates = parts.merged_candidates(message_folders(work_dir))
    rows = [{"subject": c.subject, "content": c.content} for c in candidates]
    plan = parts.plan_embedding(rows, _real(ctx), ctx.cache, ctx.settings.embed_batch_size,
                                partitions, work_dir)
    run_map("embed", plan.folders)
    merged, _dim = parts.merge_vectors(plan.folders, ctx.cache)
    if merged:
        faults.reach("embed")
    ctx.stats["embed_partitions"] = {"partitions": len(plan.folders), "texts": merged,
                                     "batches": plan.batches}
    return ctx.stats["embed_partitions"]


def merged_dim(ctx: RunContext, work_dir: Path, real: Embedder) -> int | None:
    """Dimension of the merged vectors: a partition's vectors file, else the stored index's."""
    for vectors in sorted(work_dir.glob(f"part-*/{parts.VECTORS_FILE}")):
        return int(np.load(vectors, mmap_mode="r").shape[1])
    sig = get_meta(ctx.conn, SIGNATURE_KEY)
    if sig and sig.startswith(real.signature_prefix):
        return int(sig.rsplit(":", 1)[1])
    return None


@timed_stage("merge")
def stage_merge(ctx: RunContext, work_dir: Path) -> dict[str, int]:
    """The partitioned ``extract``: upsert every partition's candidates in single-process
    order and mark their messages extracted (inside the serving transaction). The index
    that follows reads the merged vectors from the cache (:class:`parts.MergedVectors`)."""
    folders = message_folders(work_dir)
    done = [message_key(m) for f in folders
            for m in pq.read_table(f / parts.MESSAGES_FILE).to_pylist()]
    candidates = parts.merged_candidates(folders)
    report = upsert_memories(ctx.conn, candidates, iso(ctx.now), done_messages=done)
    faults.reach("extract")
    real = _real(ctx)
    ctx.model = parts.MergedVectors(real, merged_dim(ctx, work_dir, real))
    ctx.stats["extract"] = {"messages": len(done), "candidates": len(candidates),
                            "inserted": report.inserted, "updated": report.updated,
                            "unchanged": report.unchanged, "superseded": report.superseded,
                            "partitions": len(folders)}
    return ctx.stats["extract"]


def run_pipeline_partitioned(paths: list[Path] | None, settings: KoreSettings,
                             now: datetime | str | None = None, partitions: int = 4,
                             work_root: Path | None = None,
                             run_map: RunMap | None = None,
                             embedder: Embedder | None = None) -> dict[str, Any]:
    """The ``partitioned`` plan (in this process unless ``run_map`` says otherwise); the
    partition files are removed after success."""
    from kore_pipeline.run.plans import PARTITIONED
    from kore_pipeline.run.runner import run_plan

    return run_plan(PARTITIONED, settings, paths=input_paths(paths), now=now,
                    embedder=embedder, partitions=partitions, work_root=work_root,
                    run_map=run_map)
