"""The stages in order, as plain functions over one store; Prefect flows wrap these as tasks.

Each stage function takes a :class:`RunContext` (settings, store connection, run id, clock)
and returns a small report; :func:`run_pipeline` chains them without Prefect.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from . import lake
from .embed import Embedder, EmbeddingCache, make_embedder
from .extract import extract_memories, upsert_memories
from .indexing import sync_index
from .ingest import IngestResult, ingest_paths, message_key
from .settings import KoreSettings
from .store import connect, transaction
from .timeutil import iso, resolve_now, utcnow

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "data"
"""The sample logs of a source checkout: the input when none is given."""


def input_paths(paths: list[Path] | list[str] | None) -> list[Path]:
    """The given input paths (empty strings dropped), else the sample data of the checkout."""
    given = [Path(p) for p in paths or [] if str(p).strip()]
    if given:
        return given
    if DEFAULT_DATA.is_dir():
        return [DEFAULT_DATA]
    raise FileNotFoundError(f"no input paths given and no sample data at {DEFAULT_DATA}")


@dataclass
class RunContext:
    """What every stage of one run shares."""

    settings: KoreSettings
    conn: sqlite3.Connection
    now: datetime
    run_id: str
    kind: str
    _embedder: Embedder | None = None
    _cache: EmbeddingCache | None = None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def embedder(self) -> Embedder:
        """The model, loaded on first use only."""
        if self._embedder is None:
            self._embedder = make_embedder(self.settings)
        return self._embedder

    @property
    def cache(self) -> EmbeddingCache:
        """The embedding cache of the home folder."""
        if self._cache is None:
            self._cache = EmbeddingCache(self.settings.cache_path())
        return self._cache

    def close(self) -> None:
        """Close the cache and the store."""
        if self._cache is not None:
            self._cache.close()
        self.conn.close()


def open_run(settings: KoreSettings, kind: str, now: datetime | str | None = None,
             embedder: Embedder | None = None) -> RunContext:
    """Open the store and record a run in state 'started'."""
    clock = resolve_now(now)
    conn = connect(settings.db_path())
    run_id = f"{kind}-{utcnow().strftime('%Y%m%dT%H%M%S%f')}"
    with transaction(conn):
        conn.execute("INSERT INTO runs(run_id, kind, state, started_at, now) VALUES (?,?,?,?,?)",
                     (run_id, kind, "started", iso(utcnow()), iso(clock)))
    return RunContext(settings, conn, clock, run_id, kind, _embedder=embedder)


def close_run(ctx: RunContext, state: str = "completed") -> dict[str, Any]:
    """Record the run's final state and stats; return the stats."""
    with transaction(ctx.conn):
        ctx.conn.execute("UPDATE runs SET state = ?, finished_at = ?, stats = ? WHERE run_id = ?",
                         (state, iso(utcnow()), json.dumps(ctx.stats, default=str), ctx.run_id))
    lake.publish_runs(ctx.conn, ctx.settings.lake_dir())  # the lake sees the final state
    return {"run_id": ctx.run_id, "state": state, **ctx.stats}


def stage_ingest(ctx: RunContext, paths: list[Path]) -> dict[str, int]:
    """Read new files into the Arrow ``messages`` table; store new messages and quarantine.

    A message already stored (same owner, conversation and id) is skipped; one whose text
    differs from the stored one is quarantined, never silently dropped.
    """
    known = {r[0] for r in ctx.conn.execute("SELECT sha256 FROM ingested_files")}
    result: IngestResult = ingest_paths(paths, ctx.settings, skip_hashes=known)
    messages = result.messages_table()
    new: list[dict[str, Any]] = []
    for m in messages.to_pylist():
        stored = ctx.conn.execute(
            "SELECT text FROM messages WHERE owner = ? AND conversation_id = ? AND"
            " message_id = ?", message_key(m)).fetchone()
        if stored is None:
            new.append(m)
        elif stored[0] != m["text"]:
            result.quarantine.append({
                "source_file": m["source_file"], "source_line": m["source_line"],
                "reason": f"message_id {m['message_id']!r} already stored with another text",
                "raw": m["text"][:2000]})
    with transaction(ctx.conn):
        ctx.conn.executemany(
            "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts,"
            " role, speaker, text, importance, source_file, source_line, run_id, language)"
            " VALUES (:message_id, :owner, :conversation_id, :session_id, :ts, :role, :speaker,"
            " :text, :importance, :source_file, :source_line, :run_id, :language)",
            [{**m, "run_id": ctx.run_id} for m in new])
        ctx.conn.executemany(
            "INSERT OR IGNORE INTO quarantine(source_file, source_line, reason, raw, run_id)"
            " VALUES (:source_file, :source_line, :reason, :raw, :run_id)",
            [{**q, "run_id": ctx.run_id} for q in result.quarantine])
        ctx.conn.executemany(
            "INSERT OR IGNORE INTO ingested_files(sha256, path, messages, quarantined, run_id)"
            " VALUES (?,?,?,?,?)", [(sha, path, n, q, ctx.run_id)
                                    for path, sha, n, q in result.files])
    ctx.stats["ingest"] = {"files_read": len(result.files),
                           "files_skipped": len(result.skipped_files),
                           "messages_read": messages.num_rows, "messages_new": len(new),
                           "quarantined": len(result.quarantine)}
    return ctx.stats["ingest"]


