"""Run: the pipeline runner, partitioned runs, streaming watch."""

from kore_pipeline.run.prefect_env import quiet_prefect_analytics

quiet_prefect_analytics()  # before any module of this package imports Prefect
