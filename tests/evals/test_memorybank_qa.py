"""The user-assistant chats set (MemoryBank probing questions with our evidence labels)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals import memorybank_qa as qa
from evals.runner import DEFAULT_DATA
from kore_pipeline.settings import KoreSettings

HISTORY = {
    " Ann ": {"name": "Ann", "history": {
        "2023-05-01": [
            {"query": "I adopted a grey cat called Miso.", "response": "Lovely! Cats are fun."},
            {"query": "Can you suggest a book about cats?",
             "response": "Try 'The Travelling Cat Chronicles' by Hiro Arikawa."}],
        "2023-05-03": [
            {"query": "Today I ran ten kilometres by the river.", "response": "Great pace!"},
            {"query": "I am learning the cello.", "response": "What a beautiful instrument."}],
    }},
    "Bo": {"name": "Bo", "history": {"2023-05-02": [
        {"query": "I work as a nurse in Leeds.", "response": "That is demanding work."}]}},
}
QUESTIONS = [{"Ann": ["What is my cat called?", "Which book did you suggest about cats?",
                      "\"How far did I run on May 3rd?\"", "What is my favourite colour?"]},
             {" Bo ": ["Where do I work?"]}]
LABELS: qa.Evidence = {
    "Ann": [("What is my cat", ["2023-05-01#0:user"]),
            ("Which book did you", ["2023-05-01#1:assistant"]),
            ("How far did I", ["2023-05-03#0:user"]),
            ("What is my favourite", [])],
    "Bo": [("Where do I work?", ["2023-05-02#0:user"])],
}


def _data(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "memory_bank_en.json").write_text(json.dumps(HISTORY), encoding="utf-8")
    (tmp_path / "probing_questions_en.jsonl").write_text(
        "".join(json.dumps(line) + "\n" for line in QUESTIONS), encoding="utf-8")
    return tmp_path


def test_loader_times_both_sides_and_keeps_questions_with_evidence(tmp_path: Path) -> None:
    ann, bo = qa.load_memorybank_qa(_data(tmp_path), LABELS)
    assert ann.name == "Ann" and [t.message_id for t in ann.turns][:2] == [
        "2023-05-01#0:user", "2023-05-01#0:assistant"]
    assert [t.ts.isoformat() for t in ann.turns[:3]] == [
        "2023-05-01T10:00:00+00:00", "2023-05-01T10:01:00+00:00", "2023-05-01T10:02:00+00:00"]
    # the question without an answer in the history is not asked; quotes are stripped
    assert [(q, k) for q, _e, k in ann.questions] == [
        ("What is my cat called?", "user-fact"),
        ("Which book did you suggest about cats?", "assistant-said"),
        ("How far did I run on May 3rd?", "user-fact")]
    assert ann.clock().isoformat() == "2023-05-04T10:03:00+00:00"
    assert (ann.clock(later=True) - ann.clock()).days == qa.LATER_DAYS - 1
    records = qa.user_records(bo)
    assert [(r["role"], r["session_id"], r["owner"]) for r in records] == [
        ("user", "Bo:2023-05-02", "memorybank-Bo"), ("assistant", "Bo:2023-05-02",
                                                      "memorybank-Bo")]


def test_labels_out_of_step_with_the_data_are_errors(tmp_path: Path) -> None:
    data = _data(tmp_path)
    wrong_head = {**LABELS, "Bo": [("Where do you work?", ["2023-05-02#0:user"])]}
    with pytest.raises(ValueError, match="not for question"):
        qa.load_memorybank_qa(data, wrong_head)
    with pytest.raises(ValueError, match="no turn '2023-05-02#5:user'"):
        qa.load_memorybank_qa(data, {**LABELS, "Bo": [("Where do I work?",
                                                      ["2023-05-02#5:user"])]})
    with pytest.raises(ValueError, match="1 questions, 0 labelled"):
        qa.load_memorybank_qa(data, {**LABELS, "Bo": []})


def test_kind_of_evidence() -> None:
    assert qa.kind_of([]) is None
    assert qa.kind_of(["d#0:user", "d#3:user"]) == "user-fact"
    assert qa.kind_of(["d#0:assistant"]) == "assistant-said"
    assert qa.kind_of(["d#0:user", "d#0:assistant"]) == "both"


@pytest.mark.skipif(not (DEFAULT_DATA / qa.MEMORYBANK_DIR).is_dir(),
                    reason="needs ../shared/data/memorybank")
def test_our_labels_match_the_public_data() -> None:
    """Every label is for its question and names a turn that exists (100 questions)."""
    users = qa.load_memorybank_qa(DEFAULT_DATA / qa.MEMORYBANK_DIR)
    assert len(users) == 15
    assert sum(len(labels) for labels in qa.load_evidence().values()) == 100


@pytest.mark.slow
def test_default_search_finds_what_the_user_said_in_a_chat(tmp_path: Path,
                                                           embedder) -> None:  # type: ignore[no-untyped-def]
    """Through the whole pipeline: the user's own statements are found first, a day and half
    a year later; the raw baselines rank the same turns."""
    from kore_pipeline.run.pipeline import run_pipeline

    users = qa.load_memorybank_qa(_data(tmp_path / "data"), LABELS)
    home = tmp_path / "home"
    result = qa.evaluate_memorybank_qa(users, KoreSettings(home=home), embedder, run_pipeline)
    assert result["questions"] == 4 and result["users"] == ["Ann", "Bo"]
    runs = result["retrievers"]
    for name in ("search", "search_later", "search_assistant_episodes"):
        assert runs[name]["user-fact"]["recall@1"] == 1.0, name
    # what the assistant said is found only when its turns are kept
    assert runs["search"]["assistant-said"]["recall@20"] == 0.0
    assert runs["search_assistant_episodes"]["assistant-said"]["recall@1"] == 1.0
    assert runs["raw_rrf"]["overall"]["recall@5"] == 1.0
