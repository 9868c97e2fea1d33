"""The dev set of requests that imply preferences, and its runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals import run_all
from evals.cases import CASES_DIR
from evals.requests import REQUESTS_FILE, case_records, load_request_cases
from kore_pipeline.serve.requests import asks_for_choice


def test_every_case_is_a_request_and_its_preferences_are_said() -> None:
    filler, cases = load_request_cases(CASES_DIR / REQUESTS_FILE)
    assert len(filler) >= 20 and len(cases) >= 25
    assert len({c.id for c in cases}) == len(cases)
    for case in cases:
        said = " ".join(case.history).lower()
        assert case.expect and all(p.lower() in said for p in case.expect), case.id
        assert asks_for_choice(case.request), case.request
        texts = [r["text"] for r in case_records(case, filler)]
        assert set(case.history) <= set(texts) and len(texts) == len(filler) + len(case.history)
        assert not any(p.lower() in " ".join(filler).lower() for p in case.expect), case.id


@pytest.mark.slow
def test_the_runner_reports_each_variant(tmp_path: Path,
                                         embedder) -> None:  # type: ignore[no-untyped-def]
    result = run_all(sets="requests", limit=4, home=tmp_path / "home", embedder=embedder)
    req = result["requests"]
    assert req["cases"] == 4 and list(req["variants"]) == ["off", "expand_only", "pass",
                                                             "pass_expand"]
    on, off = (req["variants"][v]["overall"]["preference@5"] for v in ("pass_expand", "off"))
    assert on >= off
