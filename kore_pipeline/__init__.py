"""kore-pipeline: conversation logs in, long-term memory for agents out.

One subpackage per part: :mod:`~kore_pipeline.ingest`, :mod:`~kore_pipeline.extract` (facts
and importance), :mod:`~kore_pipeline.embed`, :mod:`~kore_pipeline.index` (FAISS),
:mod:`~kore_pipeline.store` (SQLite and the memory lifecycle), :mod:`~kore_pipeline.lifecycle`
(decay, compress, summarize, erase), :mod:`~kore_pipeline.lake` (Parquet/DuckDB),
:mod:`~kore_pipeline.serve` (search, prompt context, MCP), :mod:`~kore_pipeline.run` (the
runs) and :mod:`~kore_pipeline.cli`. ``docs/architecture.md`` describes the layering.
"""

__version__ = "0.1.0"
"""The package version: the one place it is written (pyproject reads it, ``kore --version``
prints it)."""
