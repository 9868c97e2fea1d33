"""``kore api`` with the real model: hybrid and semantic search over HTTP, explain with both
ranks, a save embedded at once. One server (and the session's one model) for the module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from kore_pipeline.serve.api_keys import create_key
from kore_pipeline.serve.http.app import create_app
from tests.helpers import two_owner_home
from tests.serve.live_server import live_server

NOW = "2026-09-02T08:00:00Z"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Iterator[httpx.Client]:
    root = tmp_path_factory.mktemp("apimodel")
    settings = two_owner_home(root, embedder, NOW)
    app = create_app(settings, embedder=embedder)
    key = create_key(app.state.memory.conn, ["team-alpha"])["key"]
    with live_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as c:
        yield c
    app.state.memory.close()


def test_hybrid_search_explains_both_ranks(api: httpx.Client) -> None:
    hits = api.post("/v1/search", json={"query": "which database for billing", "now": NOW,
                                        "explain": True, "reinforce": False}).json()["hits"]
    top = hits[0]
    assert "Postgres" in top["content"] and top["owner"] == "team-alpha"
    why = top["explain"]
    assert why["vector_rank"] is not None and why["keyword_rank"] is not None  # its own ranks
    # each of the three is rounded to 6 decimals: their sum may differ by 1.5e-6
    assert why["rrf"] == pytest.approx(why["keyword_rrf"] + why["vector_rrf"], abs=2e-6)
    assert why["fused_score"] == top["score"]
    # the statement ranked first by meaning, as itself or as the episode whose place it took
    placed = why.get("in_place_of", why)
    assert placed["vector_rank"] == 1 and placed["keyword_rank"] is not None
    if "in_place_of" in why:
        episode = api.get(f"/v1/memories/{placed['memory_id']}").json()
        assert episode["type"] == "episodic" and top["content"] in episode["content"]
    assert {h["owner"] for h in hits} == {"team-alpha"}


def test_semantic_search_without_shared_words(api: httpx.Client) -> None:
    hits = api.post("/v1/search", json={"query": "favourite hot beverage", "mode": "semantic",
                                        "now": NOW, "reinforce": False}).json()["hits"]
    assert "coffee" in hits[0]["content"]
    assert all("green tea" not in h["content"] for h in hits)  # team-beta's


def test_save_with_embed_now_is_found_by_meaning(api: httpx.Client) -> None:
    r = api.post("/v1/memories", json={"content": "Anna's daughter is called Mia",
                                       "subject": "Anna", "category": "profile",
                                       "embed_now": True, "now": NOW})
    assert r.status_code == 201 and r.json()["embedded"] is True
    hits = api.post("/v1/search", json={"query": "name of Anna's child", "mode": "semantic",
                                        "now": NOW, "reinforce": False}).json()["hits"]
    assert hits[0]["memory_id"] == r.json()["memory_id"]
