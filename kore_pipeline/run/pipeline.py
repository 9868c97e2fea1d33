"""The stages, as plain functions over one store; the plans (``plans.py``) put them in order.

Each stage function takes a :class:`RunContext` (settings, one unit's own store connection,
run id, clock) and returns a small report. :func:`run_pipeline` and :func:`run_maintenance`
are thin calls of the runner (``runner.py``) with a plan.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from kore_pipeline import faults
from kore_pipeline.embed.cache import Embedder, EmbeddingCache, make_embedder
from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.index.sync import sync_index
from kore_pipeline.ingest.checkpoints import load_checkpoints, save_checkpoints
from kore_pipeline.ingest.reader import IngestResult, ingest_paths, message_key
from kore_pipeline.lake import publish as lake
from kore_pipeline.lifecycle.erase import record_owner
from kore_pipeline.lifecycle.recover import open_store_for_run
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import NoStore, transaction
from kore_pipeline.store.runlog import log, timed_stage
from kore_pipeline.timeutil import iso, resolve_now, utcnow

CACHE_WRITE_TEXTS = 2048
"""Encoded vectors written to the embedding cache per commit (a commit per 64-text batch
cost 8 s of fsync in a 100k-message run; a crash re-encodes at most this many)."""

MAX_COMPRESS_PASSES = 10
"""Compression passes per run at most (each merges one level; real data settles in 2-3)."""

_PACKAGE = Path(__file__).resolve().parents[1]
_DATA_CANDIDATES = (_PACKAGE / "sample_data", _PACKAGE.parent / "data")


def _default_data() -> Path:
    """The sample logs inside the installed package, else those of the source checkout."""
    for folder in _DATA_CANDIDATES:
        if (folder / "sample").is_dir():
            return folder
    return _DATA_CANDIDATES[0]


DEFAULT_DATA = _default_data()
"""The sample logs (package data ``kore_pipeline/sample_data``, or the checkout's ``data/``):
the input when none is given."""


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
    model: Embedder | None = None
    """The embedding model (loaded on first use through :attr:`embedder`)."""
    _cache: EmbeddingCache | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    prepared: tuple[list[tuple[str, str, str]], list[Any]] | None = None
    """Keys of the pending messages and their candidates, from :func:`candidate_texts`:
    extraction is pure, so :func:`stage_extract` reuses them instead of extracting again."""
    stage_seq: int = 0
    """The ``run_stages.seq`` of the stage running now (for progress events)."""

    @property
    def embedder(self) -> Embedder:
        """The model, loaded on first use only."""
        if self.model is None:
            self.model = make_embedder(self.settings)
        return self.model

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
    """Open the verified store and record a run in state 'started'.

    Only an ingesting run (pipeline, watch) creates a store, and only in a home without a
    lake or an index (a store lost beside them is recovered, never restarted empty); a
    maintenance run on a home without a store raises ``NoStore`` and creates nothing.
    """
    clock = resolve_now(now)
    creates = kind in ("pipeline", "watch")
    if not creates and not settings.db_path().is_file():
        raise NoStore(settings.db_path())
    conn = open_store_for_run(settings, create=creates)
    run_id = f"{kind}-{utcnow().strftime('%Y%m%dT%H%M%S%f')}"
    with transaction(conn):
        mark_interrupted_runs(conn)
        conn.execute("INSERT INTO runs(run_id, kind, state, started_at, now, stats)"
                     " VALUES (?,?,?,?,?,?)", (run_id, kind, "started", iso(utcnow()),
                                               iso(clock), json.dumps({"pid": os.getpid()})))
    return RunContext(settings, conn, clock, run_id, kind, model=embedder)


def mark_interrupted_runs(conn: sqlite3.Connection) -> int:
    """Record runs left 'started' by a process that no longer runs (killed) as 'interrupted'.

    Their work is not lost: every stage picks up what is pending, so the next run finishes
    it. Call inside a transaction; returns the runs marked.
    """
    dead = []
    for run_id, stats in conn.execute("SELECT run_id, stats FROM runs WHERE state = 'started'"):
        try:
            pid = int(json.loads(stats or "{}").get("pid"))
        except (TypeError, ValueError, AttributeError):
            continue
        if pid != os.getpid() and not faults.process_alive(pid):
            dead.append((iso(utcnow()), run_id))
    conn.executemany("UPDATE runs SET state = 'interrupted', finished_at = ? WHERE run_id = ?",
                     dead)
    return len(dead)


def close_run(ctx: RunContext, state: str = "completed") -> dict[str, Any]:
    """Record the run's final state and stats; return the stats."""
    return end_run(ctx.conn, ctx.settings, ctx.run_id, ctx.stats, state)


def end_run(conn: sqlite3.Connection, settings: KoreSettings, run_id: str,
            stats: dict[str, Any], state: str) -> dict[str, Any]:
    """Record a run's final state and stats, publish the runs table; return the summary."""
    with transaction(conn):
        conn.execute("UPDATE runs SET state = ?, finished_at = ?, stats = ? WHERE run_id = ?",
                     (state, iso(utcnow()), json.dumps(stats, default=str), run_id))
    lake.publish_runs(conn, settings.lake_dir(), settings)  # the final state
    return {"run_id": run_id, "state": state, **stats}


@timed_stage("ingest")
def stage_ingest(ctx: RunContext, paths: list[Path]) -> dict[str, int]:
    """Read new files into the Arrow ``messages`` table; store new messages and quarantine.

    A message already stored (same owner, conversation and id) is skipped; one whose text
    differs from the stored one is quarantined, never silently dropped.
    """
    known = {r[0] for r in ctx.conn.execute("SELECT sha256 FROM ingested_files")}
    result: IngestResult = ingest_paths(paths, ctx.settings, skip_hashes=known,
                                        checkpoints=load_checkpoints(ctx.conn))
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
                "raw": m["text"][:2000], "owner": m["owner"]})
    with transaction(ctx.conn):
        ctx.conn.executemany(
            "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts,"
            " role, speaker, text, importance, source_file, source_line, run_id, language)"
            " VALUES (:message_id, :owner, :conversation_id, :session_id, :ts, :role, :speaker,"
            " :text, :importance, :source_file, :source_line, :run_id, :language)",
            [{**m, "run_id": ctx.run_id} for m in new])
        ctx.conn.executemany(
            "INSERT OR IGNORE INTO quarantine(source_file, source_line, reason, raw, run_id,"
            " owner) VALUES (:source_file, :source_line, :reason, :raw, :run_id, :owner)",
            [{**q, "run_id": ctx.run_id, "owner": q.get("owner") or record_owner(q.get("raw"))}
             for q in result.quarantine])
        ctx.conn.executemany(
            "INSERT OR IGNORE INTO ingested_files(sha256, path, messages, quarantined, run_id)"
            " VALUES (?,?,?,?,?)", [(sha, path, n, q, ctx.run_id)
                                    for path, sha, n, q in result.files])
        save_checkpoints(ctx.conn, result.checkpoints, ctx.run_id)
    pending = ctx.conn.execute("SELECT count(*) FROM messages WHERE extracted = 0").fetchone()[0]
    faults.reach("ingest")
    for path, _sha, n, q in result.files:
        log.info("file ingested", extra={"stage": "ingest", "file": path, "messages": n,
                                         "quarantined": q})
    for record in result.quarantine:
        log.warning("record quarantined: %s", record["reason"], extra={
            "stage": "ingest", "file": record["source_file"], "line": record["source_line"]})
    ctx.stats["ingest"] = {"files_read": len(result.read_files),
                           "files_skipped": len(result.skipped_files),
                           "messages_read": messages.num_rows, "messages_new": len(new),
                           "quarantined": len(result.quarantine),
                           "files_rewritten": len(result.rewritten_files),
                           "files_refused": len(result.refused),
                           "pending_bytes": result.pending_bytes,
                           "messages_pending": int(pending)}
    return ctx.stats["ingest"]


