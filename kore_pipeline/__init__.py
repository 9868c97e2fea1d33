"""kore-pipeline: conversation logs in, long-term memory for agents out.

The Python API is :class:`kore_pipeline.memory.Memory` (``from kore_pipeline import Memory``),
imported lazily so that ``import kore_pipeline`` loads neither torch nor FAISS.

One subpackage per part: :mod:`~kore_pipeline.ingest`, :mod:`~kore_pipeline.extract` (facts
and importance), :mod:`~kore_pipeline.embed`, :mod:`~kore_pipeline.index` (FAISS),
:mod:`~kore_pipeline.store` (SQLite and the memory lifecycle), :mod:`~kore_pipeline.lifecycle`
(decay, compress, summarize, erase), :mod:`~kore_pipeline.lake` (Parquet/DuckDB),
:mod:`~kore_pipeline.serve` (search, prompt context, MCP, HTTP API), :mod:`~kore_pipeline.run`
(the runs) and :mod:`~kore_pipeline.cli`. ``docs/architecture.md`` describes the layering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kore_pipeline.memory import Memory

__version__ = "0.1.0"
"""The package version: the one place it is written (pyproject reads it, ``kore --version``
prints it)."""
__all__ = ["Memory", "__version__"]


def __getattr__(name: str) -> Any:
    """``kore_pipeline.Memory`` on first use (PEP 562)."""
    if name == "Memory":
        from kore_pipeline.memory import Memory

        return Memory
    raise AttributeError(f"module 'kore_pipeline' has no attribute {name!r}")
