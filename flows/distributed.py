"""The pipeline with extraction and embedding spread over a Dask cluster (prefect-dask).

Ingest, the merge into the store, the FAISS index, decay, compression and publish run in
the flow's process (they share the SQLite store); each partition's extraction and embedding
run as Prefect tasks on Dask workers, which exchange files through the run's work folder.
That folder must be reachable from every worker under the same path (a shared filesystem)::

    from prefect_dask import DaskTaskRunner
    from flows.distributed import distributed_pipeline_flow

    flow = distributed_pipeline_flow.with_options(
        task_runner=DaskTaskRunner(address="tcp://scheduler:8786"))
    flow(paths=["/shared/logs"], home="/shared/kore", partitions=16)

Without ``with_options`` the flow starts a temporary local Dask cluster (``LocalCluster``,
one process per core).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect_dask import DaskTaskRunner

from kore_pipeline.run import partitions as parts
from kore_pipeline.run.partitioned import (
    stage_embed_partitioned,
    stage_extract_partitioned,
    work_dir_for,
)
from kore_pipeline.run.pipeline import input_paths, open_run
from kore_pipeline.settings import KoreSettings

from . import tasks
from .pipeline import home_settings, run_and_close

# Partition tasks exchange files, not Python objects: no result caching or persistence.
_TASK = {"cache_policy": NO_CACHE, "persist_result": False}


@task(name="extract-partition", retries=1, retry_delay_seconds=2, **_TASK)
def extract_partition(folder: Path, settings: KoreSettings) -> Path:
    """Extract and score one partition's messages into its candidates file."""
    return parts.extract_partition(folder, settings)


@task(name="embed-partition", retries=1, retry_delay_seconds=2, **_TASK)
def embed_partition(folder: Path, settings: KoreSettings) -> Path:
    """Embed one partition's texts (the model loads once per worker) into its vectors file."""
    return parts.embed_partition(folder, settings)


_STEP_TASKS = {"extract": extract_partition, "embed": embed_partition}


def _dask_map(settings: KoreSettings) -> Any:
    """A ``RunMap`` that submits one task per partition to the flow's task runner and waits."""
    def run_map(step: str, folders: list[Path]) -> None:
        futures = [_STEP_TASKS[step].submit(folder, settings) for folder in folders]
        for future in futures:
            future.result()  # raises the partition's error, if any
    return run_map


@flow(name="kore-pipeline-distributed", log_prints=True,
      task_runner=DaskTaskRunner(cluster_kwargs={"processes": True, "threads_per_worker": 1}))
def distributed_pipeline_flow(paths: list[str] | None = None, home: str | None = None,
                              now: str | None = None, partitions: int = 8,
                              work_root: str | None = None) -> dict[str, Any]:
    """Ingest -> extract (partitions on Dask) -> merge -> embed (partitions on Dask) ->
    FAISS from the merged vectors -> decay -> compress -> publish."""
    settings = home_settings(home)
    ctx = open_run(settings, "pipeline", now)
    work_dir = work_dir_for(ctx, Path(work_root) if work_root else None)
    run_map = _dask_map(settings)

    def body() -> None:
        tasks.ingest(ctx, input_paths(paths))
        stage_extract_partitioned(ctx, partitions, work_dir, run_map)
        stage_embed_partitioned(ctx, partitions, work_dir, run_map)
        tasks.decay(ctx)
        tasks.compress(ctx)
        tasks.publish(ctx)
        shutil.rmtree(work_dir, ignore_errors=True)

    return run_and_close(ctx, body, "kore distributed pipeline run")
