"""Update pairs through the whole pipeline (model, FAISS, decay, compression): the later
statement is current, the earlier kept as superseded with its link, and the default search
ranks the new value first; a change the slots cannot read is reported as not handled; a
later statement that is no update (a second pet, a relative's move) leaves the earlier."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.updates import LATER, evaluate_updates
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
    for thing in ("city", "employer", "diet", "language learning", "eating"):
        assert rows[thing]["handled"], rows[thing]  # eating everything: an omnivore's diet
    assert result["handled"] == 1.0
    # what was true before is still there for a question about the past
    searcher = Searcher(settings)
    try:
        hits = searcher.search("where did I live before?", "upd-00", now=LATER,
                               reinforce=False, include_superseded=True)
    finally:
        searcher.close()
    old = [h for h in hits if "Turin" in h.content]
    assert old and old[0].status == "superseded" and old[0].superseded_by is not None


ENDINGS_AND_PASSING = [
    ("I work for Lidl.", "I quit my job at Lidl in March.", "en", "employer", "quit",
     "i work for", "where do I work?", "explicit"),
    ("I'm 27.", "I just turned 28!", "en", "age", "28", "27", "how old am I?", "explicit"),
    ("We live in Leeds.", "Ever since moving to York we walk everywhere.", "en", "city", "york",
     "leeds", "where do I live?", "implicit"),
    ("I cycle to work every day.", "I don't cycle anymore, I take the bus.", "en", "cycling",
     "anymore", "i cycle", "do I cycle to work?", "explicit"),
    ("We have a spaniel called Rolo.", "We also adopted a tabby called Miso.", "en", "pet",
     "miso", "rolo", "what pets do I have?", "non-update"),
    ("I live in Derby.", "My brother moved to Nottingham.", "en", "city", "nottingham",
     "derby", "where do I live?", "non-update"),
]


@pytest.mark.slow
def test_endings_age_and_places_said_in_passing_through_the_pipeline(tmp_path: Path) -> None:
    """A statement ending a fact supersedes it and is what search finds; a later
    age and a place said in passing supersede; a second pet and a relative's move do not."""
    settings = KoreSettings(home=tmp_path / "home")
    result = evaluate_updates(settings, run_pipeline, None, ENDINGS_AND_PASSING)
    missed = [r for r in result["rows"] if not r["handled"]]
    assert not missed, missed
    assert (result["pairs"], result["non_updates"], result["non_updates_kept"]) == (4, 2, 1.0)
    searcher = Searcher(settings)
    try:
        hits = searcher.search("where do I work?", "upd-00", now=LATER, reinforce=False)
    finally:
        searcher.close()
    assert hits and "quit" in hits[0].content and hits[0].status == "active"


def _check_as_written(pairs: list[tuple[str, str, str, str, str, str, str, str]]) -> None:
    """A pair whose old phrase is not in its earlier statement (or new phrase in its later
    one) could never be handled; its language and wording must be ones the report knows."""
    from evals.updates_heldout import NON_UPDATE

    for earlier, later, lang, _, new, old, _, wording in pairs:
        assert old.casefold() in earlier.casefold() and new.casefold() in later.casefold()
        assert lang in {"en", "it", "es", "fr", "de", "pt"}
        assert wording in {"explicit", "implicit", NON_UPDATE}


def test_every_held_out_pair_names_values_its_statements_hold() -> None:
    """A pair whose old phrase is not in its earlier statement (or new phrase in its later
    one) could never be handled: the held-out lists are checked as written."""
    from evals.updates_heldout import (
        FRESH_NON_UPDATES,
        FRESH_UPDATE_PAIRS,
        HELDOUT_UPDATE_PAIRS,
        NON_UPDATE,
        NON_UPDATES,
    )

    _check_as_written([*HELDOUT_UPDATE_PAIRS, *NON_UPDATES, *FRESH_UPDATE_PAIRS,
                       *FRESH_NON_UPDATES])
    assert len(HELDOUT_UPDATE_PAIRS) >= 40 and len(NON_UPDATES) >= 10
    assert all(p[7] == NON_UPDATE for p in [*NON_UPDATES, *FRESH_NON_UPDATES])


def test_every_lingual_pair_names_values_its_statements_hold() -> None:
    """The lingual set (mostly it/es/fr/de/pt) is checked as written, like the held-out one."""
    from evals.updates_heldout import NON_UPDATE
    from evals.updates_lingual import (
        LINGUAL_NON_UPDATES,
        LINGUAL_UPDATE_PAIRS,
    )

    _check_as_written([*LINGUAL_UPDATE_PAIRS, *LINGUAL_NON_UPDATES])
    assert len(LINGUAL_UPDATE_PAIRS) >= 40 and len(LINGUAL_NON_UPDATES) >= 10
    assert sum(p[2] != "en" for p in LINGUAL_UPDATE_PAIRS) * 2 >= len(LINGUAL_UPDATE_PAIRS)
    assert all(p[7] == NON_UPDATE for p in LINGUAL_NON_UPDATES)


def test_every_later_pair_names_values_its_statements_hold() -> None:
    """The later set (mostly it/es/fr/de/pt) is checked as written, like the lingual one."""
    from evals.updates_heldout import NON_UPDATE
    from evals.updates_later import LATER_NON_UPDATES, LATER_UPDATE_PAIRS

    _check_as_written([*LATER_UPDATE_PAIRS, *LATER_NON_UPDATES])
    assert len(LATER_UPDATE_PAIRS) >= 40 and len(LATER_NON_UPDATES) >= 12
    assert sum(p[2] != "en" for p in LATER_UPDATE_PAIRS) * 2 >= len(LATER_UPDATE_PAIRS)
    assert all(p[7] == NON_UPDATE for p in LATER_NON_UPDATES)


def test_every_plan_pair_names_values_its_statements_hold() -> None:
    """A plan pair's new phrase is the later statement's own, never the plan's: the plan is
    judged superseded only if it does not hold it (``judge_pairs``)."""
    from evals.updates_heldout import NON_UPDATE
    from evals.updates_plans import PLAN_NON_UPDATES, PLAN_PAIRS

    _check_as_written([*PLAN_PAIRS, *PLAN_NON_UPDATES])
    for earlier, _, _, _, new, _, _, wording in [*PLAN_PAIRS, *PLAN_NON_UPDATES]:
        assert new.casefold() not in earlier.casefold()
        assert wording in {"explicit", NON_UPDATE}
