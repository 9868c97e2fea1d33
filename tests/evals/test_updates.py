"""Update pairs through the whole pipeline (model, FAISS, decay, compression): the later
statement is current, the earlier kept as superseded with its link, and the default search
ranks the new value first; a change the slots cannot read is reported as not handled; a
later statement that is no update (a second pet, a relative's move) leaves the earlier."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.cases import CASES_DIR, NON_UPDATE, UpdatePair, update_lists
from evals.updates import LATER, evaluate_updates
from kore_pipeline.rules import LANGUAGES
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings

PAIRS = [UpdatePair(*p) for p in [
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
]]


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


ENDINGS_AND_PASSING = [UpdatePair(*p) for p in [
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
]]


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


def _lists() -> dict[str, list[UpdatePair]]:
    return update_lists(CASES_DIR)


def test_every_update_list_is_read_and_its_pairs_hold_their_values() -> None:
    """A pair whose old phrase is not in its earlier statement (or new phrase in its later
    one) could never be handled; its language must be one the extractor reads. Every list of
    evals/cases, as written (an unseen list dropped there is checked the same way)."""
    lists = _lists()
    assert {"updates-tuned", "updates-final", "updates-heldout", "updates-fresh",
            "updates-lingual", "updates-plans", "updates-later"} <= set(lists)
    for name, pairs in lists.items():
        for p in pairs:
            assert p.old.casefold() in p.earlier.casefold(), (name, p)
            assert p.new.casefold() in p.later.casefold(), (name, p)
            assert p.lang in LANGUAGES, (name, p)


def test_the_held_out_lists_have_their_sizes_and_non_updates() -> None:
    lists = _lists()
    for name, updates, non_updates in (("updates-heldout", 40, 10), ("updates-lingual", 40, 10),
                                       ("updates-later", 40, 12), ("updates-fresh", 15, 5)):
        pairs = lists[name]
        assert sum(p.is_update for p in pairs) >= updates, name
        assert sum(not p.is_update for p in pairs) >= non_updates, name
    for name in ("updates-lingual", "updates-later"):  # mostly it/es/fr/de/pt
        real = [p for p in lists[name] if p.is_update]
        assert sum(p.lang != "en" for p in real) * 2 >= len(real), name


def test_every_plan_pair_names_values_its_statements_hold() -> None:
    """A plan pair's new phrase is the later statement's own, never the plan's: the plan is
    judged superseded only if it does not hold it (``judge_pairs``)."""
    for p in _lists()["updates-plans"]:
        assert p.new.casefold() not in p.earlier.casefold()
        assert p.wording in {"explicit", NON_UPDATE}


@pytest.mark.slow
def test_every_update_list_of_the_folder_is_run_under_its_name(tmp_path: Path,
                                                               embedder) -> None:  # type: ignore[no-untyped-def]
    """A list dropped into the cases folder is run as it is, reported under its file stem
    (an unseen list last), in the tables too."""
    import json

    from evals import format_report, run_all

    cases = tmp_path / "cases"
    cases.mkdir()
    for name, pair in (("updates-a", PAIRS[0]), ("unseen-updates", PAIRS[1])):
        row = {k: getattr(pair, k) for k in ("earlier", "later", "lang", "thing", "new", "old",
                                             "question", "wording")}
        (cases / f"{name}.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    home = tmp_path / "home"
    result = run_all(sets="updates", cases=cases, home=home,
                     settings=KoreSettings(home=home), embedder=embedder)
    assert list(result["updates"]) == ["updates-a", "unseen-updates"]
    assert all(u["pairs"] == 1 and u["handled"] == 1.0 for u in result["updates"].values())
    report = format_report(result)
    assert "\nupdates-a " in report and "\nunseen-updates " in report
