"""The ``partitioned`` plan on a Dask cluster (prefect-dask, the ``dask`` extra).

Ingest, the merge into the store (inside the serving transaction), the FAISS index, decay,
compression and publish run as the flow's tasks in its process (they share the SQLite
store); each partition's extraction and embedding run as Prefect tasks on Dask workers,
which exchange files through the run's work folder. That folder must be reachable from every
worker under the same path (a shared filesystem)::

    from prefect_dask import DaskTaskRunner
    from kore_pipeline.run.prefect_distributed import distributed_pipeline_flow

    flow = distributed_pipeline_flow.with_options(
        task_runner=DaskTaskRunner(address="tcp://scheduler:8786"))
    flow(paths=["/shared/logs"], home="/shared/kore", partitions=16)

Without ``with_options`` the flow starts a temporary local Dask cluster (``LocalCluster``,
one process per core).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect_dask import DaskTaskRunner

from kore_pipeline.run import partitions as parts
from kore_pipeline.run.partitioned import RunMap
from kore_pipeline.run.plans import PARTITIONED
from kore_pipeline.run.prefect_flows import flow_inputs, flow_settings, run_flow
from kore_pipeline.settings import KoreSettings

# Partition tasks exchange files, not Python objects: no result caching or persistence.
_TASK: dict[str, Any] = {"cache_policy": NO_CACHE, "persist_result": False}


@task(name="extract-partition", retries=1, retry_delay_seconds=2, **_TASK)
def extract_partition(folder: str, settings: dict[str, Any]) -> str:
    """Extract and score one partition's messages into its candidates file."""
    return str(parts.extract_partition(Path(folder), KoreSettings(**settings)))


@task(name="embed-partition", retries=1, retry_delay_seconds=2, **_TASK)
def embed_partition(folder: str, settings: dict[str, Any]) -> str:
    """Embed one partition's texts (the model loads once per worker) into its vectors file."""
    return str(parts.embed_partition(Path(folder), KoreSettings(**settings)))


_STEP_TASKS = {"extract": extract_partition, "embed": embed_partition}


def dask_map(settings: KoreSettings) -> RunMap:
    """A ``RunMap`` that submits one task per partition to the flow's task runner and waits."""
    values = settings.model_dump(mode="json")

    def run_map(step: str, folders: list[Path]) -> None:
        futures = [_STEP_TASKS[step].submit(str(folder), values) for folder in folders]
        for future in futures:
            future.result()  # raises the partition's error, if any
    return run_map


@flow(name="kore-pipeline-distributed", log_prints=True,
      task_runner=DaskTaskRunner(  # type: ignore[arg-type]  # prefect-dask's own futures
          cluster_kwargs={"processes": True, "threads_per_worker": 1}))
def distributed_pipeline_flow(paths: list[str] | None = None, home: str | None = None,
                              now: str | None = None, partitions: int = 8,
                              work_root: str | None = None) -> dict[str, Any]:
    """Ingest -> extract (partitions on Dask) -> embed (partitions on Dask) -> merge, index,
    decay, compress (one serving transaction) -> publish.

    Args:
        paths: Log files or folders to ingest, as the workers see them. Required in a
            deployment; ad hoc, none means the sample data.
        home: The memory home (store, index, lake). Required in a deployment; ad hoc,
            none means KORE_HOME or ./.kore.
        now: The run's clock, ISO 8601 (e.g. 2026-11-30T12:00:00Z); none means now.
        partitions: How many partitions extraction and embedding are split into.
        work_root: Folder for the partition files, shared by every worker; none means
            <home>/partitions.
    """
    settings = flow_settings(home)
    return run_flow(PARTITIONED, settings, "kore distributed pipeline run", flow_inputs(paths),
                    now, partitions=partitions,
                    work_root=Path(work_root) if work_root else None,
                    run_map=dask_map(settings))
