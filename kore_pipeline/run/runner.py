"""The runner: executes a :class:`~kore_pipeline.run.plans.Plan`, unit by unit.

A unit (one step, or one stretch of serving steps) gets a :class:`RunSpec`, small and
serialisable (settings values, run id, clock, inputs), opens its own store connection and
returns its stats. :func:`run_plan` runs the units in this process (``--no-prefect``, tests,
``run_pipeline``, ``run_micro_batch``, ``run_maintenance``); ``prefect_flows.py`` passes a
:data:`UnitRunner` that runs each unit as a Prefect task instead. The run is recorded
(``runs``: started, then completed or failed) around the units either way.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from kore_pipeline.embed.factory import Embedder
from kore_pipeline.run import partitioned as part
from kore_pipeline.run import pipeline as stages
from kore_pipeline.run.partitioned import RunMap, run_locally
from kore_pipeline.run.partitions import MergedVectors
from kore_pipeline.run.plans import Plan, Step
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import NoStore, connect
from kore_pipeline.store.homelock import home_lock
from kore_pipeline.timeutil import iso, resolve_now


@dataclass(frozen=True)
class RunSpec:
    """What every unit of one run needs: plain values, a Prefect task's input."""

    settings: dict[str, Any]
    """``KoreSettings.model_dump(mode="json")`` (the home among them)."""
    run_id: str
    kind: str
    now: str
    """The run's clock, ISO 8601."""
    paths: tuple[str, ...] = ()
    """Input files and folders (``ingest``)."""
    owner: str | None = None
    """Only this owner (``compress``)."""
    partitions: int = 4
    """Partitions of the partitioned steps."""
    work_dir: str = ""
    """The partitioned steps' folder (shared by every worker)."""
    force: bool = False
    """Decay without its guards (clock ahead of the wall clock, implausible share)."""

    def kore_settings(self) -> KoreSettings:
        """The settings object."""
        return KoreSettings(**self.settings)


StageFn = Callable[[stages.RunContext, RunSpec, RunMap | None], Any]


def _index(ctx: stages.RunContext, spec: RunSpec, run_map: RunMap | None) -> Any:
    report = stages.stage_index(ctx)
    if isinstance(ctx.model, MergedVectors):  # the index right after a partitioned merge
        ctx.stats.setdefault("embed_partitions", {})["encoded_after_merge"] = ctx.model.encoded
        ctx.model = ctx.model.real
    return report


def _map(spec: RunSpec, run_map: RunMap | None) -> RunMap:
    return run_map or run_locally(spec.kore_settings())


STAGES: dict[str, StageFn] = {
    "ingest": lambda ctx, spec, _: stages.stage_ingest(ctx, [Path(p) for p in spec.paths]),
    "embed": lambda ctx, spec, _: stages.stage_embed(ctx),
    "extract": lambda ctx, spec, _: stages.stage_extract(ctx),
    "index": _index,
    "decay": lambda ctx, spec, _: stages.stage_decay(ctx, force=spec.force),
    "compress": lambda ctx, spec, _: stages.stage_compress(ctx, spec.owner),
    "publish": lambda ctx, spec, _: stages.stage_publish(ctx),
    "extract-partitions": lambda ctx, spec, run_map: part.stage_extract_partitions(
        ctx, spec.partitions, Path(spec.work_dir), _map(spec, run_map)),
    "embed-partitions": lambda ctx, spec, run_map: part.stage_embed_partitions(
        ctx, spec.partitions, Path(spec.work_dir), _map(spec, run_map)),
    "merge": lambda ctx, spec, _: part.stage_merge(ctx, Path(spec.work_dir)),
}
"""Every stage a plan may name, called as ``fn(ctx, spec, run_map)``."""

UnitRunner = Callable[[RunSpec, tuple[Step, ...], RunMap | None], dict[str, Any]]
"""Runs one unit of a plan and returns its stats (:func:`run_unit`, or a Prefect task)."""

_MODELS: dict[str, Embedder | None] = {}
"""The model of each run in progress in this process, shared by its units (loaded once)."""

_PREPARED: dict[str, tuple[list[tuple[str, str, str]], list[Any]]] = {}
"""The candidates the ``embed`` unit of each run in progress extracted, for its ``extract``
unit (a unit of its own, on another context): extraction runs once per run, not twice."""


@contextmanager
def sharing_model(run_id: str, embedder: Embedder | None) -> Iterator[None]:
    """Let the units of ``run_id`` run in this process share ``embedder`` (or the first
    model one of them loads) and the candidates extracted for embedding."""
    _MODELS[run_id] = embedder
    try:
        yield
    finally:
        _MODELS.pop(run_id, None)
        _PREPARED.pop(run_id, None)


