"""The ``kore`` command line: one module per command group."""

from kore_pipeline.cli.app import app

__all__ = ["app"]
