"""The plans: each run kind's stages written once, the serving stretch in one unit, and the
stages a run records are its plan's."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.run import runner
from kore_pipeline.run.plans import PARTITIONED, PIPELINE, PLANS, Plan
from kore_pipeline.run.watch import run_micro_batch
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import write_jsonl

NOW = "2026-11-30T12:00:00Z"


def test_every_plan_has_one_serving_unit_and_known_stages() -> None:
    for name, plan in PLANS.items():
        serving = [u for u in plan.units() if u[0].serving]
        assert len(serving) == 1, name
        assert all(s.stage in runner.STAGES for s in plan.steps), name
        assert plan.steps[-1].stage == "publish" and not plan.steps[-1].serving
    assert [s.stage for s in PIPELINE.units()[2]] == ["extract", "index", "decay", "compress"]


def test_partitioned_plan_is_the_pipeline_with_partitioned_steps() -> None:
    swap = {"extract-partitions": "embed", "embed-partitions": None, "merge": "extract"}
    as_pipeline = [swap.get(s, s) for s in PARTITIONED.stage_names() if swap.get(s, s)]
    assert as_pipeline == PIPELINE.stage_names()
    assert [s.serving for s in PARTITIONED.steps if s.stage not in swap] == \
        [s.serving for s in PIPELINE.steps if s.stage not in ("embed", "extract")]
    assert {s.stage for s in PARTITIONED.steps if s.partitioned} == {
        "extract-partitions", "embed-partitions"}


def recorded(settings: KoreSettings, run_id: str) -> list[str]:
    conn = connect(settings.db_path())
    try:
        return [r[0] for r in conn.execute(
            "SELECT stage FROM run_stages WHERE run_id = ? ORDER BY seq", (run_id,))]
    finally:
        conn.close()


def plan_names() -> list[object]:
    """Every plan; those that index (compress re-indexes) marked slow: the index's signature
    loads the model, even with no memory."""
    return [name if not {"index", "compress"} & set(plan.stage_names()) else
            pytest.param(name, marks=pytest.mark.slow) for name, plan in sorted(PLANS.items())]


@pytest.mark.parametrize("name", plan_names())
def test_a_run_records_the_stages_of_its_plan(tmp_path: Path, name: str) -> None:
    # only bad records: every stage runs, and none has a memory to work on
    logs = write_jsonl(tmp_path / "logs" / "bad.jsonl", ["{oops", "[1]"]).parent
    settings = KoreSettings(home=tmp_path / "home")
    plan: Plan = PLANS[name]
    if plan.kind not in ("pipeline", "watch"):  # maintenance runs never create a store
        connect(settings.db_path()).close()
    # NOW is a fixed date: force lets decay run even where it is ahead of the wall clock
    summary = runner.run_plan(plan, settings, paths=[logs], now=NOW, force=True)
    assert summary["state"] == "completed"
    stages = recorded(settings, summary["run_id"])
    # compression re-indexes after each pass: its nested index is recorded after it
    nested = [s for i, s in enumerate(stages) if not (s == "index" and i and
                                                     stages[i - 1] == "compress")]
    assert nested == plan.stage_names()
    assert (tmp_path / "home" / "partitions").exists() is False or \
        not any((tmp_path / "home" / "partitions").iterdir())


@pytest.mark.slow  # the first micro-batch runs the index stage, which loads the model
def test_an_idle_micro_batch_stops_after_ingest(tmp_path: Path) -> None:
    logs = write_jsonl(tmp_path / "logs" / "bad.jsonl", ["{oops"]).parent
    settings = KoreSettings(home=tmp_path / "home")
    first = run_micro_batch([logs], settings, NOW)
    assert first["ingest"]["quarantined"] == 1 and "publish" in first
    again = run_micro_batch([logs], settings, NOW)
    assert again["state"] == "completed" and set(again) == {"run_id", "state", "ingest"}
    assert recorded(settings, again["run_id"]) == ["ingest"]


@pytest.mark.slow  # the embed stage loads the model
def test_a_pipeline_run_extracts_each_message_once(
        tmp_path: Path, embedder: object, monkeypatch: pytest.MonkeyPatch) -> None:
    # the embed unit extracts to know what to encode; the extract unit (another context)
    # upserts those very candidates instead of extracting every message again
    from kore_pipeline.run import pipeline as stages

    logs = write_jsonl(tmp_path / "logs" / "a.jsonl", [
        {"owner": "o", "conversation_id": "c", "message_id": str(i), "role": "user",
         "ts": f"2026-11-0{i}T10:00:00Z", "speaker": "Anna", "text": text}
        for i, text in enumerate(["I work as a nurse in Lyon.", "My dog is called Rex.",
                                  "I am allergic to peanuts."], start=1)]).parent
    extracted: list[int] = []
    real = stages.extract_memories

    def counting(messages: list[dict[str, object]], settings: KoreSettings) -> list[object]:
        extracted.append(len(messages))
        return real(messages, settings)

    monkeypatch.setattr(stages, "extract_memories", counting)
    summary = runner.run_plan(PIPELINE, KoreSettings(home=tmp_path / "home"), paths=[logs],
                              now=NOW, embedder=embedder)  # type: ignore[arg-type]
    assert extracted == [3]
    assert summary["extract"]["messages"] == 3 and summary["extract"]["inserted"] >= 3
    assert runner._PREPARED == {}  # nothing kept once the run is over