def pending_messages(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Messages not yet extracted, in extraction order (time, then id)."""
    rows = conn.execute(
        "SELECT message_id, owner, conversation_id, session_id, ts, role, speaker, text,"
        " importance, language FROM messages WHERE extracted = 0"
        " ORDER BY ts, message_id").fetchall()
    return [dict(r) for r in rows]


def candidate_texts(ctx: RunContext) -> list[str]:
    """The texts extraction will add (or re-embed) for the pending messages, sorted."""
    from kore_pipeline.embed.cache import embed_text

    pending = pending_messages(ctx.conn)
    candidates = extract_memories(pending, ctx.settings)
    ctx.prepared = ([message_key(m) for m in pending], candidates)  # for the extract stage
    return sorted({embed_text(c.subject, c.content) for c in candidates})


@timed_stage("embed")
def stage_embed(ctx: RunContext) -> dict[str, Any]:
    """Load the model and encode into the cache the texts extraction will add, before the
    serving transaction takes its lock.

    Extraction is pure until the upsert, so the candidates of the pending messages are
    known in advance; with their vectors cached, the serving transaction that follows
    holds the write lock for seconds, not for the model's work.
    """
    report = encode_into_cache(candidate_texts(ctx), ctx)
    ctx.stats["embed"] = report
    return report


def encode_into_cache(texts: list[str], ctx: RunContext) -> dict[str, Any]:
    """Encode the ``texts`` the cache lacks, one planned batch (``Embedder.batches``) at a
    time, as a partitioned run encodes them; tells the stage listeners the progress."""
    from kore_pipeline.ids import embedding_key
    from kore_pipeline.store.runlog import progress

    report: dict[str, Any] = {"texts": len(texts), "cached": 0, "encoded": 0, "batches": 0,
                              "model_load_s": 0.0}
    if not texts:  # nothing to embed: no model load
        return report
    wanted = {embedding_key(ctx.embedder.cache_id, t): t for t in texts}
    cached = ctx.cache.get_many(list(wanted))
    missing = sorted(((k, t) for k, t in wanted.items() if k not in cached),
                     key=lambda kt: kt[1])
    report["cached"] = len(wanted) - len(missing)
    if missing:
        started = time.perf_counter()
        _ = ctx.embedder.dim  # the model load, timed on its own
        report["model_load_s"] = round(time.perf_counter() - started, 3)
        batches = ctx.embedder.batches([t for _, t in missing], ctx.settings.embed_batch_size)
        report["batches"] = len(batches)
        keys: list[str] = []
        parts: list[Any] = []
        for number, batch in enumerate(batches):
            parts.append(ctx.embedder.encode([missing[i][1] for i in batch]))
            keys += [missing[i][0] for i in batch]
            if len(keys) >= CACHE_WRITE_TEXTS or number == len(batches) - 1:
                ctx.cache.put_many(keys, np.concatenate(parts))  # one commit (fsync) each
                keys, parts = [], []
            report["encoded"] += len(batch)
            progress(ctx, "embed", {"encoded": report["encoded"], "of": len(missing),
                                    "batch": number + 1, "batches": len(batches)})
        faults.reach("embed")
    return report


def prepare_vectors(ctx: RunContext) -> int:
    """The ``embed`` stage unrecorded (benchmarks); returns texts encoded."""
    return int(encode_into_cache(candidate_texts(ctx), ctx)["encoded"])


def pending_candidates(ctx: RunContext, pending: list[dict[str, Any]]) -> list[Any]:
    """The candidates of ``pending``: those :func:`candidate_texts` extracted if it saw the
    very same messages (extraction is pure), else extracted now."""
    prepared, ctx.prepared = ctx.prepared, None
    if prepared is not None and prepared[0] == [message_key(m) for m in pending]:
        return prepared[1]
    return extract_memories(pending, ctx.settings)


@contextmanager
def serving_transaction(ctx: RunContext) -> Iterator[None]:
    """One write transaction around the stages that change what search sees.

    Readers (search, context, MCP) keep reading the last committed state until it commits:
    they see the store before the run or after it, never a stage in between. A crash rolls
    the whole of it back (messages stay stored and pending, so the next run redoes it).
    """
    with transaction(ctx.conn):
        yield


@timed_stage("extract")
def stage_extract(ctx: RunContext) -> dict[str, int]:
    """Extract, score and upsert memories from every message not yet extracted.

    Pending messages are read from the store (not only this run's), and marked extracted in
    the same transaction as the upsert, so a run that failed half-way loses nothing: the
    next run picks its messages up.
    """
    pending = pending_messages(ctx.conn)
    candidates = pending_candidates(ctx, pending)
    report = upsert_memories(ctx.conn, candidates, iso(ctx.now),
                             done_messages=[message_key(m) for m in pending])
    faults.reach("extract")
    ctx.stats["extract"] = {"messages": len(pending), "candidates": len(candidates),
                            "inserted": report.inserted, "updated": report.updated,
                            "unchanged": report.unchanged, "superseded": report.superseded}
    return ctx.stats["extract"]


@timed_stage("index")
def stage_index(ctx: RunContext) -> dict[str, Any]:
    """Embed changed memories and bring the FAISS index in step."""
    report = sync_index(ctx.conn, ctx.settings, ctx.embedder, ctx.cache)
    ctx.stats.setdefault("index", [])
    ctx.stats["index"].append(asdict(report))
    return asdict(report)


@timed_stage("decay")
def stage_decay(ctx: RunContext, force: bool = False) -> dict[str, Any]:
    """Apply logged accesses, recompute decay at ``ctx.now``, archive the forgotten.

    Without ``force`` a clock ahead of the wall clock, or an implausible share archived at
    once, raises ``DecayRefused`` before anything changes.
    """
    from kore_pipeline.lifecycle.decay import run_decay

    report = run_decay(ctx.conn, ctx.settings, ctx.now, ctx.run_id, guard=not force)
    faults.reach("decay")
    ctx.stats["decay"] = {k: v for k, v in asdict(report).items() if k != "forgotten_ids"}
    return ctx.stats["decay"]


@timed_stage("compress")
def stage_compress(ctx: RunContext, owner: str | None = None) -> dict[str, Any]:
    """Merge near-duplicate memories, then re-index what changed."""
    from kore_pipeline.lifecycle.compress import run_compress

    totals = {"groups": 0, "candidates": 0, "merged": 0, "superseded": 0, "kept_apart": 0,
              "passes": 0, "compared": 0}
    # Passes until nothing merges: a merged text can meet a new neighbour, and a second run
    # (or the rerun after a crash) must find nothing left to do, as an uninterrupted run.
    for _ in range(MAX_COMPRESS_PASSES):
        report = run_compress(ctx.conn, ctx.settings, ctx.embedder, ctx.cache, ctx.now,
                              ctx.run_id, owner=owner)
        faults.reach("compress")
        totals["passes"] += 1
        totals["merged"] += report.merged
        totals["superseded"] += report.superseded
        totals["kept_apart"] = report.kept_apart  # the same pairs come back each pass
        totals["candidates"] += report.candidates
        totals["compared"] += report.compared  # memories compared with their groups: the
        # new and changed ones (every active one in a home's first pass)
        totals["groups"] = report.groups
        stage_index(ctx)
        if report.merged == 0 and report.superseded == 0:
            break
    ctx.stats["compress"] = totals
    return ctx.stats["compress"]


@timed_stage("publish")
def stage_publish(ctx: RunContext) -> dict[str, int]:
    """Write the Parquet lake (messages of every run not yet there, snapshots) and views."""
    counts = lake.publish(ctx.conn, ctx.settings.lake_dir(), ctx.settings)
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
                 embedder: Embedder | None = None, force: bool = False) -> dict[str, Any]:
    """Every stage in order, decay and compression included (plan ``pipeline``); the summary."""
    from kore_pipeline.run.plans import PIPELINE
    from kore_pipeline.run.runner import run_plan

    return run_plan(PIPELINE, settings, paths=input_paths(paths), now=now, embedder=embedder,
                    force=force)


def run_maintenance(kind: str, settings: KoreSettings, now: datetime | str | None = None,
                    owner: str | None = None, force: bool = False) -> dict[str, Any]:
    """``decay`` or ``compress`` on its own, then publish (the scheduled flows' work)."""
    from kore_pipeline.run.plans import COMPRESS, DECAY
    from kore_pipeline.run.runner import run_plan

    plans = {"decay": DECAY, "compress": COMPRESS}
    if kind not in plans:
        raise ValueError(f"unknown maintenance run {kind!r}")
    return run_plan(plans[kind], settings, now=now, owner=owner, force=force)
