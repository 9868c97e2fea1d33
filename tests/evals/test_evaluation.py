"""Evaluation harness: loaders, match rule, metric arithmetic, and end to end on tiny fixtures.

Every input comes from tests/eval_fixtures.py (hand-written in the public sets' formats,
written to a temporary folder); no test reads the real data folder.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

import evals as ev
from kore_pipeline.settings import KoreSettings
from tests.eval_fixtures import write_eval_fixtures

FIXTURES = write_eval_fixtures(Path(tempfile.mkdtemp(prefix="kore-eval-fixtures-")))
atexit.register(shutil.rmtree, FIXTURES, True)


# ----------------------------------------------------------------------------- loaders

def test_load_spc_parses_personas_and_turns() -> None:
    convs = ev.load_spc(FIXTURES / ev.SPC_FILE)
    assert len(convs) == 2
    first, second = convs
    assert first.personas["User 1"] == ["I keep bees in my garden.", "I am a night nurse.",
                                        "My favorite food is ramen."]
    assert first.personas["User 2"] == ["I grow tomatoes on my balcony.",
                                        "I play the cello in an orchestra."]
    assert [s for s, _ in first.turns] == ["User 1", "User 2"] * 3 + ["User 1"]
    assert first.turns[2] == ("User 1", "Wow. I am a night nurse, so I barely see daylight.")
    # a line without "User N:" continues the previous turn
    assert second.turns[4] == ("User 1", "I also have a parrot, so I like hiking in the "
                               "mountains with her when it is sunny.")
    assert ev.load_spc(FIXTURES / ev.SPC_FILE, limit=1)[0].index == 0
    assert len(ev.load_spc(FIXTURES / ev.SPC_FILE, limit=1)) == 1


def test_spc_messages_are_canonical_user_messages(settings: KoreSettings) -> None:
    conv = ev.load_spc(FIXTURES / ev.SPC_FILE)[1]
    msgs = ev.spc_messages(conv, settings)
    assert {m["owner"] for m in msgs} == {"spc-1"}
    assert {m["role"] for m in msgs} == {"user"}
    assert [m["speaker"] for m in msgs] == [s for s, _ in conv.turns]
    assert [m["ts"] for m in msgs] == sorted(m["ts"] for m in msgs)
    assert len({m["message_id"] for m in msgs}) == len(msgs)


def test_load_madial_archive_and_dialogues() -> None:
    memories, dialogues = ev.load_madial(FIXTURES / ev.MADIAL_DIR)
    assert [m.id for m in memories] == [1, 2, 3]
    assert memories[2].time == "2023-11-20" and memories[2].scene == "Emotional"
    assert memories[0].event.startswith("Tom built a red kite")
    assert len(dialogues) == 2
    tom, ann = dialogues
    assert tom.user == "Tom" and ann.user == "Ann"
    assert tom.relevant == [1] and ann.relevant == [3, 2]
    # <BOD> is line 0, so test-turn 4 is the 4th turn: three turns come before it
    assert tom.cut == 3 and tom.turns[3] == ("assistant",
                                             "Remember the red kite you built with your grandpa?")
    # the untagged line takes the role opposite to the previous turn; quotes are removed
    assert ann.turns[1] == ("assistant", "Yes, winter is coming. Do you have warm clothes?")
    assert [r for r, _ in ann.turns] == ["user", "assistant", "user", "assistant"]
    assert len(ev.load_madial(FIXTURES / ev.MADIAL_DIR, limit=1)[1]) == 1
    assert len(ev.load_madial(FIXTURES / ev.MADIAL_DIR, limit=1)[0]) == 3  # archive complete


def test_madial_query_variants() -> None:
    _, (tom, ann) = ev.load_madial(FIXTURES / ev.MADIAL_DIR)
    assert ev.madial_query(tom, "last_user") == "I want to fly a kite at the beach again."
    assert ev.madial_query(tom, "user_turns") == ("The wind is so strong today! "
                                                  "I want to fly a kite at the beach again.")
    assert "Perfect weather" in ev.madial_query(tom, "all_turns")
    assert "blue scarf" not in ev.madial_query(ann, "all_turns")  # the test turn is unseen
    with pytest.raises(ValueError):
        ev.madial_query(tom, "everything")


def test_memory_subject() -> None:
    assert ev.memory_subject("Ann lost her blue scarf.", ["Tom", "Ann"]) == "Ann"
    assert ev.memory_subject("Annabel lost a scarf.", ["Ann"]) == "user"


def test_load_memorybank_strips_names_and_splits_terms() -> None:
    users = ev.load_memorybank(FIXTURES / ev.MEMORYBANK_FILE)
    assert [u.name for u in users] == ["Mira", "Olek"]
    mira = users[0]
    assert mira.hobbies == ["knitting", "gardening", "jazz concerts"]
    assert mira.personality == ["cheerful", "patient"]
    assert [d for d, _ in mira.turns] == ["2023-04-27", "2023-04-27", "2023-04-28"]
    assert ev.split_terms("a, b and c; d.") == ["a", "b", "c", "d"]


# ----------------------------------------------------------------------------- match rule

def test_content_words_and_stemming() -> None:
    assert ev.content_words("I like to dance at the club.") == {"danc", "club"}
    assert ev.content_words("I love dancing at clubs") == {"danc", "club"}
    assert ev.content_words("My favorite movies") == ev.content_words("a movie")
    assert ev.stem("running") == ev.stem("run") and ev.stem("swimming") == "swim"
    assert ev.stem("classes") == ev.stem("class")
    assert ev.content_words("I have three of them") == frozenset()


def test_lexical_match_rule() -> None:
    m = ev.lexical_match
    assert m("I like to dance at the club", "I love dancing at the club.")
    assert m("I'm a huge fan of the Ohio State Buckeyes", "My favorite team is the ohio state"
             " buckeyes.")  # 3 of {team, ohio, state, buckey}
    assert m("I'm a teacher", "I work as a teacher.")        # "work" is a generic verb
    assert not m("I have three cats", "I have three children.")  # numbers alone never match
    assert not m("I love to play racquetball", "I like to play the guitar.")
    assert not m("I love dogs", "I run a dog obedience school.")  # 1 of 4 content words
    assert not m("anything at all", "I am.")                 # no content word in the gold
    assert m("I love dogs", "I run a dog obedience school.", threshold=0.25)


# ----------------------------------------------------------------------------- metrics

GOLD = {"User 1": ["My favorite food is ramen.", "I keep bees."],
        "User 2": ["I like hiking in the mountains.", "I drive a yellow taxi."]}
FACTS = {"User 1": [("preference", "I love ramen"),
                    ("preference", "I like hiking in the mountains"),  # user 2's persona
                    ("profile", "I am a pilot")],
         "User 2": [("profile", "I drive a taxi")]}


def test_score_facts_by_hand() -> None:
    s = ev.score_facts(FACTS, GOLD, ev.lexical_match)
    # facts: ramen (own) ok, hiking (only user 2's) misattributed, pilot no match, taxi ok
    assert (s.facts, s.correct, s.matched_any, s.misattributed) == (4, 2, 3, 1)
    # gold: ramen and taxi found by their own speaker; bees not; hiking only by user 1
    assert (s.gold, s.recalled) == (4, 2)
    assert s.precision == pytest.approx(0.5)
    assert s.recall == pytest.approx(0.5)
    assert s.f1 == pytest.approx(0.5)
    assert s.attribution == pytest.approx(2 / 3)
    assert s.by_category == {"preference": {"facts": 2, "correct": 1, "misattributed": 1},
                             "profile": {"facts": 2, "correct": 1, "misattributed": 0}}
    assert s.examples == [{"speaker": "User 1", "fact": "I like hiking in the mountains",
                           "matches_persona_of": "User 2",
                           "persona": "I like hiking in the mountains."}]


def test_score_facts_own_match_wins_and_micro_average() -> None:
    same = {"A": ["x"], "B": ["x"]}  # both personas say the same thing
    s = ev.score_facts({"A": [("profile", "x")]}, same, lambda f, g: f == g[0])
    assert (s.correct, s.misattributed, s.attribution) == (1, 0, 1.0)
    total = ev.FactScores()
    total.add(ev.score_facts(FACTS, GOLD, ev.lexical_match))
    total.add(s)
    assert (total.facts, total.correct, total.gold, total.recalled) == (5, 3, 6, 3)
    assert total.precision == pytest.approx(3 / 5)     # micro: pooled counts
    assert total.by_category["profile"] == {"facts": 3, "correct": 2, "misattributed": 0}
    empty = ev.FactScores()
    assert (empty.precision, empty.recall, empty.f1, empty.attribution) == (0, 0, 0, 0)
    assert set(total.to_dict()) >= {"precision", "recall", "f1", "attribution"}


def test_recall_and_hit_at_k() -> None:
    ranked, rel = [5, 3, 9, 1], {3, 1, 7}
    assert ev.recall_at_k(ranked, rel, 1) == 0.0
    assert ev.recall_at_k(ranked, rel, 2) == pytest.approx(1 / 3)
    assert ev.recall_at_k(ranked, rel, 10) == pytest.approx(2 / 3)
    assert ev.hit_at_k(ranked, rel, 1) == 0.0 and ev.hit_at_k(ranked, rel, 2) == 1.0
    assert ev.recall_at_k(ranked, [], 5) == 0.0
    m = ev.retrieval_metrics([(ranked, rel), ([7], [7, 8])], ks=(1, 5))
    assert m["queries"] == 2
    assert m["recall@1"] == pytest.approx((0 + 1 / 2) / 2)
    assert m["recall@5"] == pytest.approx((2 / 3 + 1 / 2) / 2)
    assert m["hit@1"] == pytest.approx(0.5) and m["hit@5"] == pytest.approx(1.0)


def test_parse_sets_and_default_data() -> None:
    assert ev.parse_sets("spc, MADial") == ["spc", "madial"]
    with pytest.raises(ValueError, match="unknown set"):
        ev.parse_sets("spc,lomoco")
    assert ev.parse_sets("locomo") == ["locomo"]
    assert ev.DEFAULT_DATA.parts[-2:] == ("shared", "data")
    assert ev.DEFAULT_DATA.parents[1] == ev.PROJECT_ROOT.parent
    assert (ev.PROJECT_ROOT / "pyproject.toml").is_file()


def test_default_formula_row_is_the_settings_default() -> None:
    formulas = dict(ev.FORMULAS)
    assert ev.BASELINE_FORMULA in formulas
    defaults = {name: KoreSettings.model_fields[name].default
                for name in formulas[ev.BASELINE_FORMULA]}
    assert formulas[ev.BASELINE_FORMULA] == defaults
    # the first pipeline version: x(0.75 + 0.25*decay) x(~0.9 + 0.05*importance), fts 1.0,
    # RRF k = 60
    assert formulas["first version"] == {**defaults, "decay_weight": 0.25,
                                         "importance_weight": 0.05, "fts_weight": 1.0,
                                         "rrf_k": 60}
    assert all(set(f) == set(defaults) for f in formulas.values())


# ----------------------------------------------------------------------------- end to end

def test_spc_end_to_end_lexical(settings: KoreSettings) -> None:
    out = ev.evaluate_spc(ev.load_spc(FIXTURES / ev.SPC_FILE), settings)
    assert out["conversations"] == 2 and out["provenance_errors"] == 0
    # every persona sentence is said by its own speaker except "I collect vintage postcards"
    assert out["gold_said_by_own_speaker"] == 8
    lex = out["lexical"]
    assert lex["gold"] == 9 and lex["facts"] >= 3
    assert 0 < lex["precision"] <= 1 and 0 < lex["recall"] <= 1
    # user 1 says "I like hiking in the mountains", which is user 2's persona
    assert {"speaker": "User 1", "matches_persona_of": "User 2"}.items() <= \
        lex["examples"][0].items()
    assert lex["misattributed"] >= 1 and "semantic" not in out


def test_memorybank_end_to_end(settings: KoreSettings) -> None:
    out = ev.evaluate_memorybank(ev.load_memorybank(FIXTURES / ev.MEMORYBANK_FILE), settings)
    hob = out["hobbies"]
    assert hob["terms"] == 5 and hob["in_user_turns"] == 4  # "sailing" is never said
    assert hob["in_facts"] <= hob["in_memories"] <= hob["in_user_turns"]
    olek = out["per_user"][1]
    assert olek["hobbies"]["in_facts"] == ["chess"]
    assert out["personality"]["terms"] == 3


def _cli():  # type: ignore[no-untyped-def]
    from kore_pipeline.cli.app import app

    return app


def test_cli_eval_memorybank_only(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    res = CliRunner().invoke(_cli(), ["eval", "--data", str(FIXTURES), "--sets", "memorybank",
                                      "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert "MemoryBank" in res.output
    assert json.loads(out.read_text())["memorybank"]["users"] == 2
    bad = CliRunner().invoke(_cli(), ["eval", "--data", str(FIXTURES), "--sets", "nope"])
    assert bad.exit_code == 2


def test_harness_script_runs_on_fixtures(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "eval_harness.py"
    spec = importlib.util.spec_from_file_location("eval_harness", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "r.json"
    assert mod.main(["--data", str(FIXTURES), "--sets", "spc,memorybank", "--no-semantic",
                     "--json", str(out), "--limit", "1"]) == 0
    printed = capsys.readouterr().out
    assert "Synthetic-Persona-Chat" in printed and "MemoryBank" in printed
    result = json.loads(out.read_text())
    assert result["spc"]["conversations"] == 1 and result["memorybank"]["users"] == 1


@pytest.mark.slow
def test_run_all_on_fixtures_with_model(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    result = ev.run_all(data=FIXTURES, sets="spc,madial,memorybank", home=home,
                        settings=KoreSettings(home=home), embedder=embedder)
    assert result["sets"] == ["spc", "madial", "memorybank"]
    mad = result["madial"]
    assert mad["memories"] == 3 and mad["dialogues"] == 2
    assert set(mad["modes"]) == {f"{m}/{v}" for v in ev.QUERY_VARIANTS for m in ev.MODES}
    for metrics in mad["modes"].values():
        assert all(0.0 <= metrics[f"{x}@{k}"] <= 1.0 for x in ("recall", "hit") for k in ev.KS)
    # "kite ... beach" finds the kite memory first; "scarf ... bus" finds the scarf memory
    assert mad["modes"]["hybrid/user_turns"]["hit@1"] == 1.0
    assert mad["modes"]["semantic/last_user"]["hit@1"] == 1.0
    assert [name for name, _ in ev.FORMULAS] == list(mad["formulas"])
    for row in mad["formulas"].values():
        assert row[ev.DEFAULT_QUERY]["queries"] == 2
    assert (home / "eval-madial" / "kore.sqlite").is_file()
    sem = result["spc"]["semantic"]
    assert sem["gold"] == 9 and 0 < sem["precision"] <= 1
    report = ev.format_report(result)
    for needle in ("Synthetic-Persona-Chat", "MADial-Bench", "formula comparison",
                   "MemoryBank", "semantic"):
        assert needle in report
    # a second run in the same home replaces the archive instead of failing on its ids
    again = ev.run_all(data=FIXTURES, sets="madial", home=home,
                       settings=KoreSettings(home=home), embedder=embedder)
    assert again["madial"]["modes"] == mad["modes"]


@pytest.mark.slow
def test_cli_eval_end_to_end(tmp_path: Path, embedder, monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
                             ) -> None:
    monkeypatch.setattr("kore_pipeline.embed.cache.Embedder", lambda settings: embedder)
    res = CliRunner().invoke(_cli(), ["eval", "--data", str(FIXTURES), "--sets", "madial",
                                      "--limit", "1", "--json", "-"])
    assert res.exit_code == 0, res.output
    result = json.loads(res.output)
    assert result["madial"]["dialogues"] == 1 and result["limit"] == 1


def test_bm25_baseline_ranks_the_matching_turn_first() -> None:
    from evals.locomo import Bm25, turn_recall

    bm25 = Bm25(["Anna: I adopted a cat", "Bob: the weather is nice", "Anna: coffee please"])
    assert int(bm25.scores("when did Anna adopt the cat").argmax()) == 0
    assert turn_recall(["a", "a", "b", "c"], ["c"], 2) == 0.0
    assert turn_recall(["a", "a", "b", "c"], ["c", "b"], 3) == 1.0


def test_locomo_loader_times_speakers_and_evidence(tmp_path: Path) -> None:
    from evals.locomo import load_locomo, sample_records

    raw = [{"sample_id": "c1", "conversation": {
        "speaker_a": "Ann", "speaker_b": "Bo",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [{"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a cat."},
                      {"speaker": "Bo", "dia_id": "D1:2", "text": "Look!",
                       "blip_caption": "a dog on a beach"}],
        "session_2_date_time": "9:00 am on 1 June, 2023",
        "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "I moved to Oslo."}]},
        "qa": [{"question": "Where did Bo move?", "answer": "Oslo", "evidence": ["D2:1"],
                "category": 4},
               {"question": "?", "adversarial_answer": "x", "evidence": ["D1:1"],
                "category": 5},
               {"question": "Missing turn", "answer": "x", "evidence": ["D9:9"],
                "category": 1}]}]
    path = tmp_path / "l.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    (sample,) = load_locomo(path)
    assert sample.questions == [("Where did Bo move?", ["c1:D2:1"], 4)]
    recs = sample_records(sample)
    assert [r["role"] for r in recs] == ["user"] * 3          # both people's turns are read
    assert [r["speaker"] for r in recs] == ["Ann", "Bo", "Bo"]
    assert recs[1]["text"] == "Look! [shares a photo of a dog on a beach]"
    assert recs[1]["ts"] == "2023-05-08T13:56:30+00:00"       # session time + 30 s per turn
    assert sample.now.isoformat() == "2023-06-02T09:00:00+00:00"