def run_unit(spec: RunSpec, stage_names: list[str], serving: bool,
             run_map: RunMap | None = None) -> dict[str, Any]:
    """Run the named stages on a connection of their own; with ``serving``, inside one
    serving transaction (rolled back as a whole on error). Returns their stats."""
    settings = spec.kore_settings()
    ctx = stages.RunContext(settings, connect(settings.db_path()), resolve_now(spec.now),
                            spec.run_id, spec.kind, model=_MODELS.get(spec.run_id),
                            prepared=_PREPARED.pop(spec.run_id, None))
    try:
        with stages.serving_transaction(ctx) if serving else nullcontext():
            for name in stage_names:
                STAGES[name](ctx, spec, run_map)
        return ctx.stats
    finally:
        model = ctx.model.real if isinstance(ctx.model, MergedVectors) else ctx.model
        if spec.run_id in _MODELS:  # a run sharing within this process
            if _MODELS[spec.run_id] is None:
                _MODELS[spec.run_id] = model
            if ctx.prepared is not None:  # extracted, not yet upserted: the next unit's
                _PREPARED[spec.run_id] = ctx.prepared
        ctx.close()


def run_unit_here(spec: RunSpec, unit: tuple[Step, ...],
                  run_map: RunMap | None) -> dict[str, Any]:
    """The :data:`UnitRunner` of direct runs: the unit in this process."""
    return run_unit(spec, [s.stage for s in unit], unit[0].serving, run_map)


def merge_stats(total: dict[str, Any], unit: dict[str, Any]) -> None:
    """Add a unit's stats to the run's: lists extend (``index`` reports), dicts update."""
    for key, value in unit.items():
        if isinstance(value, list):
            total.setdefault(key, []).extend(value)
        elif isinstance(value, dict) and isinstance(total.get(key), dict):
            total[key].update(value)
        else:
            total[key] = value


def start_run(plan: Plan, settings: KoreSettings, paths: list[Path] | None = None,
              now: datetime | str | None = None, owner: str | None = None,
              partitions: int = 4, work_root: Path | None = None,
              force: bool = False) -> RunSpec:
    """Record a run of ``plan`` as started; its :class:`RunSpec`."""
    ctx = stages.open_run(settings, plan.kind, now)
    ctx.close()
    partitioned = any(s.partitioned for s in plan.steps)
    work_dir = part.work_dir_for(settings, ctx.run_id, work_root) if partitioned else None
    return RunSpec(settings.model_dump(mode="json"), ctx.run_id, plan.kind, iso(ctx.now),
                   tuple(str(p) for p in paths or []), owner, partitions,
                   str(work_dir) if work_dir else "", force)


def finish_run(spec: RunSpec, stats: dict[str, Any], state: str) -> dict[str, Any]:
    """Record the run's final state and stats; the run summary."""
    settings = spec.kore_settings()
    conn = connect(settings.db_path())
    try:
        return stages.end_run(conn, settings, spec.run_id, stats, state)
    finally:
        conn.close()


def idle(stats: dict[str, Any]) -> bool:
    """True when ingest found nothing to go on with: nothing pending, nothing quarantined."""
    ingest = stats.get("ingest", {})
    return not (ingest.get("messages_pending") or ingest.get("quarantined")
                or ingest.get("messages_new"))


def run_units(plan: Plan, spec: RunSpec, units: UnitRunner = run_unit_here,
              run_map: RunMap | None = None) -> dict[str, Any]:
    """Run ``plan``'s units of the started run ``spec``; record it completed (the summary)
    or failed (and raise). The partition folder goes after success."""
    stats: dict[str, Any] = {}
    try:
        for unit in plan.units():
            merge_stats(stats, units(spec, unit, run_map))
            if plan.stop_when_idle and unit[0].stage == "ingest" and idle(stats):
                break
        summary = finish_run(spec, stats, "completed")
    except BaseException:
        finish_run(spec, stats, "failed")
        raise
    if spec.work_dir:
        shutil.rmtree(spec.work_dir, ignore_errors=True)
    return summary


def run_plan(plan: Plan, settings: KoreSettings, paths: list[Path] | None = None,
             now: datetime | str | None = None, *, embedder: Embedder | None = None,
             owner: str | None = None, partitions: int = 4, work_root: Path | None = None,
             run_map: RunMap | None = None, force: bool = False) -> dict[str, Any]:
    """Run ``plan`` in this process, holding the home's write lock; returns the run summary.

    A second writer on the home waits ``settings.lock_wait_seconds`` and then raises
    ``HomeBusy`` ("another run holds this home (pid ..., since ...)").
    """
    if plan.kind not in ("pipeline", "watch") and not settings.db_path().is_file():
        raise NoStore(settings.db_path())  # before the lock, which would create the home
    with home_lock(settings.home, settings.lock_wait_seconds, plan.kind):
        spec = start_run(plan, settings, paths, now, owner, partitions, work_root, force)
        with sharing_model(spec.run_id, embedder):
            return run_units(plan, spec, run_unit_here, run_map)
