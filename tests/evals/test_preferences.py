"""Preference retrieval cases and the extraction coverage figure (``kore eval --sets
preferences,coverage``): case building, verdicts and counts on hand-written inputs."""

from __future__ import annotations

import atexit
import json
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evals as ev
from evals.cases import CASES_DIR, Statement, negatives, positives, read_statements
from evals.coverage import case_list_figures, evaluate_coverage
from evals.madial import preference_ids, preference_runs
from evals.preferences import fusion_verdicts, persona_cases
from evals.spc import SpcConversation
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.settings import KoreSettings
from tests.eval_fixtures import write_eval_fixtures

FIXTURES = write_eval_fixtures(Path(tempfile.mkdtemp(prefix="kore-pref-fixtures-")))
atexit.register(shutil.rmtree, FIXTURES, True)


def _cli() -> Any:
    from kore_pipeline.cli.app import app

    return app


# ----------------------------------------------------------------- MADial Preferences subset

def test_preference_subset_keeps_dialogues_needing_a_preference_and_scores_only_those() -> None:
    memories, dialogues = ev.load_madial(FIXTURES / ev.MADIAL_DIR)
    pref = preference_ids(memories)
    assert pref == {2}  # the strawberry pancakes
    runs = [([1, 2, 3], d.relevant) for d in dialogues]  # Tom needs 1, Ann needs 3 and 2
    kept = preference_runs(runs, pref)
    assert kept == [([1, 2, 3], [2])]
    assert ev.retrieval_metrics(kept)["recall@1"] == 0.0
    assert ev.retrieval_metrics(kept)["recall@5"] == 1.0


# ----------------------------------------------------------------- SPC persona recall cases

def test_persona_cases_pick_turns_restating_their_own_speakers_persona() -> None:
    convs = ev.load_spc(FIXTURES / ev.SPC_FILE)
    pool, cases = persona_cases(convs)
    assert [t for _, t in pool][:3] == ["I keep bees in my garden.", "I am a night nurse.",
                                       "My favorite food is ramen."]
    assert [m for m, _ in pool] == list(range(1, 10))
    ids = {t: m for m, t in pool}
    by_text = {c.text: c.relevant for c in cases}
    assert by_text["I love ramen, and I keep bees in my garden."] == sorted(
        [ids["I keep bees in my garden."], ids["My favorite food is ramen."]])
    assert by_text["No pets, I drive a yellow taxi all day."] == [ids["I drive a yellow taxi."]]
    # a turn that only echoes the partner's persona is no case of the partner's memory
    assert "Nice, fresh tomatoes are the best." not in by_text
    assert "Hello there! How was your week?" not in by_text
    assert {c.rule for c in cases} == {"lexical"}


def test_identical_persona_sentences_of_other_conversations_are_relevant_too() -> None:
    a = SpcConversation(0, {"User 1": ["I love jazz."], "User 2": ["I am a baker."]},
                        [("User 1", "Honestly I love jazz more than anything.")])
    b = SpcConversation(1, {"User 1": ["I own a boat."], "User 2": ["I love jazz"]},
                        [("User 2", "Hi!")])
    pool, cases = persona_cases([a, b])
    assert [t for _, t in pool] == ["I love jazz.", "I am a baker.", "I own a boat.",
                                    "I love jazz"]
    assert [(c.text, c.relevant) for c in cases] == [
        ("Honestly I love jazz more than anything.", [1, 4])]


# ----------------------------------------------------------------- verdicts and the report

MODES_BELOW = {"fts": {"queries": 4.0, "recall@5": 0.25, "recall@10": 0.5},
               "semantic": {"queries": 4.0, "recall@5": 0.5, "recall@10": 0.75},
               "hybrid": {"queries": 4.0, "recall@5": 0.5, "recall@10": 0.5}}


def test_fusion_verdict_compares_hybrid_with_the_better_stream() -> None:
    v = fusion_verdicts(MODES_BELOW)
    assert v["recall@5"] == {"hybrid": 0.5, "best_stream": "semantic", "best": 0.5, "ok": True}
    assert v["recall@10"]["ok"] is False and v["recall@10"]["best"] == 0.75


def test_report_says_whether_hybrid_reaches_its_best_stream() -> None:
    prefs = {"spc": {"conversations": 2, "memories": 9, "queries": 4,
                     "by_rule": {"lexical": 3, "semantic": 1}, "modes": MODES_BELOW}}
    text = ev.format_report({"data": "d", "limit": None, "preferences": prefs,
                             "timings_s": {"total": 1.0}})
    assert "persona recall: hybrid >= max(keyword, vector)? R@5 yes (50.0 vs semantic 50.0);" \
        " R@10 NO (50.0 vs semantic 75.0)" in text
    assert "9 persona memories of 2 conversations" in text


# ----------------------------------------------------------------- extraction coverage

def _said(text: str, kind: str, phrase: str, statement_class: str) -> Statement:
    return Statement(text, "en", "fact", kind, phrase, statement_class)


