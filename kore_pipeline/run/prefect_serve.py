"""Scheduled deployments of the flows, served by one long-running process (``kore serve``).

Schedules need a real Prefect server (``prefect server start`` and ``PREFECT_API_URL``);
``prefect.yaml`` declares the same deployments for ``prefect deploy`` (the micro-batch one
in ``prefect-streaming.yaml``, opt-in).
"""

from __future__ import annotations

from typing import Any

from prefect.schedules import Cron, Interval

from kore_pipeline.run.prefect_flows import (
    compress_flow,
    decay_flow,
    kore_pipeline_flow,
    micro_batch_flow,
)

PIPELINE_CRON = "0 * * * *"   # hourly: pick up new logs
DECAY_CRON = "0 3 * * *"      # daily 03:00
COMPRESS_CRON = "30 3 * * *"  # daily 03:30, after decay
STREAM_INTERVAL = 60          # seconds between micro-batches when streaming
TIMEZONE = "UTC"              # the schedules' timezone unless told otherwise


def deployments(home: str | None = None, paths: list[str] | None = None,
                pipeline_cron: str = PIPELINE_CRON, decay_cron: str = DECAY_CRON,
                compress_cron: str = COMPRESS_CRON,
                stream_interval: int | None = None, timezone: str = TIMEZONE) -> list[Any]:
    """The three deployments with their schedules, in ``timezone`` (IANA name).

    With ``stream_interval`` (seconds), the hourly pipeline is replaced by the micro-batch
    flow on that interval (one run at a time), so new lines are searchable within about
    one interval; decay and compression keep their daily schedules.
    """
    common = {"home": home}
    if stream_interval:
        first = micro_batch_flow.to_deployment(
            name="kore-micro-batch", concurrency_limit=1,
            schedules=[Interval(stream_interval, timezone=timezone)],
            parameters={**common, "paths": paths})
    else:
        first = kore_pipeline_flow.to_deployment(
            name="kore-pipeline", schedules=[Cron(pipeline_cron, timezone=timezone)],
            parameters={**common, "paths": paths})
    return [
        first,
        decay_flow.to_deployment(name="kore-decay-daily", parameters=common,
                                 schedules=[Cron(decay_cron, timezone=timezone)]),
        compress_flow.to_deployment(name="kore-compress-daily", parameters=common,
                                    schedules=[Cron(compress_cron, timezone=timezone)]),
    ]


def serve_forever(home: str | None = None, paths: list[str] | None = None,
                  stream_interval: int | None = None, timezone: str = TIMEZONE) -> None:
    """Serve the deployments until interrupted."""
    from prefect import serve

    serve(*deployments(home, paths, stream_interval=stream_interval, timezone=timezone))
