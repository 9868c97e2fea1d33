"""Update pairs through the whole pipeline (model, FAISS, decay, compression): the later
statement is current, the earlier kept as superseded with its link, and the default search
ranks the new value first; a change the slots cannot read is reported as not handled."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.evaluation.updates import LATER, evaluate_updates
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings

PAIRS = [
    ("I live in Turin.", "we moved to Lyon last spring, still getting used to it", "en",
     "city", "lyon", "turin", "where do I live?", "explicit"),
    ("I work at Google.", "I started a new job at Spotify last month.", "en", "employer",
     "spotify", "google", "where do I work?", "implicit"),
    ("I'm vegan.", "I'm not vegan anymore.", "en", "diet", "not vegan", "i'm vegan",
     "am I vegan?", "explicit"),
    ("I'm learning French.", "I gave up French and I'm learning Italian now.", "en",
     "language learning", "italian", "french", "which language am I learning?", "explicit"),
    ("I eat everything, no restrictions.", "I went pescatarian in January.", "en",
     "eating", "pescatarian", "eat everything", "what do I eat?", "implicit"),
]


@pytest.mark.slow
def test_update_pairs_through_the_pipeline(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "home")
    result = evaluate_updates(settings, run_pipeline, None, PAIRS)
    rows = {r["thing"]: r for r in result["rows"]}
    for thing in ("city", "employer", "diet", "language learning"):
        assert rows[thing]["handled"], rows[thing]
    # no slot for eating everything: the old statement stays current beside the new
    assert not rows["eating"]["superseded"]
    assert result["handled"] == 0.8
    # what was true before is still there for a question about the past
    searcher = Searcher(settings)
    try:
        hits = searcher.search("where did I live before?", "upd-00", now=LATER,
                               reinforce=False, include_superseded=True)
    finally:
        searcher.close()
    old = [h for h in hits if "Turin" in h.content]
    assert old and old[0].status == "superseded" and old[0].superseded_by is not None
