"""Shared pieces of the pipeline benchmark: the fixed clock, timers, progress log,
summary statistics and the store snapshot restored before each measured run."""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from kore_pipeline.settings import KoreSettings
from kore_pipeline.store import db as store

NOW = datetime(2026, 6, 1, 12, 0, 0, tzinfo=UTC)
"""Fixed clock of every stage; the corpus spans the year before it."""

perf = time.perf_counter
cpu = time.process_time  # CPU seconds of this process (all threads): contention check


def log(msg: str) -> None:
    """Progress on stderr, so stdout holds only the figures."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def med(xs: list[float]) -> float:
    return float(statistics.median(xs))


def pct(xs: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(xs), q))


class Snapshot:
    """A checkpointed copy of the store file, restored before each measured run."""

    def __init__(self, settings: KoreSettings) -> None:
        self.db = settings.db_path()
        self.copy = settings.home / "snapshot.sqlite"

    def take(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        shutil.copyfile(self.db, self.copy)

    def restore(self) -> sqlite3.Connection:
        for suffix in ("", "-wal", "-shm"):
            Path(str(self.db) + suffix).unlink(missing_ok=True)
        shutil.copyfile(self.copy, self.db)
        return store.connect(self.db)



_MODEL_IDS: dict[tuple[str, str, str], str] = {}


def model_id(settings: KoreSettings) -> str:
    """The embedding-cache identity (``Embedder.cache_id``) of the backend ``settings`` name;
    synthetic vectors written under it are found by the real stages."""
    key = (settings.embedder, settings.model_name, str(settings.model_path))
    if key not in _MODEL_IDS:
        from kore_pipeline.embed.factory import make_embedder

        _MODEL_IDS[key] = make_embedder(settings).cache_id
    return _MODEL_IDS[key]
