"""Deployment entry points for `prefect deploy` (prefect.yaml); the flows themselves live in
:mod:`kore_pipeline.run.prefect_flows` (this folder is not installed with the package)."""
