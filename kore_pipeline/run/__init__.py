"""Run: the pipeline runner, partitioned runs, streaming watch."""
