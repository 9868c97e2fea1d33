"""Deployment entry point of the Dask flow: :mod:`kore_pipeline.run.prefect_distributed`."""

from kore_pipeline.run.prefect_distributed import distributed_pipeline_flow

__all__ = ["distributed_pipeline_flow"]
