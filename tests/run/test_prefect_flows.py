"""Prefect as its users expect: one task per plan unit (embedding among them) with small
serialisable inputs, kore's log lines in the run logs, one writer per home, deployments that
refuse an empty home or input."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

import pytest

from kore_pipeline.run import runner
from kore_pipeline.run.plans import DECAY
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"


def test_run_spec_is_small_and_serialisable(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "home")
    spec = runner.start_run(DECAY, settings, now=NOW)
    text = json.dumps(dataclasses.asdict(spec))
    assert len(text) < 4000 and spec.run_id in text
    assert runner.RunSpec(**json.loads(text) | {"paths": ()}).kore_settings() == settings


def _flow_run_logs(flow_run_id: Any) -> list[str]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import LogFilter, LogFilterFlowRunId
    from prefect.logging.handlers import APILogHandler

    APILogHandler().flush()
    with get_client(sync_client=True) as client:
        for _ in range(50):
            logs = client.read_logs(log_filter=LogFilter(
                flow_run_id=LogFilterFlowRunId(any_=[flow_run_id])))
            if any("stage=" in log.message for log in logs):
                break
            time.sleep(0.2)
    return [log.message for log in logs]


@pytest.mark.slow
def test_flow_runs_a_task_per_unit_with_embedding_and_kore_logs(
        tmp_path: Path, prefect_harness: None) -> None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    from flows.pipeline import kore_pipeline_flow

    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [message("I prefer dark roast coffee from Ethiopia.",
                                           message_id="a1")])
    (logs / "bad.jsonl").write_text("{oops\n", encoding="utf-8")
    state = kore_pipeline_flow(paths=[str(logs)], home=str(tmp_path / "home"), now=NOW,
                               return_state=True)
    summary = state.result()
    assert summary["state"] == "completed" and summary["embed"]["encoded"] >= 1
    flow_run_id = state.state_details.flow_run_id
    with get_client(sync_client=True) as client:
        tasks = client.read_task_runs(flow_run_filter=FlowRunFilter(
            id=FlowRunFilterId(any_=[flow_run_id])))
    assert sorted(t.name.rsplit("-", 1)[0] for t in tasks) == sorted(
        ["ingest", "embed", "extract-index-decay-compress", "publish"])
    assert all(t.state.is_completed() for t in tasks)
    conn = connect(tmp_path / "home" / "kore.sqlite")
    try:
        embed = conn.execute("SELECT duration_s, counts FROM run_stages WHERE stage = 'embed'"
                             ).fetchone()
    finally:
        conn.close()
    assert embed[0] > 0 and json.loads(embed[1])["encoded"] >= 1
    lines = _flow_run_logs(flow_run_id)
    # kore's warning about the bad record reached the Prefect run logs, with its fields
    assert any("record quarantined" in m and "stage=ingest" in m and "bad.jsonl" in m
               for m in lines), lines


@pytest.mark.slow
def test_a_second_flow_on_one_home_waits_or_is_refused_naming_the_holder(
        tmp_path: Path, prefect_harness: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from kore_pipeline.run import prefect_flows
    from kore_pipeline.run.prefect_flows import HomeBusyError, decay_flow, home_lock

    settings = KoreSettings(home=tmp_path / "home")
    other = KoreSettings(home=tmp_path / "other")
    holder = runner.start_run(DECAY, settings, now=NOW)  # a run of this process, writing
    monkeypatch.setattr(prefect_flows, "HOME_WAIT_SECONDS", 2.0)
    with home_lock(settings):
        with pytest.raises(HomeBusyError, match=holder.run_id):
            decay_flow(home=str(settings.home), now=NOW)
        # another home is not held up
        assert decay_flow(home=str(other.home), now=NOW)["state"] == "completed"
    runner.finish_run(holder, {}, "completed")
    assert decay_flow(home=str(settings.home), now=NOW)["state"] == "completed"


@pytest.mark.slow
@pytest.mark.parametrize("params, missing", [({"home": ""}, "home"),
                                             ({"home": "HOME", "paths": [""]}, "paths")])
def test_a_deployment_with_an_empty_home_or_input_is_refused(
        tmp_path: Path, prefect_harness: None, params: dict[str, Any], missing: str) -> None:
    from prefect.deployments import run_deployment
    from prefect.flow_engine import run_flow

    from flows.pipeline import kore_pipeline_flow

    values = {k: str(tmp_path / "home") if v == "HOME" else v for k, v in params.items()}
    deployment_id = kore_pipeline_flow.to_deployment(
        name=f"kore-empty-{missing}", parameters=values).apply()
    flow_run = run_deployment(deployment_id, timeout=0)
    state = run_flow(kore_pipeline_flow, flow_run=flow_run, parameters=values,
                     return_type="state")
    assert state.is_failed()
    with pytest.raises(ValueError, match=f"parameter '{missing}' is empty"):
        state.result()
    assert not (tmp_path / "home" / "kore.sqlite").exists()  # nothing ran on sample data
