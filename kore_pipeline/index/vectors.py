"""FAISS index of memory vectors: inner product on unit vectors, FAISS id = memory row id.

The kind follows the size (:func:`choose_kind`): below ``vector_index_exact_max`` vectors an
exact ``IndexIDMap2(IndexFlatIP)``; above it an ``IndexIVFFlat`` (or, with
``vector_index_storage="sq8"``, ``IndexIVFScalarQuantizer`` with 8-bit codes: a quarter of the
memory), which keeps memory ids natively and is searched with ``nprobe`` lists. Both kinds
support ``add_with_ids`` / ``remove_ids``, so the index can be updated in place.

Saved atomically (temp file then ``os.replace``) next to a signature file; the serving side
loads both and refuses an index whose signature differs from the model's.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kore_pipeline import faults, files
from kore_pipeline.ids import file_sha256

MemoryIds = Sequence[int] | npt.NDArray[np.integer[Any]]
"""Memory ids (the FAISS ids): a list, or a 1-d integer array."""

INDEX_FILE = "memories.faiss"
SIGNATURE_FILE = "signature.json"
KINDS = ("auto", "flat", "ivf")
STORAGES = ("float32", "sq8")
TRAIN_PER_LIST = 64
"""IVF k-means trains on at most this many sample vectors per list (FAISS advises 39-256)."""


def _faiss() -> Any:
    import faiss  # deferred: heavy import

    return faiss


def choose_kind(n: int, kind: str = "auto", exact_max: int = 200_000) -> str:
    """``flat`` or ``ivf`` for an index of ``n`` vectors (``auto``: flat below ``exact_max``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown vector index kind {kind!r} (expected one of {KINDS})")
    if kind == "auto":
        return "flat" if n < exact_max else "ivf"
    return kind


def ivf_nlist(n: int) -> int:
    """Number of IVF lists for ``n`` vectors: about sqrt(n), at least 1, at most n / 39."""
    return max(1, min(int(round(math.sqrt(n))), n // 39))


def _storage_index(dim: int, storage: str) -> Any:
    """The flat (exhaustive) index holding vectors as float32 or 8-bit scalar codes."""
    faiss = _faiss()
    if storage == "sq8":
        return faiss.IndexScalarQuantizer(dim, faiss.ScalarQuantizer.QT_8bit,
                                          faiss.METRIC_INNER_PRODUCT)
    if storage != "float32":
        raise ValueError(f"unknown vector storage {storage!r} (expected one of {STORAGES})")
    return faiss.IndexFlatIP(dim)


class VectorIndex:
    """An inner-product index whose FAISS ids are memory ids (flat in an id map, or IVF)."""

    def __init__(self, dim: int, signature: str, index: Any = None) -> None:
        faiss = _faiss()
        self.dim = dim
        self.signature = signature
        self.index = index if index is not None else faiss.IndexIDMap2(faiss.IndexFlatIP(dim))
        self.nprobe = 32
        """IVF lists visited per query (ignored by a flat index)."""
        self._quantizer: Any = None
        self.storage = "float32"
        """Vector storage it was built with (``float32`` or ``sq8``), saved in the meta file."""
        self.trained = 0
        """Vectors in the index when its IVF lists were trained (0 for a flat index)."""
        self.sha256: str | None = None
        """SHA-256 of the saved file this index was loaded from or last saved to."""
        self.filter_exact_max = 100_000
        """An IVF search restricted to at most this many ids scores exactly those ids."""
        self._sorted_ids: np.ndarray | None = None
        self._where: tuple[np.ndarray, np.ndarray, list[np.ndarray]] | None = None
        self.subset_cache_max = 0
        """Vectors kept contiguous for repeated IVF subset searches (0: none kept)."""
        self._subsets: OrderedDict[bytes, tuple[np.ndarray, np.ndarray, np.ndarray]] = \
            OrderedDict()
        """Per allowed-id set (digest): held ids, their gathered vectors, row -> position."""

    @property
    def kind(self) -> str:
        """``ivf`` for an inverted-file index, else ``flat``."""
        return "ivf" if _faiss().try_extract_index_ivf(self.index) is not None else "flat"

    @classmethod
    def build(cls, ids: MemoryIds, vectors: np.ndarray, signature: str, *,
              kind: str = "flat", storage: str = "float32", nlist: int | None = None,
              seed: int = 1234) -> VectorIndex:
        """A new index holding ``vectors`` under ``ids`` (``kind`` ``flat`` or ``ivf``).

        IVF trains k-means (10 iterations) on a seeded sample of at most
        ``TRAIN_PER_LIST * nlist`` vectors, so building is reproducible.
        """
        faiss = _faiss()
        dim = int(vectors.shape[1]) if vectors.ndim == 2 and vectors.shape[0] else \
            int(signature.rsplit(":", 1)[1])
        x = np.ascontiguousarray(vectors, dtype=np.float32)
        id_arr = np.asarray(ids, dtype=np.int64)
        kind = choose_kind(len(id_arr), kind)
        if kind == "flat" or len(id_arr) == 0:
            idx = cls(dim, signature, faiss.IndexIDMap2(_storage_index(dim, storage)))
            idx.storage = storage
            if len(id_arr):
                if not idx.index.is_trained:  # 8-bit codes: learn each dimension's range
                    idx.index.train(x)
                idx.index.add_with_ids(x, id_arr)
            return idx
        lists = nlist or ivf_nlist(len(id_arr))
        quantizer = faiss.IndexFlatIP(dim)
        if storage == "sq8":
            ivf = faiss.IndexIVFScalarQuantizer(quantizer, dim, lists,
                                                faiss.ScalarQuantizer.QT_8bit,
                                                faiss.METRIC_INNER_PRODUCT)
        else:
            _storage_index(dim, storage)  # validates the name
            ivf = faiss.IndexIVFFlat(quantizer, dim, lists, faiss.METRIC_INNER_PRODUCT)
        ivf.cp.niter = 10
        ivf.cp.seed = seed
        ivf.cp.max_points_per_centroid = TRAIN_PER_LIST
        rng = np.random.default_rng(seed)
        n_train = min(len(x), TRAIN_PER_LIST * lists)
        sample = x if n_train == len(x) else x[np.sort(rng.choice(len(x), n_train,
                                                                  replace=False))]
        ivf.train(sample)
        ivf.set_direct_map_type(faiss.DirectMap.Hashtable)  # reconstruct by memory id
        ivf.add_with_ids(x, id_arr)
        idx = cls(dim, signature, ivf)
        idx.storage, idx.trained = storage, len(id_arr)
        idx._quantizer = quantizer  # keep the Python-owned quantizer alive with the index
        return idx

    def add(self, ids: MemoryIds, vectors: np.ndarray) -> None:
        """Add vectors under memory ids (an IVF index keeps its trained lists)."""
        if len(ids):
            self.index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32),
                                    np.asarray(ids, dtype=np.int64))
            self._sorted_ids = self._where = None
            self._subsets.clear()

    def remove(self, ids: MemoryIds) -> int:
        """Remove the given memory ids; returns how many were present."""
        if not len(ids):
            return 0
        faiss = _faiss()
        arr = np.ascontiguousarray(ids, dtype=np.int64)
        if faiss.try_extract_index_ivf(self.index) is not None:  # hashtable direct map
            sel = faiss.IDSelectorArray(len(arr), faiss.swig_ptr(arr))
        else:
            sel = faiss.IDSelectorBatch(arr)
        self._sorted_ids = self._where = None
        self._subsets.clear()
        return int(self.index.remove_ids(sel))

    def _ivf_ids(self, ivf: Any) -> np.ndarray:
        """Every id held by an IVF index, sorted (cached until the next add or remove)."""
        if self._sorted_ids is None:
            faiss = _faiss()
            lists = ivf.invlists
            parts = [faiss.rev_swig_ptr(lists.get_ids(i), lists.list_size(i)).copy()
                     for i in range(ivf.nlist) if lists.list_size(i)]
            self._sorted_ids = np.sort(np.concatenate(parts)) if parts else \
                np.zeros(0, dtype=np.int64)
        return self._sorted_ids

    def _search_subset(self, ivf: Any, q: np.ndarray, k: int,
                       allowed_ids: MemoryIds) -> list[tuple[int, float]]:
        """Exact top-k among ``allowed_ids`` of an IVF index (each allowed vector scored).

        Ids that :meth:`prefetch` gathered are scored with one matrix product over the kept
        vectors (~2 ms for one owner's 20,000 of 1M). Otherwise FAISS probes every inverted
        list with a bitmap of the allowed ids: exact as well, ~13 ms for the same owner, and
        nothing is kept (gathering on a miss instead cost ~100 ms, an owner's first query).
        """
        want = np.asarray(allowed_ids, dtype=np.int64)
        if len(want) > 1 and not bool(np.all(want[1:] > want[:-1])):
            want = np.unique(want)  # the searcher's cached ids are already sorted, unique
        if len(want) == 0 or len(self) == 0:
            return []
        key = self._subset_key(want)
        cached = self._subsets.get(key)
        if cached is None:
            return self._probe_all(ivf, q, k, want)
        self._subsets.move_to_end(key)
        present, vecs, order = cached
        if len(present) == 0:
            return []
        k = min(k, len(present))
        scores = np.empty(len(present), dtype=np.float32)
        scores[order] = vecs @ q[0]
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.lexsort((present[top], -scores[top]))]
        return [(int(present[i]), float(scores[i])) for i in top]

    @staticmethod
    def _subset_key(want: np.ndarray) -> bytes:
        return hashlib.blake2b(want.tobytes(), digest_size=16).digest()

    def _probe_all(self, ivf: Any, q: np.ndarray, k: int,
                   want: np.ndarray) -> list[tuple[int, float]]:
        """Top-k among ``want`` (sorted ids) probing every list with a bitmap id selector."""
        faiss = _faiss()
        if want[0] < 0:
            want = want[want >= 0]
        bits = np.zeros(int(want[-1]) + 1, dtype=bool)
        bits[want] = True
        bitmap = np.packbits(bits, bitorder="little")  # FAISS reads bit (id & 7) of byte id>>3
        sel = faiss.IDSelectorBitmap(len(bitmap), faiss.swig_ptr(bitmap))
        params = faiss.SearchParametersIVF(nprobe=int(ivf.nlist), sel=sel)
        scores, ids = self.index.search(q, min(k, len(want)), params=params)
        hits = [(int(i), float(v)) for i, v in zip(ids[0], scores[0], strict=True) if i != -1]
        return sorted(hits, key=lambda h: (-h[1], h[0]))

    def prefetch(self, allowed_ids: MemoryIds) -> None:
        """Gather and keep the vectors of ``allowed_ids`` for later restricted searches (an
        IVF index with ``subset_cache_max`` room; otherwise nothing to do)."""
        ivf = _faiss().try_extract_index_ivf(self.index)
        if ivf is None or not self.subset_cache_max \
                or len(allowed_ids) > self.filter_exact_max:
            return
        want = np.unique(np.asarray(allowed_ids, dtype=np.int64))
        key = self._subset_key(want)
        if key in self._subsets or len(want) > self.subset_cache_max:
            return
        held = self._ivf_ids(ivf)
        if len(held) == 0:
            return
        pos = np.minimum(np.searchsorted(held, want), len(held) - 1)
        found = held[pos] == want
        present = want[found]
        vecs, order = self._gather(ivf, present, pos[found]) if len(present) else \
            (np.zeros((0, self.dim), dtype=np.float32), np.zeros(0, dtype=np.int64))
        self._subsets[key] = (present, vecs, order)
        while sum(len(v[0]) for v in self._subsets.values()) > self.subset_cache_max:
            self._subsets.popitem(last=False)

    def _list_views(self, ivf: Any) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
        """Where each id of an IVF-flat index lives: (list, offset) by sorted id, and a
        zero-copy float32 view of each inverted list's vectors (rebuilt after add/remove,
        which may move the lists' storage)."""
        if self._where is None:
            faiss = _faiss()
            lists = ivf.invlists
            held = self._ivf_ids(ivf)
            list_of = np.empty(len(held), dtype=np.int32)
            offset = np.empty(len(held), dtype=np.int32)
            views: list[np.ndarray] = []
            ids_parts, list_parts, off_parts = [], [], []
            for li in range(ivf.nlist):
                size = lists.list_size(li)
                if not size:
                    views.append(np.zeros((0, self.dim), dtype=np.float32))
                    continue
                ids_parts.append(faiss.rev_swig_ptr(lists.get_ids(li), size))
                list_parts.append(np.full(size, li, dtype=np.int32))
                off_parts.append(np.arange(size, dtype=np.int32))
                codes = faiss.rev_swig_ptr(lists.get_codes(li), size * lists.code_size)
                views.append(codes.view(np.float32).reshape(size, self.dim))
            if ids_parts:
                all_ids = np.concatenate(ids_parts)
                order = np.argsort(all_ids, kind="stable")
                list_of = np.concatenate(list_parts)[order]
                offset = np.concatenate(off_parts)[order]
            self._where = (list_of, offset, views)
        return self._where

    def _gather(self, ivf: Any, present: np.ndarray,
                pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The stored vectors of ``present`` as one matrix (decoded for 8-bit storage) and,
        for each of its rows, the position in ``present`` it belongs to."""
        faiss = _faiss()
        if self.storage == "float32" and ivf.code_size == 4 * self.dim:
            list_of, offset, views = self._list_views(ivf)
            lists = list_of[pos]
            order = np.argsort(lists, kind="stable")
            by_list = lists[order].tolist()
            offs = offset[pos][order]
            cuts = (np.flatnonzero(np.diff(lists[order])) + 1).tolist()
            out = np.empty((len(present), self.dim), dtype=np.float32)
            for a, b in zip([0, *cuts], [*cuts, len(present)], strict=True):
                np.take(views[by_list[a]], offs[a:b], axis=0, out=out[a:b])
            return out, order
        if ivf.direct_map.type != faiss.DirectMap.Hashtable:
            ivf.set_direct_map_type(faiss.DirectMap.Hashtable)
        return self.index.reconstruct_batch(present), np.arange(len(present))

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def search(self, query: np.ndarray, k: int,
               allowed_ids: MemoryIds | None = None) -> list[tuple[int, float]]:
        """Top-k (id, cosine) for one query vector, optionally restricted to ``allowed_ids``."""
        if len(self) == 0 or k <= 0:
            return []
        faiss = _faiss()
        q = np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32)
        params = None
        ivf = faiss.try_extract_index_ivf(self.index)
        if allowed_ids is not None:
            if len(allowed_ids) == 0:
                return []
            k = min(k, len(allowed_ids))
            if ivf is not None and len(allowed_ids) <= self.filter_exact_max:
                return self._search_subset(ivf, q, k, allowed_ids)
            sel = faiss.IDSelectorBatch(np.asarray(allowed_ids, dtype=np.int64))
        else:
            sel = None
        chosen = {"sel": sel} if sel is not None else {}
        if ivf is not None:
            params = faiss.SearchParametersIVF(nprobe=int(self.nprobe), **chosen)
        elif sel is not None:
            params = faiss.SearchParameters(**chosen)
        k = min(k, len(self))
        scores, ids = self.index.search(q, k, params=params)
        return [(int(i), float(s)) for i, s in zip(ids[0], scores[0], strict=True) if i != -1]

    def reconstruct(self, ids: MemoryIds) -> np.ndarray:
        """Stored vectors of the given ids (decoded: approximate for 8-bit storage)."""
        ivf = _faiss().try_extract_index_ivf(self.index)
        if ivf is not None and ivf.direct_map.type == 0:  # no direct map yet
            ivf.make_direct_map()
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
        with files.atomic_path(folder / INDEX_FILE) as tmp:
            faiss.write_index(self.index, str(tmp))
            digest = file_sha256(tmp)
            size = tmp.stat().st_size
        self.sha256 = digest
        faults.reach("index")  # new index, old signature file
        meta = json.dumps({"signature": self.signature, "dim": self.dim, "count": len(self),
                           "bytes": size, "sha256": digest, "kind": self.kind,
                           "storage": self.storage, "trained": self.trained})
        files.write_text(folder / SIGNATURE_FILE, meta)

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
        out = cls(int(meta["dim"]), str(meta["signature"]), index)
        out.storage = str(meta.get("storage", "float32"))
        out.trained = int(meta.get("trained") or 0)
        out.sha256 = meta.get("sha256")
        return out


STALE_TEMP_SECONDS = files.STALE_TEMP_SECONDS
"""A temp file of an older naming scheme in the index folder is stale after this long."""


def _remove_stale_temp_files(folder: Path) -> None:
    files.remove_stale_temp_files(folder, recursive=False)
