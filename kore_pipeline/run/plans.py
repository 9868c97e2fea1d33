"""The plan of each run kind, written once as data: its stages in order, and which of them
share the serving transaction.

A :class:`Plan` says *what* runs; :mod:`kore_pipeline.run.runner` says *how* (directly in this
process, or each unit as a Prefect task). Consecutive ``serving`` steps form one unit: they run
on one connection inside one write transaction, so a reader (search, context, MCP) sees the
store before the run or after it, never an extracted-but-unindexed memory. Steps outside it
either only read the store and write caches or files (``embed``, the partition steps) or
write what search does not read (``ingest``: messages; ``publish``: the lake).

The partitioned plan is the pipeline plan with its extraction and embedding split into
partition steps (one task per partition, e.g. on a Dask cluster); the store is written only
in the same serving transaction as the single-process run.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One stage of a plan (a name of :data:`kore_pipeline.run.runner.STAGES`)."""

    stage: str
    serving: bool = False
    """Runs inside the run's serving transaction (with the neighbouring serving steps)."""
    partitioned: bool = False
    """Spreads its work over partitions (``run_map``); runs where the flow runs."""


@dataclass(frozen=True)
class Plan:
    """The stages of one run kind."""

    kind: str
    """The ``runs.kind`` recorded for the run."""
    steps: tuple[Step, ...]
    stop_when_idle: bool = False
    """Stop after ``ingest`` when it found nothing (no message pending, nothing quarantined)."""

    def units(self) -> list[tuple[Step, ...]]:
        """The steps grouped as they run: each serving stretch is one unit, every other
        step a unit of its own."""
        units: list[tuple[Step, ...]] = []
        for step in self.steps:
            if step.serving and units and units[-1][-1].serving:
                units[-1] = (*units[-1], step)
            else:
                units.append((step,))
        return units

    def stage_names(self) -> list[str]:
        """The stage names in order."""
        return [s.stage for s in self.steps]


def _serving(*stages: str) -> tuple[Step, ...]:
    return tuple(Step(s, serving=True) for s in stages)


PIPELINE = Plan("pipeline", (
    Step("ingest"), Step("embed"),
    *_serving("extract", "index", "decay", "compress"),
    Step("publish")))
"""``kore run``, the hourly deployment: every stage, decay and compression included."""

MICRO_BATCH = Plan("watch", (
    Step("ingest"), Step("embed"), *_serving("extract", "index"), Step("publish")),
    stop_when_idle=True)
"""``kore watch``, the streaming deployment: what is new, searchable within one interval."""

DECAY = Plan("decay", (*_serving("decay"), Step("publish")))
"""``kore decay``, the 03:00 deployment."""

COMPRESS = Plan("compress", (*_serving("compress"), Step("publish")))
"""``kore compress``, the 03:30 deployment."""

PARTITIONED = Plan("pipeline", (
    Step("ingest"),
    Step("extract-partitions", partitioned=True), Step("embed-partitions", partitioned=True),
    *_serving("merge", "index", "decay", "compress"),
    Step("publish")))
"""The pipeline with extraction and embedding over partitions (in process, or on Dask):
``extract-partitions`` writes each partition's candidates to files, ``embed-partitions``
encodes their texts into the embedding cache (the partitioned ``embed``), ``merge`` upserts
the merged candidates (the partitioned ``extract``) in the serving transaction."""

PLANS: dict[str, Plan] = {"pipeline": PIPELINE, "micro-batch": MICRO_BATCH, "decay": DECAY,
                          "compress": COMPRESS, "partitioned": PARTITIONED}
"""Every plan by name."""
