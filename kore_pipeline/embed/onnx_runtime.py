"""ONNX Runtime backends: the packaged MiniLM exported locally, in fp32 (``onnx``) or with
int8 dynamic quantisation (``onnx-int8``).

Same tokenizer (``tokenizer.json`` through ``tokenizers``), same truncation (the model's
``max_seq_length``) and the same mean pooling as the sentence-transformers backend; texts are
sorted by length before batching so a batch pads little. The export happens once, on first
use, into ``KORE_ONNX_CACHE_DIR`` (default ``~/.cache/kore-pipeline/onnx``), keyed by a hash
of the weights and of the exporting packages' versions. The backend name is part of the
signature, so ONNX vectors never mix with torch vectors in one index.

If ONNX Runtime is missing or the export fails, the embedder logs a warning and runs the
torch model instead, under torch's own signature and cache key (so its vectors are never
taken for ONNX ones).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline.embed.base import Embedder, EmbeddingError
from kore_pipeline.embed.sentence_transformer import resolve_model_path
from kore_pipeline.settings import KoreSettings

MODEL_DIM = 384
"""Vector size of all-MiniLM-L6-v2, used until the session tells the real one."""

log = logging.getLogger("kore_pipeline")


class OnnxEmbedder(Embedder):
    """MiniLM on ONNX Runtime (fp32); tokenised with ``tokenizers``, mean-pooled in the graph."""

    backend = "onnx"
    int8 = False

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self.model_name = settings.model_name
        self._session: Any = None
        self._tokenizer: Any = None
        self._dim: int | None = None
        self.fallback: Embedder | None = None
        """The torch embedder that runs instead when the ONNX export cannot be made."""

    def _fall_back(self, reason: str) -> None:
        from kore_pipeline.embed.sentence_transformer import SentenceTransformerEmbedder

        log.warning("KORE_EMBEDDER=%s unavailable (%s): falling back to sentence-transformers"
                    " (torch, slower; its vectors get its own signature)", self.backend, reason,
                    extra={"stage": "embed"})
        self.fallback = SentenceTransformerEmbedder(self.settings)
        self.backend = self.fallback.backend
        self._session = False  # loaded: nothing more to try

    def _load(self) -> None:
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - install problem
            self._fall_back(f"onnxruntime cannot be imported: {exc}")
            return
        from kore_pipeline.embed.onnx_export import (
            default_cache_dir,
            exported_model,
            max_seq_length,
        )

        model_dir = resolve_model_path(self.settings)
        if not (model_dir / "tokenizer.json").is_file():
            raise EmbeddingError(f"model folder {model_dir} has no tokenizer.json")
        cache_dir = self.settings.onnx_cache_dir or default_cache_dir()
        try:
            path = exported_model(model_dir, cache_dir, self.int8)
        except Exception as exc:  # noqa: BLE001 - any export failure: torch still works
            self._fall_back(f"ONNX export into {cache_dir} failed: {type(exc).__name__}: {exc}")
            return
        tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=max_seq_length(model_dir))
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106 - a token, not a secret
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if self.settings.embed_threads > 0:
            options.intra_op_num_threads = self.settings.embed_threads
        options.inter_op_num_threads = 1
        # Idle pool threads sleep instead of spinning: on shared cores spinning burnt ~25%
        # more CPU for the same texts, at no gain in wall time (docs/embedding.md).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(path), options,
                                             providers=["CPUExecutionProvider"])
        self._tokenizer = tokenizer
        self.model_path = path

    @property
    def session(self) -> Any:
        """The ONNX Runtime session (exports the model on first use)."""
        if self._session is None:
            self._load()
        return self._session

    @property
    def cache_id(self) -> str:
        """``backend:model``, plus ``@folder`` when ``KORE_MODEL_PATH`` is set (another folder
        under the same name is another model); the torch model's own key after a fallback."""
        if self.fallback is not None:
            return self.fallback.cache_id
        if self.settings.model_path is None:
            return super().cache_id
        return f"{super().cache_id}@{Path(self.settings.model_path).expanduser().resolve()}"

    @property
    def signature_prefix(self) -> str:
        """``backend:model:``; the torch model's own prefix after a fallback."""
        if self.fallback is not None:
            return self.fallback.signature_prefix
        return super().signature_prefix

    @property
    def dim(self) -> int:
        """Vector dimension (from the graph's output shape, else MiniLM's 384)."""
        if self._session is None:
            self._load()
        if self.fallback is not None:
            return self.fallback.dim
        if self._dim is None:
            shape = self.session.get_outputs()[0].shape
            self._dim = int(shape[-1]) if isinstance(shape[-1], int) else MODEL_DIM
        return self._dim

    def _encode_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        out: np.ndarray = self.session.run(None, feeds)[0]
        return out

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in :meth:`batches` (longest first) of ``embed_batch_size``; unit float32."""
        if texts and self._session is None:
            self._load()
        if self.fallback is not None:
            return self.fallback.encode(texts)
        return self.encode_in_batches(texts, self.settings.embed_batch_size, self._encode_batch)


class OnnxInt8Embedder(OnnxEmbedder):
    """MiniLM on ONNX Runtime with int8 dynamically quantised weights (fastest on CPU)."""

    backend = "onnx-int8"
    int8 = True

