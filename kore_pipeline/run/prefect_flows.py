"""Prefect flows of kore-pipeline: each runs a plan (``plans.py``) with one task per unit.

A task takes a :class:`~kore_pipeline.run.runner.RunSpec` (settings values, run id, clock,
inputs) and opens its own store connection; the serving steps of a plan are one task (one
transaction, retried as a whole after its rollback). While a flow runs, kore's log lines go
to the Prefect run logs, and a global concurrency limit named after the home lets one flow at
a time write it. Run ad hoc (``kore run``; Prefect starts a temporary local server when no
``PREFECT_API_URL`` is set) or as deployments (``prefect.yaml``, ``kore serve``).
Prefect is imported only by the ``prefect_*`` modules of this package.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import Any, cast
from uuid import UUID

from prefect import flow, task
from prefect.artifacts import (
    create_markdown_artifact,
    create_progress_artifact,
    create_table_artifact,
    update_progress_artifact,
)
from prefect.cache_policies import NO_CACHE
from prefect.exceptions import MissingContextError
from prefect.logging.handlers import APILogHandler
from prefect.runtime import deployment as current_deployment

from kore_pipeline.run import runner
from kore_pipeline.run.partitioned import RunMap
from kore_pipeline.run.pipeline import input_paths
from kore_pipeline.run.plans import COMPRESS, DECAY, MICRO_BATCH, PIPELINE, Plan, Step
from kore_pipeline.run.watch import has_work
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import runlog
from kore_pipeline.store.db import NoStore, connect
from kore_pipeline.store.homelock import home_lock as write_lock

HOME_WAIT_SECONDS = 6 * 3600.0
"""How long a flow waits for another flow writing its home before it is refused."""

RETRIES = {"ingest": 2, "publish": 2}
"""Retries of a failed unit by its first stage (others: 1). A serving unit is rolled back
before it is tried again."""

# Tasks exchange small values and write the store: results are neither cached nor persisted.
_TASK: dict[str, Any] = {"cache_policy": NO_CACHE, "persist_result": False}


class HomeBusyError(RuntimeError):
    """Another flow holds the home's concurrency limit for longer than the flow waits."""


# --- parameters --------------------------------------------------------------------------

def _in_deployment() -> str | None:
    """The deployment's name when this flow run comes from one."""
    return current_deployment.name if current_deployment.id else None


def flow_settings(home: str | None) -> KoreSettings:
    """Settings for ``home``; an empty home is refused in a deployment (``KORE_HOME`` unset
    where it was deployed renders ``{{ $KORE_HOME }}`` as an empty string)."""
    if home and home.strip():
        return KoreSettings(home=Path(home))
    name = _in_deployment()
    if name:
        raise ValueError(f"deployment {name!r}: parameter 'home' is empty (was KORE_HOME set"
                         " where `prefect deploy` ran?); give the memory home")
    return KoreSettings()


def flow_inputs(paths: list[str] | None) -> list[Path]:
    """The input paths; none (or only empty strings) is refused in a deployment, which would
    otherwise read the sample data."""
    if not [p for p in paths or [] if str(p).strip()]:
        name = _in_deployment()
        if name:
            raise ValueError(f"deployment {name!r}: parameter 'paths' is empty (was KORE_INPUT"
                             " set where `prefect deploy` ran?); give the log folders")
    return input_paths(paths)


# --- one writer per home -----------------------------------------------------------------

def home_limit_name(settings: KoreSettings) -> str:
    """The global concurrency limit of a home: ``kore-home-`` and a hash of its path."""
    digest = hashlib.sha256(str(settings.home.resolve()).encode()).hexdigest()[:16]
    return f"kore-home-{digest}"


def _holder(settings: KoreSettings) -> str:
    """Who writes the home now, as its store records it (runs in state 'started')."""
    if not settings.db_path().is_file():
        return "another flow"
    conn = sqlite3.connect(f"file:{settings.db_path()}?mode=ro", uri=True, timeout=5)
    try:
        rows = conn.execute("SELECT run_id, started_at, stats FROM runs WHERE state ="
                            " 'started' ORDER BY started_at, rowid").fetchall()
    except sqlite3.Error:
        rows = []
    finally:
        conn.close()
    if not rows:
        return "another flow"
    return ", ".join(f"run {r[0]} (started {r[1]}, pid {json.loads(r[2] or '{}').get('pid')})"
                     for r in rows)


