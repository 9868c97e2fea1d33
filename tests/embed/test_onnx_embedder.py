"""ONNX Runtime backends: exported locally from the packaged MiniLM, same vectors (fp32) or
nearly (int8) as torch, own signature so switching re-embeds everything."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kore_pipeline.embed.factory import make_embedder
from kore_pipeline.embed.onnx_export import toolchain_versions, weights_hash
from kore_pipeline.run.pipeline import run_pipeline
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl

TEXTS = [
    "Anna: I'm allergic to peanuts",
    "Marco: mi piace il caffè ristretto la mattina",
    "user: We decided to migrate the billing service to PostgreSQL next quarter, after the "
    "audit, because the old cluster keeps failing during the nightly batch jobs.",
    "Kai: every morning I review the error dashboards before 9:00",
    "Rosa: I don't like green tea",
    "Lucía: me encanta bailar salsa los viernes",
]


@pytest.fixture(scope="module")
def onnx_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("onnx-cache")


@contextmanager
def kore_logs(caplog: pytest.LogCaptureFixture, level: int) -> Iterator[None]:
    """Capture the ``kore_pipeline`` logger (which may not propagate to the root)."""
    logger = logging.getLogger("kore_pipeline")
    before = logger.level
    logger.addHandler(caplog.handler)
    logger.setLevel(level)
    try:
        yield
    finally:
        logger.removeHandler(caplog.handler)
        logger.setLevel(before)


@pytest.fixture(scope="module")
def torch_embedder() -> Any:
    """The torch backend (the reference the ONNX vectors are compared with)."""
    emb = make_embedder(KoreSettings(embedder="sentence-transformers"))
    _ = emb.dim
    return emb


def onnx_settings(backend: str, cache: Path, home: Path | None = None) -> KoreSettings:
    return KoreSettings(embedder=backend, onnx_cache_dir=cache,
                        **({"home": home} if home else {}))


@pytest.mark.slow
@pytest.mark.parametrize(("backend", "min_cos"), [("onnx", 0.9999), ("onnx-int8", 0.97)])
def test_onnx_vectors_agree_with_torch(backend: str, min_cos: float, onnx_cache: Path,
                                       torch_embedder: Any) -> None:
    emb = make_embedder(onnx_settings(backend, onnx_cache))
    vecs = emb.encode(TEXTS)
    ref = torch_embedder.encode(TEXTS)
    assert emb.signature == f"{backend}:all-MiniLM-L6-v2:384"
    assert vecs.dtype == np.float32 and vecs.shape == (len(TEXTS), 384)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert float((vecs * ref).sum(1).min()) >= min_cos
    # the same neighbours: each text's nearest other text is the one torch finds
    assert ((vecs @ vecs.T - 2 * np.eye(len(TEXTS))).argmax(1)
            == (ref @ ref.T - 2 * np.eye(len(TEXTS))).argmax(1)).all()
    # exported once, under a folder keyed by the weights' hash; a new embedder reuses it
    exported = sorted(onnx_cache.rglob("*.onnx"))
    assert exported and all("-" in p.parent.name for p in exported)
    mtimes = [p.stat().st_mtime_ns for p in exported]
    again = make_embedder(onnx_settings(backend, onnx_cache))
    assert np.array_equal(again.encode(TEXTS), vecs)
    assert [p.stat().st_mtime_ns for p in exported] == mtimes


@pytest.mark.slow
def test_a_batch_encoded_alone_gives_the_same_vectors(onnx_cache: Path,
                                                       torch_embedder: Any) -> None:
    """What lets a run split over machines reproduce single-process vectors exactly."""
    texts = [f"{t} ({i})" for i in range(12) for t in TEXTS]  # 72: two batches of 64
    small = onnx_settings("onnx", onnx_cache).model_copy(update={"embed_batch_size": 16})
    for emb in (torch_embedder, make_embedder(small)):
        whole = emb.encode(texts)
        batches = emb.batches(texts, emb.settings.embed_batch_size)
        assert len(batches) >= 2
        for batch in batches:
            assert np.array_equal(emb.encode([texts[i] for i in batch]), whole[batch])


def test_weights_hash_changes_with_the_weights(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text('{"hidden_size": 384}')
    (tmp_path / "model.safetensors").write_bytes(b"\x00" * 64)
    before = weights_hash(tmp_path)
    assert weights_hash(tmp_path) == before
    (tmp_path / "model.safetensors").write_bytes(b"\x01" * 64)
    assert weights_hash(tmp_path) != before
    # another torch / onnx / onnxruntime version never reuses the export either
    assert weights_hash(tmp_path, "onnxruntime=1.0") != weights_hash(tmp_path, "onnxruntime=2.0")
    assert "onnxruntime=" in toolchain_versions() and "torch=" in toolchain_versions()


@pytest.mark.slow
def test_the_export_needs_no_network_and_every_home_reuses_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import socket

    def no_network(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("network disabled by the test")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    cache = tmp_path / "user-cache"
    first = make_embedder(onnx_settings("onnx-int8", cache, tmp_path / "home1"))
    with kore_logs(caplog, logging.INFO):
        vecs = first.encode(TEXTS[:2])
    assert any("exporting" in r.getMessage() for r in caplog.records)  # progress shown
    assert first.fallback is None and first.signature.startswith("onnx-int8:")
    exported = sorted(cache.rglob("*.onnx"))
    assert [p.name for p in exported] == ["model-int8.onnx", "model.onnx"]
    assert not list(cache.rglob("*.tmp"))  # written atomically: no temp file left
    caplog.clear()
    other_home = make_embedder(onnx_settings("onnx-int8", cache, tmp_path / "home2"))
    with kore_logs(caplog, logging.INFO):
        assert np.array_equal(other_home.encode(TEXTS[:2]), vecs)
    assert not any("exporting" in r.getMessage() for r in caplog.records)


@pytest.mark.slow
def test_a_failed_export_falls_back_to_torch_with_a_warning(
        tmp_path: Path, torch_embedder: Any, caplog: pytest.LogCaptureFixture) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder should be")
    emb = make_embedder(onnx_settings("onnx-int8", blocked))
    with kore_logs(caplog, logging.WARNING):
        vecs = emb.encode(TEXTS)
    assert any("falling back to sentence-transformers" in r.getMessage()
               and "export" in r.getMessage() for r in caplog.records)
    # torch's vectors under torch's own identity: they never pass for int8 ones
    assert emb.signature == "sentence-transformers:all-MiniLM-L6-v2:384"
    assert emb.cache_id == torch_embedder.cache_id
    assert np.allclose(vecs, torch_embedder.encode(TEXTS), atol=1e-5)


@pytest.mark.slow
def test_switching_to_onnx_int8_reembeds_everything(tmp_path: Path, onnx_cache: Path,
                                                    torch_embedder: Any) -> None:
    log = write_jsonl(tmp_path / "log.jsonl", [
        message("I'm allergic to peanuts, please remember that."),
        message("I love hiking in the Dolomites every summer with my brother.",
                ts="2026-09-02T09:00:00Z"),
    ])
    now = "2026-11-30T12:00:00Z"
    torch_settings = KoreSettings(home=tmp_path / "home", embedder="sentence-transformers")
    first = run_pipeline([log], torch_settings, now, embedder=torch_embedder)
    n = first["index"][0]["memories"]
    int8 = onnx_settings("onnx-int8", onnx_cache, tmp_path / "home")
    second = run_pipeline([log], int8, now)
    report = second["index"][0]
    assert report["rebuilt"] and report["stale"] == n and report["encoded"] == n
    assert report["signature"] == "onnx-int8:all-MiniLM-L6-v2:384"
    searcher = Searcher(int8)
    try:
        hits = searcher.search("what is Anna allergic to", "team-alpha", k=1, now=now,
                               mode="semantic", reinforce=False)
    finally:
        searcher.close()
    assert hits and "peanuts" in hits[0].content
