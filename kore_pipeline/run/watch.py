"""Streaming: micro-batches over growing logs (``kore watch``, the ``kore-micro-batch`` flow).

Each micro-batch is one recorded run (kind ``watch``) of ingest (only what is new since
each file's checkpoint), extract and score, embed and index, and publish. Decay and
compression stay with their own daily runs. Between batches a cheap probe (each file's
size and mtime against its checkpoint, plus messages still waiting for extraction) decides
whether there is anything to do, so an idle folder costs no run and no model time.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from kore_pipeline.embed.cache import Embedder, make_embedder
from kore_pipeline.ingest.checkpoints import load_checkpoints
from kore_pipeline.ingest.reader import discover
from kore_pipeline.run.plans import MICRO_BATCH
from kore_pipeline.run.runner import run_plan
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect

WATCH_KIND = MICRO_BATCH.kind


def has_work(paths: list[Path], settings: KoreSettings) -> bool:
    """True if a file is new or changed since its checkpoint, or messages await extraction."""
    if not settings.db_path().is_file():
        return True
    conn = connect(settings.db_path())
    try:
        checkpoints = load_checkpoints(conn)
        pending = conn.execute("SELECT 1 FROM messages WHERE extracted = 0 LIMIT 1").fetchone()
    finally:
        conn.close()
    if pending is not None:
        return True
    for path in discover(paths):
        cp = checkpoints.get(str(path))
        if cp is None or not cp.unchanged(path):
            return True
    return False


def run_micro_batch(paths: list[Path], settings: KoreSettings,
                    now: datetime | str | None = None,
                    embedder: Embedder | None = None) -> dict[str, Any]:
    """One micro-batch (plan ``micro-batch``): ingest what is new, embed, extract, index,
    publish; the run summary.

    When ingest finds nothing new (no message, no quarantined record) and nothing waits for
    extraction, the later stages are skipped: the run only records that it looked.
    """
    return run_plan(MICRO_BATCH, settings, paths=paths, now=now, embedder=embedder)


@dataclass
class WatchReport:
    """What a watch loop did before it stopped."""

    batches: int = 0
    failed: int = 0
    messages_new: int = 0
    summaries: list[dict[str, Any]] = field(default_factory=list)


def _sleep(stop: threading.Event, seconds: float) -> None:
    """Wait ``seconds`` in small steps, returning early once ``stop`` is set."""
    end = time.monotonic() + seconds
    while not stop.is_set():
        left = end - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(0.2, left))


def watch(paths: list[Path], settings: KoreSettings, interval: float = 60.0,
          once: bool = False, max_batches: int | None = None,
          now: datetime | str | None = None, embedder: Embedder | None = None,
          stop: threading.Event | None = None,
          on_batch: Callable[[dict[str, Any]], None] | None = None) -> WatchReport:
    """Run micro-batches every ``interval`` seconds until ``stop`` is set.

    ``once`` runs a single batch (if there is work) and returns; ``max_batches`` stops
    after that many batches. The model is loaded once and shared by every batch. A batch
    that fails is recorded as a failed run and reported on stderr; the loop goes on (the
    next batch picks up whatever the failed one left).
    """
    stop = stop or threading.Event()
    embedder = embedder or make_embedder(settings)
    report = WatchReport()
    while not stop.is_set():
        try:
            summary = (run_micro_batch(paths, settings, now, embedder)
                       if has_work(paths, settings) else None)
        except Exception as exc:  # noqa: BLE001 - one failed batch never ends the watch
            report.failed += 1
            print(f"kore watch: micro-batch failed: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
        else:
            if summary is not None:
                report.batches += 1
                report.messages_new += summary.get("ingest", {}).get("messages_new", 0)
                report.summaries.append(summary)
                if on_batch is not None:
                    on_batch(summary)
        if once or (max_batches is not None and report.batches >= max_batches):
            break
        _sleep(stop, interval)
    return report
