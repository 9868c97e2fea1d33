"""A message whose fact a later statement superseded no longer answers first: "where do I
work?" finds the new employer before the old message, and the old one is still found when
the question asks about the past (forgetting is not losing)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl

EARLIER, LATER = "2026-01-12T09:00:00Z", "2026-06-20T09:00:00Z"
NOW = datetime(2026, 6, 21, tzinfo=UTC)


def _home(tmp_path: Path, embedder: Any, **settings: Any) -> Searcher:
    s = KoreSettings(home=tmp_path / "home", **settings)
    for i, (text, ts) in enumerate((
            ("i work at siemens in procurement and the commute is killing me, podcast tips?",
             EARLIER),
            ("first day at zalando done!! the canteen is unreal", LATER))):
        path = write_jsonl(tmp_path / f"in{i}.jsonl", [message(text, message_id=f"m{i}", ts=ts)])
        run_pipeline([path], s, now=datetime.fromisoformat(ts.replace("Z", "+00:00")),
                     embedder=embedder, force=True)
    return Searcher(s, embedder=embedder)


@pytest.mark.slow
def test_the_current_fact_answers_before_the_outdated_message(tmp_path: Path,
                                                              embedder: Any) -> None:
    searcher = _home(tmp_path, embedder)
    hits = searcher.search("where do i work?", "team-alpha", k=5, now=NOW, reinforce=False)
    first = next(h for h in hits if "zalando" in h.content or "siemens" in h.content)
    assert "zalando" in first.content, [(h.score, h.content) for h in hits]
    old = next(h for h in hits if "siemens" in h.content)
    assert old.explain["tier"] == "outdated"
    past = searcher.search("where did i work before?", "team-alpha", k=5, now=NOW,
                           reinforce=False)
    assert any("siemens" in h.content for h in past)
    searcher.close()


@pytest.mark.slow
def test_the_penalty_can_be_turned_off(tmp_path: Path, embedder: Any) -> None:
    searcher = _home(tmp_path, embedder, outdated_episode_penalty=1.0)
    hits = searcher.search("where do i work?", "team-alpha", k=5, now=NOW, reinforce=False)
    assert all(h.explain.get("tier") != "outdated" for h in hits)
    searcher.close()