@contextmanager
def home_lock(settings: KoreSettings, wait_seconds: float | None = None) -> Iterator[None]:
    """Hold the home's concurrency limit (one slot, created on first use) while the block
    runs; wait for it at most ``wait_seconds`` (default :data:`HOME_WAIT_SECONDS`), then
    raise :class:`HomeBusyError` naming the holder."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import GlobalConcurrencyLimitCreate
    from prefect.concurrency.sync import concurrency
    from prefect.exceptions import ObjectAlreadyExists, ObjectNotFound

    name = home_limit_name(settings)
    with get_client(sync_client=True) as client:
        try:
            client.read_global_concurrency_limit_by_name(name)
        except ObjectNotFound:
            with suppress(ObjectAlreadyExists):  # another flow created it meanwhile
                client.create_global_concurrency_limit(
                    GlobalConcurrencyLimitCreate(name=name, limit=1))
    wait = HOME_WAIT_SECONDS if wait_seconds is None else wait_seconds
    with ExitStack() as held:
        try:
            held.enter_context(concurrency(name, occupy=1, timeout_seconds=wait, strict=True))
        except TimeoutError as exc:
            raise HomeBusyError(f"home {settings.home} is being written by"
                                f" {_holder(settings)}; waited {wait:g} s for its"
                                f" concurrency limit {name}") from exc
        yield


# --- kore's logs in the Prefect run logs -------------------------------------------------

class _KoreToAPI(APILogHandler):
    """Prefect's API log handler for ``kore_pipeline`` records (``message key=value``); a
    record logged outside any flow or task run is left to the other handlers."""

    def handleError(self, record: logging.LogRecord) -> None:
        """Drop a record without a run context; report anything else."""
        if isinstance(sys.exc_info()[1], MissingContextError):
            return
        super().handleError(record)


class _ToParent(logging.Handler):
    """Passes records on to the parent loggers' handlers (at the level they got before)."""

    def emit(self, record: logging.LogRecord) -> None:
        parent = runlog.log.parent
        if parent is not None:
            parent.handle(record)


@contextmanager
def logs_to_prefect() -> Iterator[None]:
    """While the block runs (inside a flow), kore's log lines, info and up, reach the Prefect
    run logs of the flow or task they are logged in; other handlers see what they did."""
    log = runlog.log
    api = _KoreToAPI(level=logging.INFO)
    api.setFormatter(runlog.MessageFieldsFormatter())
    level, propagate = log.level, log.propagate
    parent = None
    if log.getEffectiveLevel() > logging.INFO:
        if propagate:  # the parents keep getting only what they got so far
            parent = _ToParent(level=log.getEffectiveLevel())
            log.addHandler(parent)
            log.propagate = False
        log.setLevel(logging.INFO)
    log.addHandler(api)
    try:
        yield
    finally:
        log.removeHandler(api)
        if parent is not None:
            log.removeHandler(parent)
        log.setLevel(level)
        log.propagate = propagate


# --- tasks -------------------------------------------------------------------------------

@contextmanager
def _embed_progress(spec: runner.RunSpec) -> Iterator[None]:
    """A Prefect progress artifact that follows the ``embed`` stage's batches."""
    artifact = cast(UUID, create_progress_artifact(
        0.0, description=f"embedding of kore run {spec.run_id}"))

    def on_event(event: runlog.StageEvent) -> None:
        done, of = event.counts.get("encoded"), event.counts.get("of")
        if event.run_id == spec.run_id and event.phase == "progress" and done is not None \
                and of:
            update_progress_artifact(artifact, round(100.0 * done / of, 1))

    with runlog.listening(on_event):
        yield
    update_progress_artifact(artifact, 100.0)


@task(name="kore-unit", retries=1, retry_delay_seconds=2, **_TASK)
def unit_task(spec: runner.RunSpec, stage_names: list[str], serving: bool) -> dict[str, Any]:
    """Run stages of a kore run (one serving transaction when ``serving``); their stats."""
    if "embed" in stage_names:
        with _embed_progress(spec):
            return runner.run_unit(spec, stage_names, serving)
    return runner.run_unit(spec, stage_names, serving)


def prefect_units(run_map: RunMap | None = None) -> runner.UnitRunner:
    """A :data:`~kore_pipeline.run.runner.UnitRunner` that runs each unit as a Prefect task
    named after its stages; a partitioned step runs in the flow and submits one task per
    partition through ``run_map``."""
    def run(spec: runner.RunSpec, unit: tuple[Step, ...],
            _map: RunMap | None) -> dict[str, Any]:
        names = [s.stage for s in unit]
        if unit[0].partitioned:
            return runner.run_unit(spec, names, False, run_map)
        configured = unit_task.with_options(name="-".join(names),
                                            retries=RETRIES.get(names[0], 1))
        result: dict[str, Any] = configured(spec, names, unit[0].serving)
        return result
    return run


def _artifacts(spec: runner.RunSpec, summary: dict[str, Any], title: str) -> None:
    """A Markdown summary and a table of the stages' seconds and counts."""
    conn = connect(spec.kore_settings().db_path())
    try:
        stages = runlog.stage_rows(conn, spec.run_id)
    finally:
        conn.close()
    timings = "\n".join(["| stage | seconds | counts |", "|---|---|---|"] + [
        f"| {r['stage']} | {r['seconds']} | "
        + ", ".join(f"{k} {v:g}" for k, v in r["counts"].items()) + " |" for r in stages])
    create_markdown_artifact(
        key=f"kore-{spec.kind}-summary",
        markdown=f"# {title}\n\n{timings}\n\n"
                 f"```json\n{json.dumps(summary, indent=2, default=str)}\n```",
        description=f"kore {spec.kind} run {spec.run_id}")
    create_table_artifact(
        key=f"kore-{spec.kind}-stages",
        table=[{**{k: v for k, v in row.items() if k != "counts"},
                "counts": json.dumps(row["counts"])} for row in stages],
        description=f"stages of kore {spec.kind} run {spec.run_id}: seconds and counts")


