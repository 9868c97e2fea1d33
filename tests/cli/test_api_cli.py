"""``kore keys add/list/revoke`` and ``kore api`` as a real process on a loopback port."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner

import kore_pipeline
from kore_pipeline.cli.app import app
from tests.serve.live_server import free_port

runner = CliRunner()


def kore(*args: str) -> str:
    res = runner.invoke(app, list(args))
    assert res.exit_code == 0, res.output
    return res.stdout


def test_keys_add_list_revoke(tmp_path: Path) -> None:
    home = str(tmp_path / "home")
    key = kore("keys", "add", "--owner", "a", "--owner", "b", "--label", "bot", "--home",
               home).strip().splitlines()[-1]
    assert key.startswith("kore_") and len(key) > 40
    kore("keys", "add", "--admin", "--home", home)
    listed = json.loads(kore("keys", "list", "--json", "--home", home))
    assert [(k["owners"], k["admin"], k["label"]) for k in listed] == [
        (["a", "b"], False, "bot"), ([], True, None)]
    assert key not in json.dumps(listed) and listed[0]["prefix"] == key[:12]
    kore("keys", "revoke", "1", "--home", home)
    assert json.loads(kore("keys", "list", "--json", "--home", home))[0]["revoked_at"]
    assert runner.invoke(app, ["keys", "revoke", "1", "--home", home]).exit_code == 1
    bad = runner.invoke(app, ["keys", "add", "--home", home])
    assert bad.exit_code != 0 and "--owner" in bad.output


def test_kore_api_serves_with_a_key(tmp_path: Path) -> None:
    home = str(tmp_path / "home")
    key = kore("keys", "add", "--owner", "a", "--home", home).strip().splitlines()[-1]
    port = free_port()
    src = str(Path(kore_pipeline.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src}
    proc = subprocess.Popen([sys.executable, "-m", "kore_pipeline.cli.app", "api", "--home",
                             home, "--host", "127.0.0.1", "--port", str(port)], env=env,
                            stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url + "/v1/health", timeout=1)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        headers = {"Authorization": f"Bearer {key}"}
        saved = httpx.post(url + "/v1/memories", headers=headers,
                           json={"content": "the API process saves this"})
        assert saved.status_code == 201
        got = httpx.get(url + f"/v1/memories/{saved.json()['memory_id']}", headers=headers)
        assert got.json()["content"] == "the API process saves this"
        assert httpx.get(url + "/v1/stats").status_code == 401
    finally:
        proc.terminate()
        proc.wait(20)


def test_search_explain_prints_why(tmp_path: Path) -> None:
    from kore_pipeline import Memory

    home = tmp_path / "home"
    with Memory(home) as mem:
        mem.save("Anna prefers oat milk in her flat white", "o", subject="Anna",
                 now="2026-09-01T10:00:00Z")
    out = kore("search", "oat milk", "--owner", "o", "--mode", "fts", "--explain", "--now",
               "2026-09-02T10:00:00Z", "--home", str(home))
    assert "oat milk" in out and "why: keyword #1 · vector - · rrf 0.02381" in out
    data = json.loads(kore("search", "oat milk", "--owner", "o", "--mode", "fts", "--explain",
                           "--json", "--home", str(home)))
    assert data[0]["explain"]["keyword_rank"] == 1
