"""Export the packaged sentence-transformers model to ONNX once, on first use, offline.

The graph holds the transformer and the mean pooling (one output: the sentence vector); the
int8 variant is the same graph with its weights quantised by ONNX Runtime's dynamic
quantisation. Exports live in a per-user cache folder (not in a home, so every home and run
of the user reuses them) keyed by a hash of the weights, of this exporter's version and of
the versions of the packages that write the graph (torch, transformers, onnx, onnxruntime),
so a changed model or toolchain never reuses a stale export. Files are written to a temp name
and moved into place, so two processes exporting at once both end with a valid file. Nothing
touches the network: the weights are read from the local model folder only.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
import warnings
from importlib import metadata
from pathlib import Path
from typing import Any

from kore_pipeline import files

EXPORT_VERSION = "1"
"""Bumped when the exported graph changes (part of the cache key)."""

WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin", "config.json")

TOOLCHAIN = ("torch", "transformers", "onnx", "onnxruntime")
"""Packages whose versions are part of the cache key (they write or quantise the graph)."""

log = logging.getLogger("kore_pipeline")


def toolchain_versions(names: tuple[str, ...] = TOOLCHAIN) -> str:
    """``torch=2.x;transformers=...`` of the packages ``names`` (default :data:`TOOLCHAIN`;
    ``-`` if absent): the part of a cache key that changes when what computes it does."""
    parts = []
    for name in names:
        try:
            parts.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name}=-")
    return ";".join(parts)


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/kore-pipeline/onnx`` (``~/.cache/kore-pipeline/onnx``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kore-pipeline" / "onnx"


def weights_hash(model_dir: Path, toolchain: str = "") -> str:
    """SHA-256 over the weight and config files of a model folder and ``toolchain`` (the
    package versions that write the export), first 16 hex digits."""
    h = hashlib.sha256(f"kore-onnx-export-{EXPORT_VERSION};{toolchain}".encode())
    for name in WEIGHT_FILES:
        path = model_dir / name
        if path.is_file():
            h.update(name.encode())
            with path.open("rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
    return h.hexdigest()[:16]


def max_seq_length(model_dir: Path, default: int = 256) -> int:
    """The model's ``max_seq_length`` from ``sentence_bert_config.json``."""
    try:
        cfg = json.loads((model_dir / "sentence_bert_config.json").read_text(encoding="utf-8"))
        return int(cfg.get("max_seq_length", default))
    except (OSError, ValueError):
        return default


def export_fp32(model_dir: Path, target: Path) -> Path:
    """Export transformer + mean pooling of ``model_dir`` to ``target`` (fp32 ONNX)."""
    import torch
    from transformers import AutoModel

    class MeanPooled(torch.nn.Module):
        def __init__(self, bert: Any) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=token_type_ids).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            return (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)

    model = MeanPooled(AutoModel.from_pretrained(str(model_dir), local_files_only=True)).eval()
    dummy = torch.ones((2, 8), dtype=torch.long)
    with files.atomic_path(target) as tmp, torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's notes on this graph are harmless
        torch.onnx.export(
            model, (dummy, dummy, torch.zeros_like(dummy)), str(tmp),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["sentence_embedding"],
            dynamic_axes={"input_ids": {0: "batch", 1: "seq"},
                          "attention_mask": {0: "batch", 1: "seq"},
                          "token_type_ids": {0: "batch", 1: "seq"},
                          "sentence_embedding": {0: "batch"}},
            opset_version=17, do_constant_folding=True, dynamo=False)
    return target


def quantise_int8(source: Path, target: Path) -> Path:
    """Dynamic int8 quantisation of ``source`` (weights int8, activations quantised per batch)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    with files.atomic_path(target) as tmp:
        quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QInt8, per_channel=True)
    return target


def export_folder(model_dir: Path, cache_dir: Path) -> Path:
    """The cache folder of ``model_dir``'s exports: ``<model>-<hash of weights+toolchain>``."""
    return cache_dir / f"{model_dir.name}-{weights_hash(model_dir, toolchain_versions())}"


def exported_model(model_dir: Path, cache_dir: Path, int8: bool) -> Path:
    """Path of the (fp32 or int8) ONNX export of ``model_dir``, exporting it if missing.

    The export runs once per model and toolchain (logged with its duration); later calls,
    from any home or process, find the files in place and return at once.
    """
    folder = export_folder(model_dir, cache_dir)
    fp32 = folder / "model.onnx"
    quant = folder / "model-int8.onnx"
    target = quant if int8 else fp32
    if target.is_file():
        return target
    started = time.perf_counter()
    log.info("exporting %s to ONNX%s once into %s (about 10-30 s; reused afterwards)",
                model_dir.name, " int8" if int8 else "", folder,
                extra={"stage": "embed", "cache": str(folder)})
    if not fp32.is_file():
        export_fp32(model_dir, fp32)
    if int8 and not quant.is_file():
        quantise_int8(fp32, quant)
    log.info("ONNX export of %s done in %.1f s", model_dir.name,
                time.perf_counter() - started, extra={"stage": "embed"})
    return target
