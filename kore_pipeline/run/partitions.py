"""Partitioned extraction and embedding: the work of one run split for a cluster, then merged.

The pending messages are split by a hash of (owner, subject). A memory is identified by
(owner, subject, key), so every mention of one memory lands in one partition and each
partition folds its repeated facts completely. Each partition is a folder of files under a
work directory (which must be shared by the cluster's machines):

``messages.parquet`` (input, with each message's place ``seq`` in the single-process order)
-> :func:`extract_partition` -> ``candidates.parquet`` (folded candidates, with the place of
their first mention); the orchestrator merges every partition's candidates in that global
order and upserts them, so row ids come out exactly as in a single-process run. The texts
the index needs and the cache lacks go back to their partitions as ``embed.parquet`` ->
:func:`embed_partition` -> ``vectors.npy``; the orchestrator puts them into the embedding
cache, so the index is then built from cached vectors only (:class:`MergedVectors`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from kore_pipeline import files
from kore_pipeline.embed.cache import EmbeddingCache, embed_text
from kore_pipeline.embed.factory import Embedder, make_embedder
from kore_pipeline.extract.facts import (
    CandidateMemory,
    memories_from_message,
    subject_of,
)
from kore_pipeline.extract.fold import CandidateFold
from kore_pipeline.ids import embedding_key
from kore_pipeline.lake.publish import write_parquet_atomic
from kore_pipeline.settings import KoreSettings

MESSAGES_FILE = "messages.parquet"
CANDIDATES_FILE = "candidates.parquet"
EMBED_FILE = "embed.parquet"
VECTORS_FILE = "vectors.npy"


def partition_of(owner: str, subject: str, partitions: int) -> int:
    """Partition of an (owner, subject): a stable hash (CRC-32), the same on every machine."""
    return zlib.crc32(f"{owner}\x00{subject}".encode()) % max(1, partitions)


def part_dir(work_dir: Path, index: int) -> Path:
    """Folder of partition ``index``."""
    return work_dir / f"part-{index:04d}"


def split_messages(messages: Sequence[dict[str, Any]], partitions: int,
                   work_dir: Path) -> list[Path]:
    """Write each partition's messages (with ``seq``, their place in ``messages``) to its
    folder; returns the folders of the partitions that got any message, in index order."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for seq, msg in enumerate(messages):
        idx = partition_of(msg["owner"], subject_of(msg), partitions)
        groups.setdefault(idx, []).append({**msg, "seq": seq})
    folders = []
    for idx in sorted(groups):
        folder = part_dir(work_dir, idx)
        write_parquet_atomic(pa.Table.from_pylist(groups[idx]), folder / MESSAGES_FILE)
        folders.append(folder)
    return folders


def extract_ordered(messages: Sequence[dict[str, Any]],
                    settings: KoreSettings) -> list[tuple[int, int, CandidateMemory]]:
    """``extract.extract_memories`` that also tells where each memory was first mentioned:
    (seq of the message, position among that message's candidates, folded candidate)."""
    folded: dict[tuple[str, str, str], CandidateFold] = {}
    first: dict[tuple[str, str, str], tuple[int, int]] = {}
    for msg in messages:
        for pos, cand in enumerate(memories_from_message(msg, settings)):
            ident = (cand.owner, cand.subject, cand.key)
            acc = folded.get(ident)
            if acc is None:
                first[ident] = (int(msg["seq"]), pos)
                folded[ident] = CandidateFold(cand)
            else:
                acc.add(cand)
    return [(*first[ident], acc.result()) for ident, acc in folded.items()]


def extract_partition(folder: Path, settings: KoreSettings) -> Path:
    """Extract and score one partition's messages into ``candidates.parquet``."""
    messages = pq.read_table(folder / MESSAGES_FILE).to_pylist()
    rows = [{"seq": seq, "pos": pos, **asdict(cand)}
            for seq, pos, cand in extract_ordered(messages, settings)]
    write_parquet_atomic(pa.Table.from_pylist(rows), folder / CANDIDATES_FILE)
    return folder / CANDIDATES_FILE


def merged_candidates(folders: Sequence[Path]) -> list[CandidateMemory]:
    """Every partition's candidates in single-process order (first mention, then position)."""
    rows: list[dict[str, Any]] = []
    for folder in folders:
        rows.extend(pq.read_table(folder / CANDIDATES_FILE).to_pylist())
    rows.sort(key=lambda r: (r["seq"], r["pos"]))
    return [CandidateMemory(**{k: v for k, v in r.items() if k not in ("seq", "pos")})
            for r in rows]


@dataclass
class EmbedPlan:
    """Texts to embed, per partition folder; ``cache_id`` keys their vectors."""

    cache_id: str
    folders: list[Path]
    texts: int
    batches: int


