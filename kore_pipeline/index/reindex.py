"""Move a home to another embedder while search keeps answering from the old index.

``kore reindex --embedder NAME`` in three steps:

1. **Backfill** (no home lock): every memory's text is embedded by the new embedder in chunks
   of ``chunk`` memories into the embedding cache (keyed by model and text), each chunk
   committed. A killed reindex keeps what it embedded; run again, it embeds only the rest.
   Runs and searches go on meanwhile, with the old embedder and the old index.
2. **Stage**: a new index of those vectors (the new signature) is built and saved beside the
   old one, in ``<home>/index-next/``, with the memory ids and content hashes it holds.
3. **Swap** (home lock, briefly): memories added, changed or removed since the stage are
   brought into the staged index (their vectors from the cache, or embedded now); its files
   are moved over the home's index, and one store transaction records the new signature, the
   index hash and every memory's embedded hash. That commit is the switch: a searcher keeps
   the old index until it sees it (``Searcher.index`` compares the committed hash), and a kill
   before it leaves the old signature committed (the next run or search repairs the index
   from the cached vectors of the old embedder; a reindex run again finishes the swap).
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from kore_pipeline import faults, files
from kore_pipeline.embed.cache import (
    Embedder,
    EmbeddingCache,
    embed_text,
    embed_with_cache,
    make_embedder,
)
from kore_pipeline.index.sync import INDEX_HASH_KEY, MODEL_KEY, SIGNATURE_KEY
from kore_pipeline.index.vectors import INDEX_FILE, SIGNATURE_FILE, VectorIndex, choose_kind
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, connect_reader, get_meta, set_meta, transaction
from kore_pipeline.store.homelock import home_lock

log = logging.getLogger(__name__)
STAGE_DIR = "index-next"
STAGED_ROWS = "staged.npz"
"""Ids and content hashes of the memories the staged index holds."""
PROGRESS_FILE = "progress.json"
"""What the backfill has done so far (read by ``kore stats`` of another process)."""
CHUNK = 2048

Progress = Callable[[str, int, int], None]
"""``(step, done, total)``: called after every chunk of the backfill and at each step."""


@dataclass
class ReindexReport:
    """What a reindex did."""

    embedder: str
    signature: str = ""
    previous: str | None = None
    memories: int = 0
    encoded: int = 0
    """Texts the new embedder encoded (the others came from the cache)."""
    caught_up: int = 0
    """Memories added, changed or removed between the stage and the swap."""
    swapped: bool = False
    seconds: dict[str, float] = field(default_factory=dict)


def stage_dir(settings: KoreSettings) -> Path:
    """Folder of the index being built beside the home's own."""
    return settings.home / STAGE_DIR


