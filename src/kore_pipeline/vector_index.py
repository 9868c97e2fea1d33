"""FAISS index of memory vectors: inner product on unit vectors, FAISS id = memory row id.

Saved atomically (temp file then ``os.replace``) next to a signature file; the serving side
loads both and refuses an index whose signature differs from the model's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from . import faults

INDEX_FILE = "memories.faiss"
SIGNATURE_FILE = "signature.json"


def _faiss() -> Any:
    import faiss  # deferred: heavy import

    return faiss


class VectorIndex:
    """A flat inner-product index wrapped in an id map (ids are memory ids)."""

    def __init__(self, dim: int, signature: str, index: Any = None) -> None:
        faiss = _faiss()
        self.dim = dim
        self.signature = signature
        self.index = index if index is not None else faiss.IndexIDMap2(faiss.IndexFlatIP(dim))

    @classmethod
    def build(cls, ids: Sequence[int], vectors: np.ndarray, signature: str) -> VectorIndex:
        """A new index holding ``vectors`` under ``ids``."""
        dim = int(vectors.shape[1]) if vectors.ndim == 2 and vectors.shape[0] else \
            int(signature.rsplit(":", 1)[1])
        idx = cls(dim, signature)
        if len(ids):
            idx.index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32),
                                   np.asarray(ids, dtype=np.int64))
        return idx

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def search(self, query: np.ndarray, k: int,
               allowed_ids: Sequence[int] | None = None) -> list[tuple[int, float]]:
        """Top-k (id, cosine) for one query vector, optionally restricted to ``allowed_ids``."""
        if len(self) == 0 or k <= 0:
            return []
        faiss = _faiss()
        q = np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32)
        params = None
        if allowed_ids is not None:
            if len(allowed_ids) == 0:
                return []
            sel = faiss.IDSelectorBatch(np.asarray(allowed_ids, dtype=np.int64))
            params = faiss.SearchParameters(sel=sel)
            k = min(k, len(allowed_ids))
        k = min(k, len(self))
        scores, ids = self.index.search(q, k, params=params)
        return [(int(i), float(s)) for i, s in zip(ids[0], scores[0], strict=True) if i != -1]

    def reconstruct(self, ids: Sequence[int]) -> np.ndarray:
        """Stored vectors of the given ids."""
        return np.stack([self.index.reconstruct(int(i)) for i in ids]) if len(ids) else \
            np.zeros((0, self.dim), dtype=np.float32)

    def save(self, folder: Path) -> None:
        """Write index and signature atomically.

        Each goes to a uniquely named temp file in ``folder`` and is then moved into place
        with ``os.replace``, so two writers never write into the same temp file.
        """
        faiss = _faiss()
        folder.mkdir(parents=True, exist_ok=True)
        _remove_stale_temp_files(folder)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=INDEX_FILE + ".", suffix=".tmp")
        os.close(fd)
        try:
            faiss.write_index(self.index, tmp)
            digest = file_sha256(Path(tmp))
            size = Path(tmp).stat().st_size
            os.replace(tmp, folder / INDEX_FILE)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        faults.reach("index")  # new index, old signature file
        meta = json.dumps({"signature": self.signature, "dim": self.dim, "count": len(self),
                           "bytes": size, "sha256": digest})
        fd, sig_tmp = tempfile.mkstemp(dir=folder, prefix=SIGNATURE_FILE + ".", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(meta)
            os.replace(sig_tmp, folder / SIGNATURE_FILE)
        except BaseException:
            Path(sig_tmp).unlink(missing_ok=True)
            raise

    @staticmethod
    def read_meta(folder: Path) -> dict[str, Any] | None:
        """The saved signature file (signature, dim, count), or None if missing or unreadable."""
        try:
            meta = json.loads((folder / SIGNATURE_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return meta if isinstance(meta, dict) else None

    @staticmethod
    def problem(folder: Path) -> str | None:
        """Why the saved index cannot be trusted (missing, truncated, garbled), or None.

        Compares the file with the size and SHA-256 recorded when it was saved; an index
        saved before those were recorded is checked by reading it.
        """
        path = folder / INDEX_FILE
        meta = VectorIndex.read_meta(folder)
        if not path.is_file():
            return f"index file {path} is missing"
        if meta is None:
            return f"signature file {folder / SIGNATURE_FILE} is missing or unreadable"
        if "sha256" not in meta:
            try:
                index = _faiss().read_index(str(path))
            except RuntimeError as exc:
                return f"index file {path} cannot be read ({str(exc).splitlines()[0]})"
            if int(index.ntotal) != meta.get("count"):
                return (f"index file {path} holds {index.ntotal} vectors,"
                        f" expected {meta.get('count')}")
            return None
        size = path.stat().st_size
        if size != meta.get("bytes"):
            return f"index file {path} is {size} bytes, expected {meta.get('bytes')} (truncated?)"
        if file_sha256(path) != meta["sha256"]:
            return f"index file {path} does not match its recorded SHA-256 (garbled)"
        return None

    @staticmethod
    def exists(folder: Path) -> bool:
        """Whether an index and its signature are saved in ``folder`` (without reading them)."""
        return (folder / INDEX_FILE).is_file() and (folder / SIGNATURE_FILE).is_file()

    @classmethod
    def load(cls, folder: Path) -> VectorIndex | None:
        """The saved index, or None if there is none yet."""
        path = folder / INDEX_FILE
        sig_path = folder / SIGNATURE_FILE
        if not path.is_file() or not sig_path.is_file():
            return None
        meta = json.loads(sig_path.read_text(encoding="utf-8"))
        index = _faiss().read_index(str(path))
        return cls(int(meta["dim"]), str(meta["signature"]), index)


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


STALE_TEMP_SECONDS = 600.0
"""A temp file older than this in the index folder was left by a killed writer."""


def _remove_stale_temp_files(folder: Path) -> None:
    now = time.time()
    for tmp in folder.glob("*.tmp"):
        with contextlib.suppress(OSError):
            if now - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
