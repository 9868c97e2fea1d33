"""``KORE_EMBEDDER=openai`` against a local OpenAI-compatible server the test starts (uvicorn
on loopback): batching, retries with backoff, errors, and a pipeline run searched by meaning."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from kore_pipeline.embed.base import EmbeddingError
from kore_pipeline.embed.factory import make_embedder
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl
from tests.serve.live_server import live_server

DIM = 32


def bag_of_words(text: str) -> list[float]:
    """A deterministic vector: each word (lower case) adds 1 to a hashed coordinate."""
    vec = [0.0] * DIM
    for word in re.findall(r"\w+", text.lower()):
        vec[int(hashlib.sha256(word.encode()).hexdigest(), 16) % DIM] += 1.0
    return vec


def fake_openai() -> tuple[FastAPI, dict[str, Any]]:
    """An OpenAI-compatible /v1/embeddings; ``state['fail']`` queues error statuses."""
    state: dict[str, Any] = {"fail": [], "calls": [], "auth": []}
    app = FastAPI()

    @app.post("/v1/embeddings")
    async def embeddings(request: Request) -> JSONResponse:
        body = await request.json()
        state["calls"].append(body)
        state["auth"].append(request.headers.get("authorization"))
        if state["fail"]:
            status = state["fail"].pop(0)
            headers = {"Retry-After": "0"} if status == 429 else {}
            return JSONResponse({"error": {"message": f"failing with {status}"}}, status,
                                headers=headers)
        if body.get("model") != "tiny-bow":
            return JSONResponse({"error": {"message": "model not found"}}, 404)
        data = [{"object": "embedding", "index": i, "embedding": bag_of_words(t)}
                for i, t in reversed(list(enumerate(body["input"])))]  # any order
        return JSONResponse({"object": "list", "data": data, "model": body["model"]})

    return app, state


@pytest.fixture(scope="module")
def endpoint() -> Iterator[tuple[str, dict[str, Any]]]:
    app, state = fake_openai()
    with live_server(app) as url:
        yield url + "/v1", state


def settings_for(url: str, tmp_path: Path, **kw: Any) -> KoreSettings:
    return KoreSettings(home=tmp_path / "home", embedder="openai", openai_base_url=url,
                        openai_model="tiny-bow", openai_api_key="sk-test",
                        openai_backoff_s=0.01, **kw)


def test_batches_signature_and_key(endpoint, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url, state = endpoint
    state["calls"].clear()
    emb = make_embedder(settings_for(url, tmp_path, openai_batch_size=3))
    texts = [f"text number {i} about coffee" for i in range(7)]
    vecs = emb.encode(texts)
    assert emb.signature == f"openai:tiny-bow:{DIM}"
    assert vecs.shape == (7, DIM) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    expected = np.asarray(bag_of_words(texts[4]), dtype=np.float32)
    assert np.allclose(vecs[4], expected / np.linalg.norm(expected), atol=1e-6)
    sizes = [len(c["input"]) for c in state["calls"]]
    assert sizes == [1, 3, 3, 1]  # the dimension probe, then batches of 3
    assert set(state["auth"]) == {"Bearer sk-test"}


def test_retries_transient_failures(endpoint, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url, state = endpoint
    emb = make_embedder(settings_for(url, tmp_path, openai_dimensions=DIM,
                                     openai_max_retries=3))
    state["fail"][:] = [503, 429, 500]
    vecs = emb.encode(["retry me"])
    assert vecs.shape == (1, DIM) and emb.requests == 4
    assert state["calls"][-1]["dimensions"] == DIM
    state["fail"][:] = [503] * 5
    with pytest.raises(EmbeddingError, match="failed 4 times.*503"):
        emb.encode(["never"])
    state["fail"].clear()


def test_errors_name_the_reason(endpoint, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url, _state = endpoint
    emb = make_embedder(settings_for(url, tmp_path).model_copy(
        update={"openai_model": "missing"}))
    with pytest.raises(EmbeddingError, match="refused the request.*404.*model not found"):
        emb.encode(["x"])
    down = make_embedder(settings_for("http://127.0.0.1:9/v1", tmp_path,
                                      openai_max_retries=1, openai_dimensions=4))
    with pytest.raises(EmbeddingError, match="failed 2 times.*ConnectError"):
        down.encode(["x"])


def test_pipeline_and_semantic_search_through_the_endpoint(endpoint, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from kore_pipeline import Memory
    from kore_pipeline.run.pipeline import run_pipeline

    url, _state = endpoint
    settings = settings_for(url, tmp_path)
    write_jsonl(tmp_path / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee from Ethiopia every morning.", message_id="a1"),
        message("I decided to move the billing database to Postgres.", message_id="a2"),
    ])
    run_pipeline([tmp_path / "logs"], settings, now="2026-09-02T08:00:00Z")
    with Memory(settings=settings) as mem:
        assert mem.stats("team-alpha")["embedding_signature"] == f"openai:tiny-bow:{DIM}"
        hits = mem.search("billing database", "team-alpha", mode="semantic",
                          now="2026-09-02T09:00:00Z", reinforce=False)
    assert "Postgres" in hits[0]["content"]