def reindex_progress(settings: KoreSettings) -> dict[str, object] | None:
    """The running (or interrupted) reindex's last progress record, or None."""
    try:
        data = json.loads((stage_dir(settings) / PROGRESS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _note(settings: KoreSettings, progress: Progress | None, step: str, done: int,
          total: int, signature: str) -> None:
    stage_dir(settings).mkdir(parents=True, exist_ok=True)
    files.write_text(stage_dir(settings) / PROGRESS_FILE, json.dumps(
        {"step": step, "done": done, "total": total, "signature": signature,
         "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}))
    if progress is not None:
        progress(step, done, total)


def _memory_rows(conn: sqlite3.Connection, after: int,
                 limit: int) -> list[tuple[int, str, str]]:
    return conn.execute(
        "SELECT id, content, content_hash FROM memories WHERE id > ? ORDER BY id LIMIT ?",
        (after, limit)).fetchall()


def backfill(settings: KoreSettings, embedder: Embedder, cache: EmbeddingCache,
             chunk: int = CHUNK, progress: Progress | None = None) -> tuple[int, int]:
    """Embed every memory's text into the cache, a chunk at a time; (memories, encoded)."""
    reader = connect_reader(settings.db_path())
    try:
        total = int(reader.execute("SELECT count(*) FROM memories").fetchone()[0])
        done = encoded = 0
        after = -2**63
        _note(settings, progress, "embed", 0, total, embedder.signature_prefix)
        while True:
            rows = _memory_rows(reader, after, chunk)
            if not rows:
                break
            _vectors, n = embed_with_cache([embed_text("", r[1]) for r in rows], embedder,
                                           cache)
            encoded += n
            done += len(rows)
            after = int(rows[-1][0])
            _note(settings, progress, "embed", done, max(total, done), embedder.signature_prefix)
            faults.reach("reindex")  # a chunk of the new vectors committed to the cache
    finally:
        reader.close()
    return done, encoded


def _vectors_of(rows: list[tuple[int, str, str]], embedder: Embedder,
                cache: EmbeddingCache) -> tuple[np.ndarray, np.ndarray, int]:
    """Ids, vectors (from the cache, the missing ones encoded) and how many were encoded."""
    ids = np.array([r[0] for r in rows], dtype=np.int64)
    vectors, encoded = embed_with_cache([embed_text("", r[1]) for r in rows], embedder, cache)
    return ids, vectors, encoded


def stage(settings: KoreSettings, embedder: Embedder, cache: EmbeddingCache) -> int:
    """Build the new index beside the old one from the cached vectors; memories staged."""
    reader = connect_reader(settings.db_path())
    try:
        rows = reader.execute("SELECT id, content, content_hash FROM memories"
                              " ORDER BY id").fetchall()
    finally:
        reader.close()
    ids, vectors, _ = _vectors_of(rows, embedder, cache)
    kind = choose_kind(len(rows), settings.vector_index_kind, settings.vector_index_exact_max)
    built = VectorIndex.build(ids, vectors, embedder.signature, kind=kind,
                              storage=settings.vector_index_storage)
    built.storage = settings.vector_index_storage
    folder = stage_dir(settings)
    built.save(folder)
    with files.atomic_path(folder / STAGED_ROWS) as tmp, tmp.open("wb") as fh:
        np.savez(fh, ids=ids, hashes=np.array([r[2] for r in rows], dtype=str),
                 signature=np.array(embedder.signature))
    faults.reach("reindex")  # staged beside the old index, nothing swapped
    return len(rows)


def _load_staged(settings: KoreSettings,
                 signature: str) -> tuple[VectorIndex, dict[int, str]] | None:
    """The staged index and its (id -> content hash), if complete and of ``signature``."""
    folder = stage_dir(settings)
    if VectorIndex.problem(folder) is not None:
        return None
    try:
        with np.load(folder / STAGED_ROWS) as data:
            if str(data["signature"]) != signature:
                return None
            held = dict(zip(data["ids"].tolist(), data["hashes"].tolist(), strict=True))
    except (OSError, ValueError, KeyError):
        return None
    index = VectorIndex.load(folder)
    if index is None or index.signature != signature or len(index) != len(held):
        return None
    return index, held


def swap(settings: KoreSettings, embedder: Embedder, cache: EmbeddingCache,
         lock_wait: float | None = None) -> tuple[int, str]:
    """Catch the staged index up with the store and make it the home's (under the lock,
    waiting up to ``lock_wait`` seconds for a run to finish).

    Returns the memories caught up and the signature replaced."""
    staged = _load_staged(settings, embedder.signature)
    if staged is None:  # dropped meanwhile (``kore forget``): staged again
        stage(settings, embedder, cache)
        staged = _load_staged(settings, embedder.signature)
    if staged is None:
        raise RuntimeError(f"no complete staged index in {stage_dir(settings)}")
    index, held = staged
    wait = settings.lock_wait_seconds if lock_wait is None else lock_wait
    with home_lock(settings.home, wait, "reindex"):
        conn = connect(settings.db_path(), create=False)
        try:
            previous = get_meta(conn, SIGNATURE_KEY) or ""
            rows = conn.execute("SELECT id, content, content_hash FROM memories"
                                " ORDER BY id").fetchall()
            now = {int(r[0]): r[2] for r in rows}
            gone = [i for i in held if now.get(i) != held[i]]
            fresh = [r for r in rows if held.get(int(r[0])) != r[2]]
            kind = choose_kind(len(rows), settings.vector_index_kind,
                               settings.vector_index_exact_max)
            folder = stage_dir(settings)
            if kind != index.kind:  # the store grew past the index kind: build it again
                ids, vectors, _ = _vectors_of(rows, embedder, cache)
                index = VectorIndex.build(ids, vectors, embedder.signature, kind=kind,
                                          storage=settings.vector_index_storage)
            elif gone or fresh:
                index.remove(np.array(gone, dtype=np.int64))
                ids, vectors, _ = _vectors_of(fresh, embedder, cache)
                if len(ids):
                    index.add(ids, vectors)
            if gone or fresh or kind != staged[0].kind:
                index.storage = settings.vector_index_storage
                index.save(folder)
            saved = VectorIndex.read_meta(folder) or {}
            target = settings.index_dir()
            target.mkdir(parents=True, exist_ok=True)
            files.replace(folder / INDEX_FILE, target / INDEX_FILE)
            faults.reach("reindex")  # new index file in place, old signature committed
            files.replace(folder / SIGNATURE_FILE, target / SIGNATURE_FILE)
            with transaction(conn):  # the switch
                conn.executemany("UPDATE memories SET embedded_hash = ? WHERE id = ?",
                                 [(r[2], r[0]) for r in rows])
                set_meta(conn, SIGNATURE_KEY, embedder.signature)
                set_meta(conn, INDEX_HASH_KEY, str(saved.get("sha256", "")))
                set_meta(conn, MODEL_KEY, embedder.cache_id)
        finally:
            conn.close()
    shutil.rmtree(stage_dir(settings), ignore_errors=True)
    return len(gone) + len(fresh), previous


def reindex(settings: KoreSettings, embedder_name: str, progress: Progress | None = None,
            chunk: int = CHUNK, lock_wait: float | None = None) -> ReindexReport:
    """Embed the home with ``embedder_name`` beside its index, then swap (see the module)."""
    target = settings.model_copy(update={"embedder": embedder_name})
    embedder = make_embedder(target)
    report = ReindexReport(embedder=embedder_name)
    reader = connect_reader(settings.db_path())
    try:
        report.previous = get_meta(reader, SIGNATURE_KEY)
        model = get_meta(reader, MODEL_KEY)
    finally:
        reader.close()
    if report.previous is not None and report.previous.startswith(embedder.signature_prefix) \
            and model == embedder.cache_id and not stage_dir(settings).is_dir():
        report.signature = report.previous
        return report  # already this embedder's index
    cache = EmbeddingCache(settings.cache_path())
    try:
        started = time.perf_counter()
        report.memories, report.encoded = backfill(settings, embedder, cache, chunk, progress)
        report.signature = embedder.signature
        report.seconds["embed"] = time.perf_counter() - started
        started = time.perf_counter()
        if _load_staged(settings, embedder.signature) is None:
            _note(settings, progress, "stage", 0, report.memories, embedder.signature)
            stage(settings, embedder, cache)
        report.seconds["stage"] = time.perf_counter() - started
        started = time.perf_counter()
        _note(settings, progress, "swap", 0, report.memories, embedder.signature)
        report.caught_up, report.previous = swap(settings, embedder, cache, lock_wait)
        report.seconds["swap"] = time.perf_counter() - started
        report.swapped = True
        if progress is not None:
            progress("done", report.memories, report.memories)
    finally:
        cache.close()
    log.info("reindexed %s with %s (%d memories, %d encoded)", settings.home,
             embedder.signature, report.memories, report.encoded)
    return report
