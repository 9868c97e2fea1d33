"""The ``static`` backend: a static embedding table distilled from the packaged MiniLM.

``model2vec`` runs MiniLM once over every token of its vocabulary, reduces the token vectors
with PCA and weights them (SIF); a text's vector is then the mean of its tokens' rows, with no
transformer at run time (tens of thousands of texts per second on one core). The distillation
happens once, on first use, offline (the weights are read from the local model folder), with a
progress bar and a log line, into the same per-user cache as the ONNX export
(``KORE_ONNX_CACHE_DIR``), under a folder keyed by the hash of the weights, of the distillation
settings and of the versions of the packages that compute it. The folder is written under a
temp name and renamed into place, so two processes distilling at once both end with a valid
copy. Its own signature (``static:all-MiniLM-L6-v2:256``) keeps its vectors out of a MiniLM
index: switching re-embeds everything.
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline import files
from kore_pipeline.embed.base import Embedder, EmbeddingError, unit_rows
from kore_pipeline.embed.sentence_transformer import quiet_offline_hf, resolve_model_path
from kore_pipeline.settings import KoreSettings

PCA_DIMS = 256
"""Size of the distilled vectors (model2vec's default PCA)."""

DISTILL_VERSION = f"1;pca={PCA_DIMS};sif=1e-4"
"""Distillation settings (part of the cache key): a change distils anew."""

TOOLCHAIN = ("model2vec", "skeletoken", "torch", "transformers", "tokenizers")
"""Packages whose versions are part of the cache key (they compute the table)."""

ENCODE_CHUNK = 8192
"""Texts per ``StaticModel.encode`` call (one process; the tokenizer uses both cores)."""

log = logging.getLogger("kore_pipeline")


def distilled_folder(model_dir: Path, cache_dir: Path) -> Path:
    """``<cache>/<model>-static-<hash of weights, settings and toolchain>``."""
    from kore_pipeline.embed.onnx_export import toolchain_versions, weights_hash

    key = weights_hash(model_dir, f"static;{DISTILL_VERSION};{toolchain_versions(TOOLCHAIN)}")
    return cache_dir / f"{model_dir.name}-static-{key}"


def distil(model_dir: Path, target: Path) -> Path:
    """Distil ``model_dir`` into a static model saved in ``target`` (atomically)."""
    quiet_offline_hf()
    try:
        from model2vec.distill import distill
    except ImportError as exc:  # pragma: no cover - install problem
        raise EmbeddingError("model2vec is not installed: pip install -e '.[static]'") from exc
    model = distill(model_name=str(model_dir), pca_dims=PCA_DIMS, sif_coefficient=1e-4)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = files.temp_path(target)
    try:
        model.save_pretrained(str(tmp))
        try:
            files.replace(tmp, target)
        except OSError:
            if not (target / "model.safetensors").is_file():  # another process won the race
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def distilled_model(model_dir: Path, cache_dir: Path) -> Path:
    """Folder of the static model distilled from ``model_dir``, distilling it if missing."""
    folder = distilled_folder(model_dir, cache_dir)
    if (folder / "model.safetensors").is_file():
        return folder
    started = time.perf_counter()
    log.info("distilling %s into a static model once into %s (about 10-30 s; reused"
             " afterwards)", model_dir.name, folder,
             extra={"stage": "embed", "cache": str(folder)})
    distil(model_dir, folder)
    log.info("static distillation of %s done in %.1f s", model_dir.name,
             time.perf_counter() - started, extra={"stage": "embed"})
    return folder


class StaticEmbedder(Embedder):
    """MiniLM distilled to a static token table (model2vec); mean of token rows, unit length."""

    backend = "static"

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self.model_name = settings.model_name
        self._model: Any = None

    @property
    def model(self) -> Any:
        """The static model (distilled into the user cache on first use)."""
        if self._model is None:
            from kore_pipeline.embed.onnx_export import default_cache_dir

            model_dir = resolve_model_path(self.settings)
            if not (model_dir / "tokenizer.json").is_file():
                raise EmbeddingError(f"model folder {model_dir} has no tokenizer.json")
            cache_dir = self.settings.onnx_cache_dir or default_cache_dir()
            folder = distilled_model(model_dir, cache_dir)
            from model2vec import StaticModel

            self._model = StaticModel.from_pretrained(str(folder), force_download=False)
            self.model_path = folder
        return self._model

    @property
    def cache_id(self) -> str:
        """``static:model``, plus ``@folder`` when ``KORE_MODEL_PATH`` is set."""
        if self.settings.model_path is None:
            return super().cache_id
        return f"{super().cache_id}@{Path(self.settings.model_path).expanduser().resolve()}"

    @property
    def dim(self) -> int:
        """Vector dimension (the PCA size, 256)."""
        return int(self.model.dim)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Mean of the texts' token rows, unit float32 (a text's vector never depends on the
        others, so any batching gives the same vectors)."""
        if not texts:
            return self.empty()
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), ENCODE_CHUNK):
            chunk = list(texts[start:start + ENCODE_CHUNK])
            out[start:start + len(chunk)] = self.model.encode(
                chunk, batch_size=ENCODE_CHUNK, use_multiprocessing=False,
                show_progress_bar=False)
        return unit_rows(out)
