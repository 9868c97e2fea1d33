"""The served deployments (``kore serve``): :mod:`kore_pipeline.run.prefect_serve`."""

from kore_pipeline.run.prefect_serve import (
    COMPRESS_CRON,
    DECAY_CRON,
    PIPELINE_CRON,
    STREAM_INTERVAL,
    TIMEZONE,
    deployments,
    serve_forever,
)

__all__ = ["COMPRESS_CRON", "DECAY_CRON", "PIPELINE_CRON", "STREAM_INTERVAL", "TIMEZONE",
           "deployments", "serve_forever"]
