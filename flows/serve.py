"""Scheduled deployments of the flows, served by one long-running process (``kore serve``).

Schedules need a real Prefect server (``prefect server start`` and ``PREFECT_API_URL``);
``prefect.yaml`` declares the same deployments for ``prefect deploy``.
"""

from __future__ import annotations

from typing import Any

from .pipeline import compress_flow, decay_flow, kore_pipeline_flow

PIPELINE_CRON = "0 * * * *"   # hourly: pick up new logs
DECAY_CRON = "0 3 * * *"      # daily 03:00
COMPRESS_CRON = "30 3 * * *"  # daily 03:30, after decay


def deployments(home: str | None = None, paths: list[str] | None = None,
                pipeline_cron: str = PIPELINE_CRON, decay_cron: str = DECAY_CRON,
                compress_cron: str = COMPRESS_CRON) -> list[Any]:
    """The three deployments with their cron schedules."""
    common = {"home": home}
    return [
        kore_pipeline_flow.to_deployment(name="kore-pipeline", cron=pipeline_cron,
                                         parameters={**common, "paths": paths}),
        decay_flow.to_deployment(name="kore-decay-daily", cron=decay_cron, parameters=common),
        compress_flow.to_deployment(name="kore-compress-daily", cron=compress_cron,
                                    parameters=common),
    ]


def serve_forever(home: str | None = None, paths: list[str] | None = None) -> None:
    """Serve the deployments until interrupted."""
    from prefect import serve

    serve(*deployments(home, paths))
