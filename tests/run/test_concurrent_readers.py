"""Readers never see a half-published store: searches running while a run publishes get
either the state before the run or the state after it, and never an error; for every run
kind that adds memories (the pipeline, a micro-batch, the partitioned run)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from tests.conftest import DATA
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"
QUERIES = [("what coffee does Anna like", "hybrid"), ("which database", "hybrid"),
           ("what is Anna allergic to", "semantic"), ("deploy on Fridays", "fts"),
           ("standup time", "hybrid")]
READERS = 4


def results(searcher: Searcher, query: str, mode: str, reinforce: bool) -> list[tuple]:
    hits = searcher.search(query, "team-alpha", k=5, now=NOW, reinforce=reinforce, mode=mode)
    return [(h.memory_id, h.content, h.status) for h in hits]


PARTITIONED_RUN = ("import sys; from pathlib import Path; from kore_pipeline.settings import"
                   " KoreSettings; from kore_pipeline.run.partitioned import"
                   " run_pipeline_partitioned as run; run([Path(p) for p in sys.argv[3:]],"
                   " KoreSettings(home=Path(sys.argv[1])), sys.argv[2], partitions=3)")


def run_command(kind: str, home: Path, inputs: list[Path]) -> list[str]:
    """The command line of a run of ``kind`` over ``inputs`` in its own process."""
    paths = [str(p) for p in inputs]
    if kind == "pipeline":
        return [sys.executable, "-m", "kore_pipeline.cli.app", "run", "--no-prefect", "--home",
                str(home), "--now", NOW, *paths]
    if kind == "micro-batch":
        return [sys.executable, "-m", "kore_pipeline.cli.app", "watch", "--once", "--home",
                str(home), "--now", NOW, *paths]
    return [sys.executable, "-c", PARTITIONED_RUN, str(home), NOW, *paths]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["pipeline", "micro-batch", "partitioned"])
def test_searches_during_a_run_see_the_old_or_the_new_state(
        tmp_path: Path, embedder, kind: str) -> None:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    run_pipeline([DATA], settings, now=NOW, embedder=embedder)
    new_logs = write_jsonl(tmp_path / "new" / "more.jsonl", [
        message(text, message_id=f"n{i}", ts=f"2026-11-2{i}T09:00:00Z", speaker="Anna",
                conversation="anna-new")
        for i, text in enumerate([
            "I prefer decaf coffee after lunch, an espresso keeps me awake all night.",
            "We decided to deploy the billing service on Fridays only, after the freeze.",
            "I'm allergic to cats as well, so please no office pets on our floor.",
            "Our standup moved to 9:30 because half of the team is in Lisbon now.",
            "We decided to keep SQLite for the edge cache and Postgres for the ledger.",
        ])]).parent
    searchers = [Searcher(settings, embedder=embedder) for _ in range(READERS)]
    old = {q: results(searchers[0], *q, reinforce=False) for q in QUERIES}
    seen: list[tuple[tuple[str, str], list[tuple]]] = []
    errors: list[BaseException] = []
    done = threading.Event()

    def read(searcher: Searcher, reinforce: bool) -> None:
        try:
            rounds_after = 0
            while rounds_after < 2:  # keep reading until after the run has finished
                if done.is_set():
                    rounds_after += 1
                for q in QUERIES:
                    seen.append((q, results(searcher, *q, reinforce=reinforce)))
        except BaseException as exc:  # noqa: BLE001 - every error fails the test
            errors.append(exc)

    unindexed: list[int] = []

    def watch_index() -> None:
        """No committed state has a memory the vector index does not hold."""
        conn = sqlite3.connect(f"file:{settings.db_path()}?mode=ro", uri=True, timeout=30)
        try:
            while not done.is_set():
                stale = conn.execute("SELECT count(*) FROM memories WHERE embedded_hash IS NULL"
                                     " OR embedded_hash != content_hash").fetchone()[0]
                if stale:
                    unindexed.append(stale)
                done.wait(0.01)
        except BaseException as exc:  # noqa: BLE001 - every error fails the test
            errors.append(exc)
        finally:
            conn.close()

    threads = [threading.Thread(target=read, args=(s, i % 2 == 0))
               for i, s in enumerate(searchers)] + [threading.Thread(target=watch_index)]
    for t in threads:
        t.start()
    env = {k: v for k, v in os.environ.items() if not k.startswith("KORE_")}
    proc = subprocess.run(run_command(kind, settings.home, [DATA, new_logs]),
                          env=env, capture_output=True, text=True, timeout=600)
    done.set()
    for t in threads:
        t.join(timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    conn = sqlite3.connect(settings.db_path())
    try:
        last_kind, last_state, last_id = conn.execute(
            "SELECT kind, state, run_id FROM runs ORDER BY started_at DESC, rowid DESC"
            " LIMIT 1").fetchone()
        stages = [r[0] for r in conn.execute("SELECT stage FROM run_stages WHERE run_id = ?"
                                             " ORDER BY seq", (last_id,))]
    finally:
        conn.close()
    assert (last_kind, last_state) == ({"micro-batch": "watch"}.get(kind, "pipeline"),
                                       "completed")
    assert ("merge" in stages) == (kind == "partitioned") and "index" in stages

    assert errors == [], errors
    assert unindexed == [], "a reader saw extracted-but-unindexed memories"
    checker = Searcher(settings, embedder=embedder)
    try:
        new = {q: results(checker, *q, reinforce=False) for q in QUERIES}
    finally:
        checker.close()
        for s in searchers:
            s.close()
    assert sum(old[q] != new[q] for q in QUERIES) >= 3  # the run changed the answers
    torn = [(q, got) for q, got in seen if got not in (old[q], new[q])]
    assert torn == []
    assert sum(got == old[q] for q, got in seen) > 0 and sum(got == new[q] for q, got in seen) > 0
