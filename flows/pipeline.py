"""Deployment entry points (``prefect.yaml``): the flows live in
:mod:`kore_pipeline.run.prefect_flows`; this file only re-exports them."""

from kore_pipeline.run.prefect_flows import (
    compress_flow,
    decay_flow,
    kore_pipeline_flow,
    micro_batch_flow,
)

__all__ = ["compress_flow", "decay_flow", "kore_pipeline_flow", "micro_batch_flow"]
