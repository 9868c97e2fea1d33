"""Ingest: input files (JSON Lines, CSV, Parquet, ChatGPT/Claude exports) into the ``messages``
table; bad records to quarantine; per-file checkpoints."""
