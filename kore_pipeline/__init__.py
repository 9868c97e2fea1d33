"""kore-pipeline: conversation logs in, long-term memory for agents out.

The Python API is :class:`kore_pipeline.memory.Memory` (``from kore_pipeline import Memory``),
imported lazily so that ``import kore_pipeline`` loads neither torch nor FAISS. Stages live in
one subpackage each (``ingest``, ``extract``, ``embed``, ``index``, ``lifecycle``, ``store``,
``lake``, ``serve``); ``run.pipeline`` runs them in order; Prefect flows in ``flows/`` wrap
those functions as tasks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kore_pipeline.memory import Memory

__version__ = "0.1.0"
__all__ = ["Memory", "__version__"]


def __getattr__(name: str) -> Any:
    """``kore_pipeline.Memory`` on first use (PEP 562)."""
    if name == "Memory":
        from kore_pipeline.memory import Memory

        return Memory
    raise AttributeError(f"module 'kore_pipeline' has no attribute {name!r}")
