"""Prefect flows of kore-pipeline: thin wrappers over :mod:`kore_pipeline.pipeline` stages."""