def plan_embedding(rows: Sequence[dict[str, Any]], embedder: Embedder, cache: EmbeddingCache,
                   batch_size: int, partitions: int, work_dir: Path) -> EmbedPlan:
    """Write ``embed.parquet`` (batch, key, text) into the partition folders: the texts of
    ``rows`` (memories with subject and content) that the cache lacks, sorted by text and cut
    into the very batches a single process encodes (``prepare_vectors`` embeds the new texts
    sorted, through :meth:`Embedder.batches`), dealt out to the partitions in turn. Each batch is
    encoded on its own, so the vectors are bit for bit those of a single-process run."""
    cache_id = embedder.cache_id
    wanted: dict[str, str] = {}
    for r in rows:
        text = embed_text(r["subject"], r["content"])
        wanted.setdefault(embedding_key(cache_id, text), text)
    cached = cache.get_many(list(wanted))
    # In text order, as ``pipeline.prepare_vectors`` embeds a single run's new texts.
    missing = sorted(((k, t) for k, t in wanted.items() if k not in cached),
                     key=lambda kt: kt[1])
    batches = embedder.batches([t for _, t in missing], batch_size)
    groups: dict[int, list[dict[str, Any]]] = {}
    for number, batch in enumerate(batches):
        groups.setdefault(number % max(1, partitions), []).extend(
            {"batch": number, "key": missing[i][0], "text": missing[i][1]} for i in batch)
    folders = []
    for idx in sorted(groups):
        folder = part_dir(work_dir, idx)
        write_parquet_atomic(pa.Table.from_pylist(groups[idx]), folder / EMBED_FILE)
        folders.append(folder)
    return EmbedPlan(cache_id, folders, len(missing), len(batches))


_EMBEDDERS: dict[str, Embedder] = {}
"""One loaded model per worker process, reused by every partition it embeds."""


def worker_embedder(settings: KoreSettings) -> Embedder:
    """The embedder ``settings`` names, loaded once per process."""
    ident = json.dumps(settings.model_dump(mode="json"), sort_keys=True)
    if ident not in _EMBEDDERS:
        _EMBEDDERS[ident] = make_embedder(settings)
    return _EMBEDDERS[ident]


def embed_partition(folder: Path, settings: KoreSettings) -> Path:
    """Embed one partition's ``embed.parquet`` into ``vectors.npy`` (same row order), one
    ``encode`` call per planned batch."""
    table = pq.read_table(folder / EMBED_FILE)
    texts = table.column("text").to_pylist()
    numbers = table.column("batch").to_pylist()
    embedder = worker_embedder(settings)
    vectors = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    start = 0
    while start < len(texts):
        end = start
        while end < len(texts) and numbers[end] == numbers[start]:
            end += 1
        vectors[start:end] = embedder.encode(texts[start:end])
        start = end
    target = folder / VECTORS_FILE
    with files.atomic_path(target) as tmp, tmp.open("wb") as fh:
        np.save(fh, np.ascontiguousarray(vectors, dtype=np.float32))
    return target


def merge_vectors(folders: Sequence[Path], cache: EmbeddingCache) -> tuple[int, int]:
    """Put every partition's vectors into the cache; returns (vectors, dimension)."""
    total, dim = 0, 0
    for folder in folders:
        keys = pq.read_table(folder / EMBED_FILE).column("key").to_pylist()
        vectors = np.load(folder / VECTORS_FILE)
        if vectors.shape[0] != len(keys):
            raise ValueError(f"{folder}: {vectors.shape[0]} vectors for {len(keys)} texts")
        cache.put_many(keys, vectors)
        total, dim = total + len(keys), int(vectors.shape[1])
    return total, dim


class MergedVectors(Embedder):
    """The run's embedder as the index stage sees it after a merge: its vectors are all in
    the cache, so nothing is encoded here; a text that is not (a memory changed meanwhile)
    is encoded by the real model, loaded only then."""

    def __init__(self, real: Embedder, dim: int | None) -> None:
        self.real = real
        self.backend = real.backend
        self.model_name = real.model_name
        self._dim = dim
        self.encoded = 0

    @property
    def dim(self) -> int:
        """Dimension of the merged vectors (the real model's when none were merged)."""
        return self._dim if self._dim else self.real.dim

    @property
    def cache_id(self) -> str:
        """The real embedder's cache key, so merged vectors are found."""
        return self.real.cache_id

    @property
    def signature_prefix(self) -> str:
        """The real embedder's ``backend:model:``."""
        return self.real.signature_prefix

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Encode with the real model (only what the merge did not provide)."""
        self.encoded += len(texts)
        return self.real.encode(texts)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Queries go to the real model."""
        return self.real.encode_queries(texts)