def stage_extract(ctx: RunContext) -> dict[str, int]:
    """Extract, score and upsert memories from every message not yet extracted.

    Pending messages are read from the store (not only this run's), and marked extracted in
    the same transaction as the upsert, so a run that failed half-way loses nothing: the
    next run picks its messages up.
    """
    rows = ctx.conn.execute(
        "SELECT message_id, owner, conversation_id, session_id, ts, role, speaker, text,"
        " importance, language FROM messages WHERE extracted = 0"
        " ORDER BY ts, message_id").fetchall()
    pending = [dict(r) for r in rows]
    candidates = extract_memories(pending, ctx.settings)
    report = upsert_memories(ctx.conn, candidates, iso(ctx.now),
                             done_messages=[message_key(m) for m in pending])
    ctx.stats["extract"] = {"messages": len(pending), "candidates": len(candidates),
                            "inserted": report.inserted, "updated": report.updated,
                            "unchanged": report.unchanged, "superseded": report.superseded}
    return ctx.stats["extract"]


def stage_index(ctx: RunContext) -> dict[str, Any]:
    """Embed changed memories and bring the FAISS index in step."""
    report = sync_index(ctx.conn, ctx.settings, ctx.embedder, ctx.cache)
    ctx.stats.setdefault("index", [])
    ctx.stats["index"].append(asdict(report))
    return asdict(report)


def stage_decay(ctx: RunContext) -> dict[str, Any]:
    """Apply logged accesses, recompute decay at ``ctx.now``, archive the forgotten."""
    from .decay import run_decay

    report = run_decay(ctx.conn, ctx.settings, ctx.now, ctx.run_id)
    ctx.stats["decay"] = {k: v for k, v in asdict(report).items() if k != "forgotten_ids"}
    return ctx.stats["decay"]


def stage_compress(ctx: RunContext, owner: str | None = None) -> dict[str, Any]:
    """Merge near-duplicate memories, then re-index what changed."""
    from .compress import run_compress

    report = run_compress(ctx.conn, ctx.settings, ctx.embedder, ctx.cache, ctx.now,
                          ctx.run_id, owner=owner)
    ctx.stats["compress"] = {"groups": report.groups, "candidates": report.candidates,
                             "merged": report.merged}
    stage_index(ctx)
    return ctx.stats["compress"]


def stage_publish(ctx: RunContext) -> dict[str, int]:
    """Write the Parquet lake (messages of every run not yet there, snapshots) and views."""
    counts = lake.publish(ctx.conn, ctx.settings.lake_dir())
    ctx.stats["publish"] = counts
    return counts


def execute(ctx: RunContext, body: Callable[[], object],
            finish: Callable[[RunContext], dict[str, Any]] = close_run) -> dict[str, Any]:
    """Run ``body`` in ``ctx``; record the run as completed (``finish``) or failed; close it."""
    try:
        body()
        return finish(ctx)
    except BaseException:
        close_run(ctx, "failed")
        raise
    finally:
        ctx.close()


def run_pipeline(paths: list[Path] | None, settings: KoreSettings,
                 now: datetime | str | None = None,
                 embedder: Embedder | None = None) -> dict[str, Any]:
    """Every stage in order, decay and compression included; returns the run summary."""
    ctx = open_run(settings, "pipeline", now, embedder)

    def body() -> None:
        stage_ingest(ctx, input_paths(paths))
        stage_extract(ctx)
        stage_index(ctx)
        stage_decay(ctx)
        stage_compress(ctx)
        stage_publish(ctx)

    return execute(ctx, body)


def run_maintenance(kind: str, settings: KoreSettings, now: datetime | str | None = None,
                    owner: str | None = None) -> dict[str, Any]:
    """``decay`` or ``compress`` on its own, then publish (the scheduled flows' work)."""
    if kind not in ("decay", "compress"):
        raise ValueError(f"unknown maintenance run {kind!r}")
    ctx = open_run(settings, kind, now)

    def body() -> None:
        if kind == "decay":
            stage_decay(ctx)
        else:
            stage_compress(ctx, owner)
        stage_publish(ctx)

    return execute(ctx, body)
