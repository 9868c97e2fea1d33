"""The embedder interface every backend implements.

A backend turns texts into unit-length float32 vectors. Its ``signature`` names the backend,
the model and the dimension; it is stored with the FAISS index, so vectors of two backends or
models never mix: a different signature forces a full re-index. ``cache_id`` keys the
embedding cache, so a text is never embedded twice by the same model.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from kore_pipeline.settings import KoreSettings


class EmbeddingError(RuntimeError):
    """The model cannot be found or loaded offline."""


class Embedder(ABC):
    """A text embedding model behind one small interface; loads its weights on first use."""

    backend: str = ""
    """Short backend name, the value of ``KORE_EMBEDDER`` that selects it."""

    model_name: str = ""
    """Model the backend runs (shown in signatures and stats)."""

    @property
    @abstractmethod
    def dim(self) -> int:
        """Vector dimension."""

    @property
    def cache_id(self) -> str:
        """Model identity in embedding-cache keys (backend and model)."""
        return f"{self.backend}:{self.model_name}"

    @property
    def signature_prefix(self) -> str:
        """``backend:model:``, known without loading the weights."""
        return f"{self.backend}:{self.model_name}:"

    @property
    def signature(self) -> str:
        """``backend:model:dim``; stored with the index, a change forces a full re-embed."""
        return f"{self.signature_prefix}{self.dim}"

    @abstractmethod
    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed stored texts (memories, passages) in batches; float32, unit length."""

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed search queries; the same as :meth:`encode` unless the model wants a prefix."""
        return self.encode(texts)

    def batches(self, texts: Sequence[str], batch_size: int) -> list[list[int]]:
        """The batches :meth:`encode` runs, as positions in ``texts``: longest first (stable),
        ``batch_size`` at a time. A batch encoded on its own gives the same vectors as inside
        the whole call, so a run split over machines can reproduce them bit for bit."""
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        size = max(1, batch_size)
        return [order[i:i + size] for i in range(0, len(order), size)]

    def encode_in_batches(self, texts: Sequence[str], batch_size: int,
                          encode_batch: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        """``encode_batch`` over :meth:`batches`, rows put back in input order; unit float32.

        Every backend encodes through this, so a partitioned run that encodes the same
        :meth:`batches` one by one gets the very same vectors.
        """
        if not texts:
            return self.empty()
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for batch in self.batches(texts, batch_size):
            out[batch] = encode_batch([texts[i] for i in batch])
        return unit_rows(out)

    def empty(self) -> np.ndarray:
        """A (0, dim) float32 array, for an empty input."""
        return np.zeros((0, self.dim), dtype=np.float32)


def unit_rows(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), C-contiguous float32."""
    vecs = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(vecs / norms, dtype=np.float32)


class PackagedEmbedder(Embedder):
    """A backend whose engine and weights come in one pip package, built on first use.

    Subclasses name the package (``package``, for the install hint), the engine class
    (``engine``, ``"module:Class"``) and may override :meth:`build` to pass arguments.
    """

    package: str = ""
    engine: str = ""

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self._model: Any = None

    def build(self, engine_class: Any) -> Any:
        """The engine from its class (no arguments by default)."""
        return engine_class()

    @property
    def model(self) -> Any:
        """The loaded engine (built, and its bundled weights loaded, on first access)."""
        if self._model is None:
            module, name = self.engine.split(":")
            try:
                engine_class = getattr(importlib.import_module(module), name)
            except ImportError as exc:  # pragma: no cover - install problem
                raise EmbeddingError(f"{self.package} is not installed:"
                                     " pip install -e '.[multilingual]'") from exc
            try:
                self._model = self.build(engine_class)
            except (OSError, RuntimeError) as exc:
                raise EmbeddingError(f"{self.package} could not load its model: {exc}"
                                     ) from exc
        return self._model
