"""``kore reindex``: a home moves to another embedder while search keeps answering from the
old index; a reindex killed at any step leaves the old index serving and finishes when run
again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kore_pipeline.index.reindex import reindex, reindex_progress, stage_dir
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect_reader, get_meta
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"
STATIC = "static:all-MiniLM-L6-v2:256"
ROOT = Path(__file__).resolve().parents[2]


def onnx_home(tmp_path: Path, embedder: Any, cache: Path) -> KoreSettings:
    """A home built by the default embedder: allergies, hiking, a database decision."""
    log = write_jsonl(tmp_path / "log.jsonl", [
        message("I'm allergic to peanuts, please remember that."),
        message("I love hiking in the Dolomites every summer with my brother.",
                ts="2026-09-02T09:00:00Z"),
        message("We decided to move the billing service to Postgres next quarter.",
                ts="2026-09-03T09:00:00Z"),
    ])
    settings = KoreSettings(home=tmp_path / "home", embedder=embedder.backend,
                            onnx_cache_dir=cache)
    run_pipeline([log], settings, NOW, embedder=embedder)
    return settings


def top(searcher: Searcher, query: str) -> str:
    hits = searcher.search(query, "team-alpha", k=1, now=NOW, mode="semantic",
                           reinforce=False)
    assert hits, f"no semantic hit for {query!r}"
    return str(hits[0].content)


def signature(settings: KoreSettings) -> str | None:
    conn = connect_reader(settings.db_path())
    try:
        return get_meta(conn, "embedding_signature")
    finally:
        conn.close()


@pytest.mark.slow
def test_search_answers_from_the_old_index_until_the_swap(
        tmp_path: Path, embedder: Any, static_cache: Path) -> None:
    settings = onnx_home(tmp_path, embedder, static_cache)
    old = signature(settings)
    assert old == embedder.signature
    serving = Searcher(settings, embedder=embedder)  # a server started before the reindex
    assert "peanuts" in top(serving, "what food is Anna allergic to")
    seen: list[tuple[str, int, int, str | None, str]] = []

    def during(step: str, done: int, total: int) -> None:
        if step == "done":
            return
        searcher = Searcher(settings)  # a new reader, mid-way
        try:
            answer = top(searcher, "mountain walks on holiday")
            index = searcher.index
            seen.append((step, done, total, index.signature if index else None, answer))
        finally:
            searcher.close()
        assert "Dolomites" in top(serving, "mountain walks on holiday")
        assert signature(settings) == old  # nothing switched before the swap

    report = reindex(settings, "static", progress=during, chunk=1)
    steps = [s[0] for s in seen]
    assert steps[0] == "embed" and "stage" in steps and steps[-1] == "swap"
    embedded = [s for s in seen if s[0] == "embed"]
    assert [s[1] for s in embedded] == list(range(len(embedded)))  # one chunk at a time
    assert all(s[3] == old and "Dolomites" in s[4] for s in seen)  # the old index
    assert report.swapped and report.signature == STATIC and report.previous == old
    assert report.memories == embedded[-1][2] >= 3 and report.caught_up == 0

    assert signature(settings) == STATIC and not stage_dir(settings).exists()
    assert reindex_progress(settings) is None
    # the server that was running follows the new index; a new one configured for the
    # default embedder too: both embed their queries with the index's embedder
    assert "peanuts" in top(serving, "what food is Anna allergic to")
    assert serving.embedder.signature == STATIC
    fresh = Searcher(settings)
    assert "Postgres" in top(fresh, "which database will billing use")
    fresh.close()
    serving.close()
    # a run with the new embedder finds the index current: nothing re-embedded
    static = settings.model_copy(update={"embedder": "static"})
    index = run_pipeline([tmp_path / "log.jsonl"], static, NOW)["index"][0]
    assert index["encoded"] == 0 and not index["rebuilt"]
    assert reindex(settings, "static").swapped is False  # already there


@pytest.mark.slow
def test_memories_saved_during_the_reindex_are_caught_up_at_the_swap(
        tmp_path: Path, embedder: Any, static_cache: Path) -> None:
    settings = onnx_home(tmp_path, embedder, static_cache)
    later = write_jsonl(tmp_path / "later.jsonl", [
        message("My sister Giulia just adopted a grey cat called Biscuit.",
                ts="2026-09-04T09:00:00Z")])
    ran: list[bool] = []

    def during(step: str, _done: int, _total: int) -> None:
        if step == "swap" and not ran:  # staged; a run of the old embedder adds a memory
            ran.append(True)
            run_pipeline([later], settings, NOW, embedder=embedder)

    report = reindex(settings, "static", progress=during)
    assert report.swapped and report.caught_up >= 1
    conn = connect_reader(settings.db_path())
    total = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    conn.close()
    assert report.memories < total
    searcher = Searcher(settings)
    index = searcher.index
    assert index is not None and len(index) == total and index.signature == STATIC
    assert "Biscuit" in top(searcher, "what pet does Giulia have")
    searcher.close()


def kore(home: Path, cache: Path, *args: str, kill_at: str | None = None,
         embedder: str = "onnx") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KORE_ONNX_CACHE_DIR": str(cache),
           "KORE_EMBEDDER": embedder}
    env.pop("KORE_FAULT_KILL_AT", None)
    if kill_at:
        env["KORE_FAULT_KILL_AT"] = kill_at
    return subprocess.run([sys.executable, "-m", "kore_pipeline.cli", *args, "--home",
                           str(home)], env=env, capture_output=True, text=True, timeout=600,
                          check=False)


@pytest.mark.slow
def test_a_killed_reindex_leaves_the_old_index_serving_and_finishes_when_run_again(
        tmp_path: Path, embedder: Any, static_cache: Path) -> None:
    settings = onnx_home(tmp_path, embedder, static_cache)
    old = signature(settings)
    home = settings.home
    conn = connect_reader(settings.db_path())
    n = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    conn.close()
    # killed after the first chunk (one memory a chunk), after the stage (n chunks, then
    # the stage), then between the new index file and the commit (the staged index kept:
    # n chunks, then the swap)
    for kill_at in ("reindex:1", f"reindex:{n + 1}", f"reindex:{n + 1}"):
        done = kore(home, static_cache, "reindex", "--embedder", "static", "--chunk", "1",
                    kill_at=kill_at)
        assert done.returncode == -9, done.stderr
        assert signature(settings) == old
        searcher = Searcher(settings)
        assert "peanuts" in top(searcher, "what food is Anna allergic to")
        assert searcher.index is not None and searcher.index.signature == old
        searcher.close()
        status = kore(home, static_cache, "reindex", "--status")
        assert '"step"' in status.stdout
    finished = kore(home, static_cache, "reindex", "--embedder", "static", "--chunk", "1")
    assert finished.returncode == 0, finished.stderr
    assert f"reindexed {n} memories" in finished.stdout
    assert "0 texts encoded" in finished.stdout  # each kept what it had embedded
    assert f"embedded {n} / {n} memories" in finished.stderr  # progress shown
    assert signature(settings) == STATIC
    searcher = Searcher(settings)
    assert "Dolomites" in top(searcher, "mountain walks on holiday")
    searcher.close()