def test_coverage_counts_statements_yielding_their_fact_and_false_facts() -> None:
    cases = [_said("I'm vegan.", "profile", "vegan", "diet"),
             Statement("Never mind.", "en", "none"),
             _said("I live in Turin.", "preference", "Turin", "wrong category"),
             _said("Thanks, that sounds great.", "preference", "thanks", "no fact"),
             Statement("I live in Turin.", "en", "none")]
    fig = case_list_figures(extract_facts, cases)
    assert (fig["statements"], fig["covered"], fig["any_fact"]) == (3, 1, 2)
    assert fig["coverage"] == pytest.approx(1 / 3)
    assert [m["text"] for m in fig["missed"]] == ["I live in Turin.",
                                                 "Thanks, that sounds great."]
    assert fig["missed"][1]["got"] == []
    assert fig["by_class"]["diet"] == {"n": 1, "covered": 1}
    assert (fig["negatives"], fig["false_facts"]) == (2, 1)
    assert fig["false"][0]["text"] == "I live in Turin."


def _texts(statements: list[Statement]) -> set[str]:
    return {s.text for s in statements}


def test_the_held_out_list_is_new_and_the_figure_adds_both_lists() -> None:
    tuned, extra, heldout = (read_statements(CASES_DIR / f"coverage-{n}.jsonl")
                             for n in ("tuned", "extra", "heldout"))
    old = _texts(positives(tuned))
    assert not old & _texts(positives(extra))
    assert len(positives(extra)) >= 40 and len(_texts(positives(extra))) == \
        len(positives(extra))
    assert not _texts(negatives(tuned)) & _texts(negatives(extra))
    cov = evaluate_coverage()
    assert cov["coverage-tuned"]["statements"] == len(positives(tuned))
    assert cov["coverage-extra"]["statements"] == len(positives(extra))
    assert cov["coverage-heldout"]["statements"] == len(positives(heldout))
    assert not (old | _texts(positives(extra))) & _texts(positives(heldout))
    lists = ("coverage-tuned", "coverage-extra", "coverage-heldout")
    assert list(cov)[:4] == [*lists, "all"]
    assert cov["all"]["covered"] == sum(cov[n]["covered"] for n in lists)
    assert cov["all"]["false_facts"] == sum(cov[n]["false_facts"] for n in lists)


def test_cli_eval_coverage_prints_the_figure_without_a_model(tmp_path: Path) -> None:
    out = tmp_path / "cov.json"
    res = CliRunner().invoke(_cli(), ["eval", "--data", str(FIXTURES), "--sets", "coverage",
                                      "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert "Extraction coverage" in res.output
    cov = json.loads(out.read_text())["coverage"]
    assert f"{cov['all']['statements']:>11}" in res.output
    tuned = read_statements(CASES_DIR / "coverage-tuned.jsonl")
    assert cov["coverage-tuned"]["statements"] == len(positives(tuned))


# ----------------------------------------------------------------- end to end, with the model

@pytest.mark.slow
def test_preferences_set_on_fixtures(tmp_path: Path, embedder: Any) -> None:
    home = tmp_path / "home"
    result = ev.run_all(data=FIXTURES, sets="preferences", home=home,
                        settings=KoreSettings(home=home), embedder=embedder)
    mad = result["preferences"]["madial"]
    assert (mad["memories"], mad["dialogues"], mad["relevant"]) == (1, 1, 1)
    assert set(mad["variants"]) == set(ev.QUERY_VARIANTS)
    spc = result["preferences"]["spc"]
    assert spc["memories"] == 9 and spc["queries"] >= 6
    for modes in [spc["modes"], *mad["variants"].values()]:
        assert set(modes) == set(ev.MODES)
        assert all(0.0 <= m[f"recall@{k}"] <= 1.0 for m in modes.values() for k in (5, 10))
    # nine memories: every relevant one is in a top 10 of each stream
    assert spc["modes"]["semantic"]["recall@10"] == 1.0
    assert (home / "eval-personas" / "kore.sqlite").is_file()
    assert spc["fusion"]["recall@10"]["ok"] == (spc["modes"]["hybrid"]["recall@10"] >= max(
        spc["modes"]["fts"]["recall@10"], spc["modes"]["semantic"]["recall@10"]))
    assert set(mad["fusion"]) == set(ev.QUERY_VARIANTS)
    # independent events and persona lines are not turns of one conversation: search's
    # neighbouring-turn rule must not link them
    for store in ("eval-madial", "eval-personas"):
        conn = sqlite3.connect(home / store / "kore.sqlite")
        rows, sessions = conn.execute(
            "SELECT count(*), count(DISTINCT session_id) FROM memories").fetchone()
        conn.close()
        assert rows == sessions > 0
    report = ev.format_report(result)
    assert report.count("hybrid >= max(keyword, vector)?") == len(ev.QUERY_VARIANTS) + 1
