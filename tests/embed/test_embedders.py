"""The embedder interface: backends chosen by name, signatures that name backend and model."""

from __future__ import annotations

import pytest

from kore_pipeline.embed.factory import BACKENDS, EmbeddingError, make_embedder
from kore_pipeline.settings import KoreSettings


def test_default_backend_is_onnx_minilm_and_torch_stays_selectable() -> None:
    emb = make_embedder(KoreSettings())
    assert emb.backend == "onnx" and "sentence-transformers" in BACKENDS
    assert emb.signature_prefix == "onnx:all-MiniLM-L6-v2:"
    torch = make_embedder(KoreSettings(embedder="sentence-transformers"))
    assert torch.signature_prefix == "sentence-transformers:all-MiniLM-L6-v2:"


def test_unknown_backend_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORE_EMBEDDER", "no-such-model")
    with pytest.raises(EmbeddingError, match="unknown embedder 'no-such-model'.*sentence-trans"):
        make_embedder(KoreSettings())


@pytest.mark.slow
def test_signature_and_query_vectors_of_the_real_model(embedder) -> None:  # type: ignore[no-untyped-def]
    assert embedder.signature == "onnx:all-MiniLM-L6-v2:384"
    q = embedder.encode_queries(["coffee"])
    assert q.shape == (1, 384) and abs(float((q * q).sum()) - 1.0) < 1e-4
