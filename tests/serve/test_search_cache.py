"""Search caches: the allowed-id cache follows store changes and ``now``; the IVF subset
search (gathered from the inverted lists, then cached) equals exact search."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kore_pipeline.index.vectors import VectorIndex
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect, transaction
from tests.helpers import message, write_jsonl

NOW = "2026-09-10T12:00:00Z"


@pytest.fixture
def home(tmp_path: Path, embedder) -> KoreSettings:  # type: ignore[no-untyped-def]
    settings = KoreSettings(home=tmp_path / "home")
    write_jsonl(tmp_path / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee, especially from Ethiopia.", message_id="a1"),
        message("I decided to use Postgres for the billing service.", message_id="a2",
                ts="2026-09-02T09:00:00Z"),
    ])
    run_pipeline([tmp_path / "logs"], settings, now=NOW, embedder=embedder)
    return settings


def ids(hits: list) -> set[int]:  # type: ignore[type-arg]
    return {h.memory_id for h in hits}


@pytest.mark.slow
def test_allowed_ids_follow_other_writers_and_now(home: KoreSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    s = Searcher(home, embedder=embedder)
    try:
        first = s.search("coffee", "team-alpha", k=5, now=NOW, mode="semantic")
        coffee = next(h.memory_id for h in first if "coffee" in h.content)
        # another connection (another process, in practice) forgets the coffee memory: it
        # is still found, now in the forgotten tier (forgetting is not losing)
        other = connect(home.db_path())
        with transaction(other):
            other.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (coffee,))
        after = s.search("coffee", "team-alpha", k=5, now=NOW, mode="semantic")
        hit = next(h for h in after if h.memory_id == coffee)
        own = hit.explain.get("own", hit.explain)  # in its episode's place: its own tier
        assert hit.status == "forgotten" and own["tier"] == "forgotten"
        assert own["tier_penalty"] == home.forgotten_penalty < 1
        # ... then merges it away: out of default search
        with transaction(other):
            other.execute("UPDATE memories SET status = 'merged' WHERE id = ?", (coffee,))
        after = s.search("coffee", "team-alpha", k=5, now=NOW, mode="semantic")
        assert coffee not in ids(after)
        with transaction(other):
            other.execute("UPDATE memories SET status = 'active', expires_at = ?"
                          " WHERE id = ?", ("2026-09-11T00:00:00Z", coffee))
        other.close()
        assert coffee in ids(s.search("coffee", "team-alpha", k=5, now=NOW, mode="semantic"))
        # same cached entry, later clock: the memory has expired
        assert coffee not in ids(s.search("coffee", "team-alpha", k=5, mode="semantic",
                                          now="2026-09-12T00:00:00Z"))
    finally:
        s.close()


def test_ivf_subset_search_equals_exact_and_cache_is_dropped_on_change() -> None:
    rng = np.random.default_rng(7)
    x = rng.standard_normal((3000, 16)).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    mids = np.arange(10, 3010, dtype=np.int64)
    ivf = VectorIndex.build(mids, x, "test:m:16", kind="ivf", nlist=20)
    flat = VectorIndex.build(mids, x, "test:m:16", kind="flat")
    ivf.subset_cache_max = 10_000
    allowed = mids[::3]
    for q in x[:5]:
        want = flat.search(q, 10, allowed_ids=allowed)
        ivf._subsets.clear()
        for prefetched in (False, True):  # every list probed with a bitmap, then gathered
            if prefetched:
                ivf.prefetch(allowed)
            got = ivf.search(q, 10, allowed_ids=allowed)
            assert [i for i, _ in got] == [i for i, _ in want]
            assert np.allclose([s for _, s in got], [s for _, s in want], atol=1e-5)
            assert bool(ivf._subsets) == prefetched
    ivf.remove([int(want[0][0])])
    assert not ivf._subsets  # dropped on change
    assert int(want[0][0]) not in {i for i, _ in ivf.search(x[4], 10, allowed_ids=allowed)}


@pytest.mark.slow
def test_search_reloads_an_index_that_the_store_has_moved_past(
        home: KoreSettings, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    s = Searcher(home, embedder=embedder)
    try:
        s.search("coffee", "team-alpha", k=5, now=NOW, mode="semantic", reinforce=False)
        stale = s.index
        write_jsonl(tmp_path / "more" / "b.jsonl", [
            message("I decided to learn the cello this winter.", message_id="b1",
                    ts="2026-09-05T09:00:00Z")])
        run_pipeline([tmp_path / "more"], home, now=NOW, embedder=embedder)
        # the race: our index was checked just before the run committed its new one
        s._index_mtime = (home.index_dir() / "memories.faiss").stat().st_mtime
        assert s.index is stale
        hits = s.search("playing a string instrument", "team-alpha", k=3, now=NOW,
                        mode="semantic", reinforce=False)
        assert s.index is not stale
        assert any("cello" in h.content for h in hits)
    finally:
        s.close()
