"""The static backend: MiniLM distilled once per user cache, offline, searchable by meaning,
under its own signature so switching to or from it re-embeds everything."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kore_pipeline.embed.factory import make_embedder
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from tests.embed.test_onnx_embedder import TEXTS, kore_logs
from tests.helpers import message, write_jsonl

NOW = "2026-11-30T12:00:00Z"


def static_settings(cache: Path, home: Path | None = None) -> KoreSettings:
    return KoreSettings(embedder="static", onnx_cache_dir=cache,
                        **({"home": home} if home else {}))


def semantic_top(settings: KoreSettings, query: str) -> str:
    searcher = Searcher(settings)
    try:
        hits = searcher.search(query, "team-alpha", k=1, now=NOW, mode="semantic",
                               reinforce=False)
    finally:
        searcher.close()
    assert hits
    return str(hits[0].content)


@pytest.mark.slow
def test_static_vectors_are_unit_and_cached_once_per_user(
        static_cache: Path, caplog: pytest.LogCaptureFixture) -> None:
    folders = [p for p in static_cache.iterdir() if "-static-" in p.name]
    assert len(folders) == 1 and (folders[0] / "model.safetensors").is_file()
    assert not list(static_cache.rglob("*.tmp"))  # moved into place: no temp folder left
    emb = make_embedder(static_settings(static_cache))
    with kore_logs(caplog, logging.INFO):
        vecs = emb.encode(TEXTS)
    assert not any("distilling" in r.getMessage() for r in caplog.records)  # reused
    assert emb.signature == "static:all-MiniLM-L6-v2:256"
    assert vecs.dtype == np.float32 and vecs.shape == (len(TEXTS), 256)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    # a text's vector does not depend on the texts encoded with it
    assert np.allclose(emb.encode(TEXTS[2:3]), vecs[2:3], atol=1e-6)
    # meaning, not letters: the allergy question is nearest the allergy, not the tea
    q = emb.encode_queries(["which food makes Anna ill"])
    assert int((vecs @ q.T).argmax()) == 0


@pytest.mark.slow
def test_the_distillation_needs_no_network_and_is_logged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import socket

    def no_network(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("network disabled by the test")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    cache = tmp_path / "user-cache"
    with kore_logs(caplog, logging.INFO):
        make_embedder(static_settings(cache, tmp_path / "home")).encode(TEXTS[:1])
    messages = [r.getMessage() for r in caplog.records]
    assert any("distilling" in m and str(cache) in m for m in messages)
    assert any("distillation" in m and "done in" in m for m in messages)


@pytest.mark.slow
def test_a_static_run_is_searchable_by_meaning_and_switching_reembeds(
        tmp_path: Path, static_cache: Path, embedder: Any) -> None:
    log = write_jsonl(tmp_path / "log.jsonl", [
        message("I'm allergic to peanuts, please remember that."),
        message("I love hiking in the Dolomites every summer with my brother.",
                ts="2026-09-02T09:00:00Z"),
    ])
    home = tmp_path / "home"
    static = static_settings(static_cache, home)
    first = run_pipeline([log], static, NOW)["index"][0]
    n = first["memories"]
    assert n >= 2 and first["signature"] == "static:all-MiniLM-L6-v2:256"
    assert "peanuts" in semantic_top(static, "what food is Anna allergic to")
    assert "Dolomites" in semantic_top(static, "mountain walks on holiday")

    onnx = KoreSettings(home=home, embedder=embedder.backend)
    report = run_pipeline([log], onnx, NOW, embedder=embedder)["index"][0]
    assert report["rebuilt"] and report["stale"] == n and report["encoded"] == n
    assert report["signature"] == embedder.signature
    assert "peanuts" in semantic_top(onnx, "what food is Anna allergic to")

    back = run_pipeline([log], static, NOW)["index"][0]
    assert back["rebuilt"] and back["stale"] == n
    assert back["signature"] == "static:all-MiniLM-L6-v2:256"
    assert "peanuts" in semantic_top(static, "what food is Anna allergic to")
