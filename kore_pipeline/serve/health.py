"""What a home's service can do right now, part by part: store, index, model and disk.

:func:`check_health` answers ``ok`` when every part is well, ``degraded`` when the service
still answers but something is missing or lagging (the reason says what, and what it
costs), and ``down`` when the store cannot be read (nothing can be answered). ``kore api``
serves it at ``/v1/health``; the reasons name no file paths, owners or memory text, since
that answer needs no key.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from kore_pipeline.index.vectors import INDEX_FILE, VectorIndex
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.check import StoreError
from kore_pipeline.store.db import connect_reader, get_meta

State = Literal["ok", "degraded", "down"]
_RANK: dict[str, int] = {"ok": 0, "degraded": 1, "down": 2}


@dataclass(frozen=True)
class PartHealth:
    """One part of the service: its state and why."""

    name: str
    """``store``, ``index``, ``model`` or ``disk``."""
    status: State
    reason: str
    """What is well or wrong, in a sentence (no paths, owners or memory text)."""
    numbers: dict[str, int] = field(default_factory=dict)
    """Counts behind the reason (memories, vectors, free bytes)."""


@dataclass(frozen=True)
class Health:
    """The whole answer: the worst part's state and every part."""

    status: State
    parts: list[PartHealth]

    def part(self, name: str) -> PartHealth:
        """The part called ``name``."""
        return next(p for p in self.parts if p.name == name)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form; ``ok`` is true while the service answers (ok or degraded)."""
        return {"status": self.status, "ok": self.status != "down",
                "parts": [asdict(p) for p in self.parts]}


def _store(settings: KoreSettings) -> tuple[PartHealth, dict[str, int]]:
    """The store part, and the store's counts the index part compares with."""
    path = settings.db_path()
    if not path.is_file():
        return PartHealth("store", "down", "there is no store in the home yet"), {}
    try:
        conn = connect_reader(path, busy_ms=2000, read_only=True)
        try:
            total = int(conn.execute("SELECT count(*) FROM memories").fetchone()[0])
            stale = int(conn.execute(
                "SELECT count(*) FROM memories WHERE status = 'active' AND"
                " (embedded_hash IS NULL OR embedded_hash != content_hash)").fetchone()[0])
            signature = get_meta(conn, "embedding_signature") or ""
        finally:
            conn.close()
    except (sqlite3.Error, OSError, StoreError) as exc:
        return PartHealth("store", "down", f"the store cannot be read: {_first_line(exc)}"), {}
    counts = {"memories": total, "not_yet_embedded": stale, "signed": int(bool(signature))}
    writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
    if writable and hasattr(os, "statvfs"):
        writable = not os.statvfs(path.parent).f_flag & os.ST_RDONLY
    if not writable:
        return PartHealth("store", "degraded", "the store is read-only: searches answer, saves"
                          " are refused (503)", {"memories": total}), counts
    return PartHealth("store", "ok", "readable and writable", {"memories": total}), counts


def _index(settings: KoreSettings, counts: dict[str, int]) -> PartHealth:
    folder = settings.index_dir()
    total, stale = counts.get("memories", 0), counts.get("not_yet_embedded", 0)
    if not VectorIndex.exists(folder):
        if total == 0:
            return PartHealth("index", "ok", "no memories yet, so no index needed")
        return PartHealth("index", "degraded", "no vector index: search matches keywords (and"
                          " embeds at most search_embed_pending new memories) until the index"
                          " stage runs", {"memories": total, "not_yet_embedded": stale})
    meta = VectorIndex.read_meta(folder) or {}
    vectors = int(meta.get("count") or 0)
    numbers = {"vectors": vectors, "memories": total, "not_yet_embedded": stale}
    size = (folder / INDEX_FILE).stat().st_size
    if meta.get("bytes") is not None and size != meta.get("bytes"):
        return PartHealth("index", "degraded", "the index file does not have its recorded size"
                          " (truncated?): it is rebuilt from the stored vectors on the next"
                          " search", numbers)
    behind = max(stale, abs(total - vectors))
    if behind > settings.search_embed_pending:
        return PartHealth("index", "degraded", f"the index lags the store by {behind}"
                          f" memories, more than the {settings.search_embed_pending} a search"
                          " embeds itself (search_embed_pending): the rest are found by"
                          " keyword only until the index stage runs", numbers)
    if behind:
        return PartHealth("index", "ok", f"present; {behind} memories saved or changed since"
                          " the last index stage, which searches embed themselves meanwhile",
                          numbers)
    return PartHealth("index", "ok", "present and in step with the store", numbers)


def _model(settings: KoreSettings, searcher: Any) -> PartHealth:
    if searcher is not None and searcher.model_loaded:
        fallback = getattr(searcher.embedder, "fallback", None)
        if fallback is not None:
            return PartHealth("model", "degraded", f"the {settings.embedder} backend could not"
                              f" start; running on {fallback.backend} (slower)")
        return PartHealth("model", "ok", f"{settings.embedder} model loaded")
    try:
        from kore_pipeline.embed.factory import make_embedder

        make_embedder(settings)
        if settings.embedder in ("onnx", "onnx-int8", "sentence-transformers", "static"):
            from kore_pipeline.embed.sentence_transformer import resolve_model_path

            if not resolve_model_path(settings).is_dir():
                raise FileNotFoundError("the model folder does not exist")
    except Exception as exc:  # noqa: BLE001 - any failure is what this part reports
        return PartHealth("model", "degraded", f"the {settings.embedder} model cannot be"
                          f" loaded ({_first_line(exc)}): search matches keywords only")
    return PartHealth("model", "ok", f"{settings.embedder} model loadable; loads on the first"
                      " semantic search")


def _disk(settings: KoreSettings) -> PartHealth:
    home = settings.home if settings.home.exists() else settings.home.parent
    try:
        free = shutil.disk_usage(home).free
    except OSError as exc:
        return PartHealth("disk", "degraded", f"free space unknown: {_first_line(exc)}")
    numbers = {"free_bytes": free, "min_free_bytes": settings.health_min_free_bytes}
    if free < settings.health_min_free_bytes:
        return PartHealth("disk", "degraded", f"{free // 2**20} MiB free, under the"
                          f" {settings.health_min_free_bytes // 2**20} MiB of"
                          " health_min_free_bytes: saves and runs may fail", numbers)
    return PartHealth("disk", "ok", f"{free // 2**20} MiB free", numbers)


def _first_line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    home_hint = text.find("/")
    return text if home_hint < 0 else text[:home_hint].rstrip(" :") or type(exc).__name__


def check_health(settings: KoreSettings, searcher: Any = None) -> Health:
    """Store (readable, writable), index (present, in step), model (loadable, loaded) and
    disk (free space) of ``settings.home``; ``searcher`` (a serving
    :class:`~kore_pipeline.serve.search.Searcher`) tells whether its model is loaded."""
    store, counts = _store(settings)
    parts = [store]
    if store.status != "down":
        parts.append(_index(settings, counts))
    parts += [_model(settings, searcher), _disk(settings)]
    worst = max(parts, key=lambda p: _RANK[p.status]).status
    return Health(worst, parts)