def run_flow(plan: Plan, settings: KoreSettings, title: str, paths: list[Path] | None = None,
             now: str | None = None, owner: str | None = None, partitions: int = 4,
             work_root: Path | None = None, run_map: RunMap | None = None,
             force: bool = False) -> dict[str, Any]:
    """Run ``plan`` as this flow's tasks, holding the home's concurrency limit and its write
    lock file (``store.homelock``: also against writers outside Prefect), with kore's logs in
    the run logs; leave the summary and stage table as artifacts."""
    if plan.kind not in ("pipeline", "watch") and not settings.db_path().is_file():
        raise NoStore(settings.db_path())
    with home_lock(settings), write_lock(settings.home, settings.lock_wait_seconds,
                                         plan.kind), logs_to_prefect():
        spec = runner.start_run(plan, settings, paths, now, owner, partitions, work_root,
                                force)
        with runner.sharing_model(spec.run_id, None):
            summary = runner.run_units(plan, spec, prefect_units(run_map))
        _artifacts(spec, summary, title)
    return summary


# --- flows -------------------------------------------------------------------------------

@flow(name="kore-pipeline", log_prints=True)
def kore_pipeline_flow(paths: list[str] | None = None, home: str | None = None,
                       now: str | None = None, owner: str | None = None,
                       speaker: str | None = None, force: bool = False) -> dict[str, Any]:
    """Ingest -> embed -> extract & score -> index -> decay -> compress -> publish.

    Args:
        paths: Log files or folders to ingest, as the worker sees them. Required in a
            deployment; ad hoc, none means the sample data.
        home: The memory home (store, index, lake). Required in a deployment; ad hoc,
            none means KORE_HOME or ./.kore.
        now: The run's clock, ISO 8601 (e.g. 2026-11-30T12:00:00Z); none means now.
        owner: Owner of the records that name none; none means KORE_DEFAULT_OWNER.
        speaker: Name of the person behind user turns that name no speaker (an export's);
            none means KORE_DEFAULT_SPEAKER.
        force: Decay even with a clock ahead of the wall clock or an implausible share.
    """
    overrides = {k: v for k, v in (("default_owner", owner), ("default_speaker", speaker))
                 if v is not None}
    settings = flow_settings(home).model_copy(update=overrides)
    return run_flow(PIPELINE, settings, "kore pipeline run", flow_inputs(paths), now,
                    force=force)


@flow(name="kore-micro-batch", log_prints=True)
def micro_batch_flow(paths: list[str] | None = None, home: str | None = None,
                     now: str | None = None) -> dict[str, Any]:
    """Streaming: ingest what is new since each file's checkpoint -> embed -> extract ->
    index -> publish. Returns ``{"skipped": true}`` without opening a run when nothing
    changed (the short interval schedule then costs a file probe, not a run).

    Args:
        paths: Log files or folders to follow, as the worker sees them. Required in a
            deployment; ad hoc, none means the sample data.
        home: The memory home (store, index, lake). Required in a deployment; ad hoc,
            none means KORE_HOME or ./.kore.
        now: The run's clock, ISO 8601 (e.g. 2026-11-30T12:00:00Z); none means now.
    """
    settings = flow_settings(home)
    sources = flow_inputs(paths)
    if not has_work(sources, settings):
        return {"skipped": True}
    return run_flow(MICRO_BATCH, settings, "kore micro-batch", sources, now)


@flow(name="kore-decay", log_prints=True)
def decay_flow(home: str | None = None, now: str | None = None,
               force: bool = False) -> dict[str, Any]:
    """Apply logged accesses and decay at ``now``; archive forgotten memories; publish.

    Args:
        home: The memory home (store, index, lake). Required in a deployment; ad hoc,
            none means KORE_HOME or ./.kore.
        now: The clock decay is computed at, ISO 8601; none means now.
        force: Decay even with a clock ahead of the wall clock or an implausible share of
            the active memories archived at once (refused otherwise).
    """
    return run_flow(DECAY, flow_settings(home), "kore decay run", now=now, force=force)


@flow(name="kore-compress", log_prints=True)
def compress_flow(home: str | None = None, now: str | None = None,
                  owner: str | None = None) -> dict[str, Any]:
    """Merge near-duplicate memories (cosine >= KORE_SIMILARITY_THRESHOLD) and publish.

    Args:
        home: The memory home (store, index, lake). Required in a deployment; ad hoc,
            none means KORE_HOME or ./.kore.
        now: The run's clock, ISO 8601; none means now.
        owner: Only this owner's memories; none means every owner.
    """
    return run_flow(COMPRESS, flow_settings(home), "kore compress run", now=now, owner=owner)
