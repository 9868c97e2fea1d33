"""The case files of evals/cases: read into typed records, a bad line named by file and line,
every list picked up by its name (a new unseen list too), and ``kore eval`` finding the
checkout's evals/ folder or saying where it looked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from evals.cases import (
    CASES_DIR,
    CaseFileError,
    Statement,
    UpdatePair,
    coverage_files,
    read_statements,
    read_updates,
    statement_lists,
    update_files,
    update_lists,
)
from evals.coverage import evaluate_coverage
from kore_pipeline.cli.eval import find_evals

ROOT = Path(__file__).resolve().parents[2]


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                    encoding="utf-8")
    return path


POSITIVE = {"text": "I'm vegan.", "lang": "en", "expect": "fact", "kind": "profile",
            "phrase": "vegan", "class": "diet"}
NEGATIVE = {"text": "Never mind.", "lang": "en", "expect": "none"}
PAIR = {"earlier": "I live in Turin.", "later": "We moved to Lyon.", "lang": "en",
        "thing": "city", "new": "lyon", "old": "turin", "question": "where do I live?",
        "wording": "explicit"}


def test_statements_and_pairs_are_read_into_records(tmp_path: Path) -> None:
    cases = _write(tmp_path / "coverage-x.jsonl",
                   [POSITIVE, {**NEGATIVE, "why": "a stock phrase", "durable": False}])
    got = read_statements(cases)
    assert got == [Statement("I'm vegan.", "en", "fact", "profile", "vegan", "diet"),
                   Statement("Never mind.", "en", "none", why="a stock phrase",
                             extra={"durable": False})]
    assert [s.positive for s in got] == [True, False]
    pairs = read_updates(_write(tmp_path / "updates-x.jsonl",
                                [PAIR, {**PAIR, "wording": "non-update"}]))
    assert pairs[0] == UpdatePair("I live in Turin.", "We moved to Lyon.", "en", "city",
                                  "lyon", "turin", "where do I live?", "explicit")
    assert [p.is_update for p in pairs] == [True, False]


@pytest.mark.parametrize(("line", "message"), [
    ("{not json", "not JSON"),
    ('["a list"]', "not a JSON object"),
    (json.dumps({**POSITIVE, "kind": "opinion"}), "'kind' must be one of"),
    (json.dumps({k: v for k, v in POSITIVE.items() if k != "phrase"}), "'phrase'"),
    (json.dumps({**NEGATIVE, "expect": "nothing"}), "'expect' must be one of"),
    (json.dumps({**NEGATIVE, "lang": 3}), "'lang'"),
])
def test_a_bad_statement_line_names_its_file_and_line(tmp_path: Path, line: str,
                                                      message: str) -> None:
    path = tmp_path / "coverage-bad.jsonl"
    path.write_text(json.dumps(POSITIVE) + "\n\n" + line + "\n", encoding="utf-8")
    with pytest.raises(CaseFileError, match=rf"coverage-bad\.jsonl:3: .*{message}"):
        read_statements(path)


@pytest.mark.parametrize("change", [{"wording": "maybe"}, {"question": ""}, {"new": None}])
def test_a_bad_pair_line_names_its_file_and_line(tmp_path: Path,
                                                 change: dict[str, Any]) -> None:
    path = _write(tmp_path / "updates-bad.jsonl", [PAIR, {**PAIR, **change}])
    with pytest.raises(CaseFileError, match=r"updates-bad\.jsonl:2: "):
        read_updates(path)


def test_every_list_is_picked_up_by_its_name_unseen_ones_last(tmp_path: Path) -> None:
    for name in ("coverage-b", "coverage-a", "unseen-statements"):
        _write(tmp_path / f"{name}.jsonl", [POSITIVE, NEGATIVE])
    for name in ("updates-z", "unseen-updates"):
        _write(tmp_path / f"{name}.jsonl", [PAIR])
    (tmp_path / "notes.jsonl").write_text("not a case list\n", encoding="utf-8")
    assert [p.stem for p in coverage_files(tmp_path)] == ["coverage-a", "coverage-b",
                                                         "unseen-statements"]
    assert [p.stem for p in update_files(tmp_path)] == ["updates-z", "unseen-updates"]
    cov = evaluate_coverage(folder=tmp_path)
    assert list(cov) == ["coverage-a", "coverage-b", "unseen-statements"]  # no "all" lists
    assert all((c["statements"], c["covered"], c["false_facts"]) == (1, 1, 0)
               for c in cov.values())


def test_the_checkouts_lists_are_all_valid() -> None:
    statements, pairs = statement_lists(), update_lists()
    assert len(statements) >= 12 and len(pairs) >= 7
    assert all(any(s.positive for s in cases) for cases in statements.values())
    assert all(cases for cases in pairs.values())


def test_find_evals_looks_in_the_given_folder_the_cwd_and_its_parents_then_the_checkout(
        tmp_path: Path) -> None:
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    assert find_evals(None, inner, checkout=ROOT)[0] == ROOT / "evals"
    assert find_evals(None, ROOT / "docs", checkout=tmp_path)[0] == ROOT / "evals"
    assert find_evals(ROOT, tmp_path)[0] == ROOT / "evals"
    assert find_evals(ROOT / "evals", tmp_path)[0] == ROOT / "evals"
    folder, places = find_evals(None, inner, checkout=tmp_path / "site-packages")
    assert folder is None and places[:3] == [inner, inner.parent, tmp_path]
    assert places[-1] == tmp_path / "site-packages"
    folder, places = find_evals(tmp_path, ROOT)  # given: the only place looked in
    assert folder is None and places == [tmp_path]


def _kore(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("KORE_EVALS_DIR", None)
    return subprocess.run([sys.executable, "-m", "kore_pipeline.cli", *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)


def test_kore_eval_outside_a_checkout_says_where_it_looked(tmp_path: Path) -> None:
    res = _kore(["eval", "--evals", str(tmp_path), "--sets", "coverage"], tmp_path)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "no evals/ folder" in lines[0] and str(tmp_path) in lines[0]
    assert "Traceback" not in res.stderr


def test_kore_eval_help_needs_no_checkout(tmp_path: Path) -> None:
    res = _kore(["eval", "--help"], tmp_path)
    assert res.returncode == 0 and "--evals" in res.stdout and "KORE_EVALS_DIR" in res.stdout


def test_kore_eval_runs_the_evals_of_the_given_checkout(tmp_path: Path) -> None:
    from kore_pipeline.cli.app import app

    res = CliRunner().invoke(app, ["eval", "--evals", str(ROOT), "--sets", "coverage",
                                   "--json", "-"], env={"KORE_HOME": str(tmp_path)})
    assert res.exit_code == 0, res.output
    cov = json.loads(res.output)["coverage"]
    assert set(cov) == {*(p.stem for p in coverage_files(CASES_DIR)), "all"}
