"""``KORE_EMBEDDER=openai``: any OpenAI-compatible ``POST {base_url}/embeddings`` endpoint
(OpenAI, Azure-style gateways, vLLM, Ollama, LiteLLM, text-embeddings-inference, ...).

Base URL, model and key come from settings (``KORE_OPENAI_BASE_URL``, ``KORE_OPENAI_MODEL``,
``KORE_OPENAI_API_KEY``). Texts go in batches of ``openai_batch_size``; a request that fails
with 429, a 5xx or a connection error is retried with exponential backoff (a server's
``Retry-After`` is honoured), up to ``openai_max_retries`` times; any other error stops with
the server's message. The signature is ``openai:<model>:<dim>``; the cache id also names the
endpoint, so two servers that call different models by one name never share cached vectors.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from kore_pipeline.embed.base import Embedder, EmbeddingError
from kore_pipeline.settings import KoreSettings

RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
DIM_PROBE = "dimension probe"


class OpenAIEmbedder(Embedder):
    """Embeddings from a remote OpenAI-compatible API (no local weights)."""

    backend = "openai"

    def __init__(self, settings: KoreSettings) -> None:
        self.settings = settings
        self.model_name = settings.openai_model
        self.url = settings.openai_base_url.rstrip("/") + "/embeddings"
        self._dim: int | None = settings.openai_dimensions
        self._client: Any = None
        self.requests = 0
        """Requests sent (retries included), for tests and benchmarks."""

    @property
    def client(self) -> Any:
        """The HTTP client (created on first use)."""
        if self._client is None:
            import httpx

            headers = {"Content-Type": "application/json"}
            if self.settings.openai_api_key:
                headers["Authorization"] = f"Bearer {self.settings.openai_api_key}"
            self._client = httpx.Client(headers=headers, timeout=self.settings.openai_timeout_s)
        return self._client

    @property
    def dim(self) -> int:
        """Vector size: the configured ``openai_dimensions``, else learnt from one request."""
        if self._dim is None:
            self._dim = int(self._request([DIM_PROBE]).shape[1])
        return self._dim

    @property
    def cache_id(self) -> str:
        """``openai:<model>@<base url>[/<dimensions>]``."""
        size = f"/{self.settings.openai_dimensions}" if self.settings.openai_dimensions else ""
        return f"openai:{self.model_name}@{self.settings.openai_base_url.rstrip('/')}{size}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in batches of ``openai_batch_size``; float32, unit length."""
        return self.encode_in_batches(texts, self.settings.openai_batch_size, self._request)

    def _request(self, batch: list[str]) -> np.ndarray:
        """One batch through the endpoint, retried on transient failures."""
        import httpx

        body: dict[str, Any] = {"model": self.model_name, "input": batch,
                                "encoding_format": "float"}
        if self.settings.openai_dimensions:
            body["dimensions"] = self.settings.openai_dimensions
        wait = self.settings.openai_backoff_s
        attempts = self.settings.openai_max_retries + 1
        for attempt in range(attempts):
            self.requests += 1
            problem: str
            retry_after = 0.0
            try:
                resp = self.client.post(self.url, json=body)
            except httpx.TransportError as exc:
                problem = f"{type(exc).__name__}: {exc}"
            else:
                if resp.status_code == 200:
                    return self._vectors(resp, len(batch))
                problem = f"HTTP {resp.status_code}: {resp.text[:300]}"
                if resp.status_code not in RETRY_STATUS:
                    raise EmbeddingError(f"embedding endpoint {self.url} refused the request"
                                         f" ({problem})")
                retry_after = _seconds(resp.headers.get("retry-after"))
            if attempt + 1 < attempts:
                time.sleep(max(wait, retry_after))
                wait *= 2
        raise EmbeddingError(f"embedding endpoint {self.url} failed {attempts} times; last:"
                             f" {problem}")

    def _vectors(self, resp: Any, n: int) -> np.ndarray:
        try:
            data = sorted(resp.json()["data"], key=lambda d: d["index"])
            vectors = np.asarray([d["embedding"] for d in data], dtype=np.float32)
        except (ValueError, KeyError, TypeError) as exc:
            raise EmbeddingError(f"embedding endpoint {self.url} answered without"
                                 f" data[].embedding: {exc}") from exc
        if vectors.ndim != 2 or len(vectors) != n:
            raise EmbeddingError(f"embedding endpoint {self.url} returned {len(vectors)}"
                                 f" vectors for {n} texts")
        if self._dim is not None and vectors.shape[1] != self._dim:
            raise EmbeddingError(f"embedding endpoint {self.url} returned vectors of size"
                                 f" {vectors.shape[1]}, expected {self._dim}")
        return vectors


def _seconds(value: str | None) -> float:
    """A ``Retry-After`` header in seconds (0 when absent or a date)."""
    try:
        return max(0.0, float(value)) if value else 0.0
    except ValueError:
        return 0.0
