"""Prometheus metrics of ``kore api`` at ``/metrics``.

Per request (:class:`RequestMetrics`, an ASGI middleware outside every other one, so a 403
of the origin check and a 413 of the size limit are counted too):

- ``kore_http_requests_total{route, method, status}``: ``route`` is the route's template
  (``/v1/memories/{memory_id}``), never the path a client sent (ids stay out, and the
  number of series stays bounded); a path no route matches is ``<unmatched>``;
- ``kore_http_request_duration_seconds{route, method}``: a latency histogram;
- ``kore_http_errors_total{route, method, kind}``: ``server_error`` for a 5xx answer (503
  of a busy store included), ``exception`` for an error no handler answered;
- ``kore_http_requests_in_progress``.

Read from the home at each scrape (:class:`StoreCollector`): ``kore_memories{status}``,
``kore_memories_not_embedded``, ``kore_index_vectors``, ``kore_index_bytes``,
``kore_disk_free_bytes``, ``kore_model_loaded`` and ``kore_health{part}`` (0 ok, 1
degraded, 2 down; the reasons are at ``/v1/health``).

No label holds memory text, an owner name or a key. Who may read them:
``api_metrics_access`` (:func:`allow_metrics`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from fastapi import HTTPException, Request
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.routing import Match

from kore_pipeline.index.vectors import INDEX_FILE
from kore_pipeline.serve.health import check_health
from kore_pipeline.serve.http.guard import ASGIApp, Message, Receive, Scope, Send, check_key
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect_reader

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Seconds; a search takes milliseconds, a batch save or an export up to seconds."""
UNMATCHED = "<unmatched>"
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
_HEALTH_VALUE = {"ok": 0, "degraded": 1, "down": 2}


class StoreCollector(Collector):
    """Gauges read from the home at scrape time (one short read-only connection)."""

    def __init__(self, settings: KoreSettings, searcher: Any = None) -> None:
        self.settings = settings
        self.searcher = searcher

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """Memories by status, the index, the disk, the model and every health part."""
        health = check_health(self.settings, self.searcher)
        memories = GaugeMetricFamily("kore_memories", "Memories in the store by status.",
                                     labels=["status"])
        if health.part("store").status != "down":
            conn = connect_reader(self.settings.db_path(), busy_ms=2000, read_only=True)
            try:
                for status, count in conn.execute(
                        "SELECT status, count(*) FROM memories GROUP BY 1 ORDER BY 1"):
                    memories.add_metric([str(status)], int(count))
            finally:
                conn.close()
        yield memories
        index = next((p for p in health.parts if p.name == "index"), None)
        numbers = index.numbers if index is not None else {}
        yield GaugeMetricFamily("kore_memories_not_embedded", "Active memories the vector"
                                " index does not hold yet.", numbers.get("not_yet_embedded", 0))
        yield GaugeMetricFamily("kore_index_vectors", "Vectors in the saved FAISS index.",
                                numbers.get("vectors", 0))
        path = self.settings.index_dir() / INDEX_FILE
        yield GaugeMetricFamily("kore_index_bytes", "Size of the saved FAISS index file.",
                                path.stat().st_size if path.is_file() else 0)
        yield GaugeMetricFamily("kore_disk_free_bytes", "Free space of the home's file"
                                " system.", health.part("disk").numbers.get("free_bytes", 0))
        loaded = self.searcher is not None and self.searcher.model_loaded
        yield GaugeMetricFamily("kore_model_loaded", "1 once the embedding model is in"
                                " memory.", int(loaded))
        parts = GaugeMetricFamily("kore_health", "State of each part (0 ok, 1 degraded,"
                                  " 2 down; /v1/health says why).", labels=["part"])
        for part in health.parts:
            parts.add_metric([part.name], _HEALTH_VALUE[part.status])
        parts.add_metric(["overall"], _HEALTH_VALUE[health.status])
        yield parts


class Metrics:
    """The registry of one app and its request metrics."""

    def __init__(self, settings: KoreSettings, searcher: Any = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter("kore_http_requests", "HTTP requests answered.",
                                ["route", "method", "status"], registry=self.registry)
        self.latency = Histogram("kore_http_request_duration_seconds", "Time to answer a"
                                 " request (headers in to last body byte out).",
                                 ["route", "method"], buckets=LATENCY_BUCKETS,
                                 registry=self.registry)
        self.errors = Counter("kore_http_errors", "Requests that failed on the server's"
                              " side.", ["route", "method", "kind"], registry=self.registry)
        self.in_progress = Gauge("kore_http_requests_in_progress", "Requests being answered.",
                                 registry=self.registry)
        self.registry.register(StoreCollector(settings, searcher))


def route_template(app: Any, scope: Scope) -> str:
    """The template of the route that answers ``scope`` (``UNMATCHED`` if none)."""
    partial = None
    for route in app.router.routes:
        match, _child = route.matches(scope)
        if match is Match.FULL:
            return str(getattr(route, "path", UNMATCHED))
        if match is Match.PARTIAL and partial is None:
            partial = str(getattr(route, "path", UNMATCHED))
    return partial or UNMATCHED


class RequestMetrics:
    """ASGI middleware: counts, times and classifies every HTTP request."""

    def __init__(self, app: ASGIApp, metrics: Metrics, routes_of: Any) -> None:
        self.app = app
        self.metrics = metrics
        self.routes_of = routes_of
        """The FastAPI app whose routes name the requests (this middleware wraps it)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        route, method = route_template(self.routes_of, scope), scope["method"]
        status = 500
        started = time.perf_counter()

        async def record_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        m = self.metrics
        m.in_progress.inc()
        kind = "server_error"
        try:
            await self.app(scope, receive, record_status)
        except Exception:
            kind, status = "exception", 500
            raise
        finally:
            m.in_progress.dec()
            m.latency.labels(route, method).observe(time.perf_counter() - started)
            m.requests.labels(route, method, str(status)).inc()
            if status >= 500:
                m.errors.labels(route, method, kind).inc()


def allow_metrics(request: Request, access: str) -> None:
    """Let the request read ``/metrics`` under ``access`` (``api_metrics_access``), or raise
    401 (no or bad key), 403 (a key that is not an admin's) or 429."""
    if access == "open":
        return
    client = request.client.host if request.client is not None else ""
    if access == "loopback" and client in LOOPBACK:
        return
    grant = check_key(request)
    if not grant.admin:
        raise HTTPException(403, "/metrics needs an admin key (kore keys add --admin), or"
                                 " KORE_API_METRICS_ACCESS=loopback|open")
