"""The FastAPI app of ``kore api``: one :class:`~kore_pipeline.memory.Memory` per process (one
store connection, one model load), every operation of the Python API over HTTP, the OpenAPI
schema at ``/docs`` and the memory browser at ``/ui``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi_offline import FastAPIOffline
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import KeyGrant
from kore_pipeline.serve.health import check_health
from kore_pipeline.serve.http import models as m
from kore_pipeline.serve.http.guard import (
    BodyLimit,
    KeyStore,
    RateLimiter,
    check_key,
    owner_for,
    owners_in_scope,
)
from kore_pipeline.serve.http.metrics import Metrics, RequestMetrics, allow_metrics
from kore_pipeline.serve.http.openapi import document_api
from kore_pipeline.serve.http.sessions import SameOrigin
from kore_pipeline.serve.memory_api import MemoryApiError, MemoryNotFound
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.busy import StoreBusy
from kore_pipeline.store.check import StorageProblem
from kore_pipeline.timeutil import BadTimestamp

Grant = Annotated[KeyGrant, Depends(check_key)]
OwnerQ = Annotated[str | None, Query(max_length=200)]
NowQ = Annotated[str | None, Query(description="ISO 8601 time to act at; default: the clock.")]
MemoryId = Annotated[int, Path(**m.ROW_ID)]
Offset = Annotated[int, Query(ge=0, le=m.ROW_ID["le"])]


def create_app(settings: KoreSettings, embedder: Any = None,
               memory: Memory | None = None) -> FastAPI:
    """The app over ``settings.home`` (``memory`` to share an open one; it is not closed)."""
    mem = memory or Memory(settings=settings, embedder=embedder)
    app = FastAPIOffline(title="kore-pipeline memory API", version="1",
                         description="Long-term memory for agents. Every call needs an API key"
                         " (`kore keys add --owner O`): `Authorization: Bearer KEY`.",
                         swagger_ui_parameters={"validatorUrl": None})
    document_api(app)
    metrics = Metrics(settings, mem.searcher)
    app.state.memory = mem
    app.state.metrics = metrics
    app.state.keys = KeyStore(settings.db_path())
    app.state.limiter = RateLimiter(settings.api_rate_limit_per_minute, settings.api_rate_burst)
    app.add_middleware(BodyLimit, max_bytes=settings.api_max_body_bytes,
                       timeout=settings.api_body_timeout_seconds)
    app.add_middleware(SameOrigin)  # a cross-site write is refused before anything runs
    app.add_middleware(RequestMetrics, metrics=metrics, routes_of=app)  # counts even those

    @app.exception_handler(MemoryNotFound)
    async def _not_found(_req: Request, exc: MemoryNotFound) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=404)

    @app.exception_handler(MemoryApiError)
    async def _refused(_req: Request, exc: MemoryApiError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(BadTimestamp)
    async def _bad_time(_req: Request, exc: BadTimestamp) -> JSONResponse:
        return JSONResponse({"detail": f"bad time: {exc}"}, status_code=400)

    @app.exception_handler(StoreBusy)
    async def _busy(_req: Request, exc: StoreBusy) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=503,
                            headers={"Retry-After": str(exc.retry_after)})

    @app.exception_handler(StorageProblem)
    async def _cannot_write(_req: Request, exc: StorageProblem) -> JSONResponse:
        full = "full" in exc.reason or "quota" in exc.reason or "limit" in exc.reason
        why = exc.reason if full else "the store cannot be written (read-only or not permitted)"
        return JSONResponse({"detail": f"nothing was saved: {why}"},
                            status_code=507 if full else 503)

    @app.exception_handler(ValueError)
    async def _bad_value(_req: Request, exc: ValueError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.get("/v1/health", tags=["service"],
             responses={503: {"description": "down: the store cannot be read (the same"
                              " answer: status, ok, parts)"}})
    def health() -> JSONResponse:
        """What works and what is degraded (no key needed): ``status`` is ok, degraded
        (answers, with less: the parts say why) or down (503: the store cannot be read);
        ``parts`` are store, index, model and disk, each with its status and reason."""
        answer = check_health(settings, mem.searcher)
        return JSONResponse(answer.to_dict(), status_code=503 if answer.status == "down"
                            else 200)

    @app.get("/metrics", tags=["service"], response_class=Response,
             responses={200: {"content": {CONTENT_TYPE_LATEST: {}},
                              "description": "Prometheus text format."}})
    def metrics_page(request: Request) -> Response:
        """Prometheus metrics: requests by route, method and status, latency, errors,
        memories by status, index and disk (KORE_API_METRICS_ACCESS says who may read them;
        default: an admin key)."""
        allow_metrics(request, settings.api_metrics_access)
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.post("/v1/search", tags=["read"])
    def search(body: m.SearchBody, grant: Grant) -> dict[str, Any]:
        """Hybrid search within one owner (hits are logged as accesses unless reinforce is
        false); ``explain`` adds why each hit ranked."""
        args = body.model_dump(exclude={"query", "owner"})
        hits = mem.search(body.query, owner_for(grant, body.owner), **args)
        return {"hits": hits}

    @app.post("/v1/context", tags=["read"])
    def context(body: m.ContextBody, grant: Grant) -> dict[str, Any]:
        """The `<memory>` block for a prompt, within max_tokens ("" when nothing fits)."""
        owner = owner_for(grant, body.owner)
        block = mem.context(body.query, owner, **body.model_dump(exclude={"query", "owner"}))
        return {"owner": owner, "context": block}

    @app.post("/v1/inject", tags=["read"])
    def inject(body: m.InjectBody, grant: Grant) -> dict[str, Any]:
        """The chat request with the owner's memory block added."""
        return mem.inject(body.request, owner_for(grant, body.owner), provider=body.provider,
                          max_tokens=body.max_tokens, now=body.now, reinforce=body.reinforce)

    @app.post("/v1/memories", status_code=201, tags=["write"])
    def save(body: m.SaveBody, grant: Grant) -> dict[str, Any]:
        """Remember one memory (the same fact again refreshes it)."""
        return mem.save(body.content, owner_for(grant, body.owner),
                        **body.model_dump(exclude={"content", "owner"}))

    @app.post("/v1/memories/batch", tags=["write"])
    def save_batch(body: m.BatchBody, grant: Grant) -> dict[str, Any]:
        """Save many; each result says ok or why not (a bad item never stops the rest)."""
        if len(body.items) > settings.api_max_batch:
            raise HTTPException(413, f"{len(body.items)} items; at most"
                                     f" {settings.api_max_batch} per batch")
        default = owner_for(grant, body.owner) if body.owner or (
            grant.owners is not None and len(grant.owners) == 1) else None
        refused: dict[int, str] = {}
        for i, item in enumerate(body.items):
            named = item.get("owner")
            if named is not None and (not isinstance(named, str) or not grant.allows(named)):
                refused[i] = f"this key may not act on owner {named!r}"
        allowed = [i for i in range(len(body.items)) if i not in refused]
        saved = iter(mem.save_many([body.items[i] for i in allowed], owner=default,
                                   now=body.now))
        results = [{"ok": False, "index": i, "error": refused[i]} if i in refused
                   else {**next(saved), "index": i} for i in range(len(body.items))]
        return {"results": results, "saved": sum(r["ok"] for r in results),
                "refused": sum(not r["ok"] for r in results)}

    @app.get("/v1/memories/{memory_id}", tags=["read"])
    def get(memory_id: MemoryId, grant: Grant, owner: OwnerQ = None) -> dict[str, Any]:
        """One memory with its provenance, archive record and history."""
        return mem.get(memory_id, owners_in_scope(grant, owner))

    @app.patch("/v1/memories/{memory_id}", tags=["write"])
    def update(memory_id: MemoryId, body: m.UpdateBody, grant: Grant,
               owner: OwnerQ = None) -> dict[str, Any]:
        """Change content, importance, category or expires_at."""
        changes = body.model_dump(exclude={"now"}, exclude_unset=True)
        if not changes:
            raise HTTPException(400, "nothing to update: give content, importance, category"
                                     " or expires_at")
        return mem.update(memory_id, owners_in_scope(grant, owner), now=body.now, **changes)

    @app.delete("/v1/memories/{memory_id}", tags=["write"])
    def delete(memory_id: MemoryId, grant: Grant, owner: OwnerQ = None,
               now: NowQ = None) -> dict[str, Any]:
        """Archive a memory as deleted (restorable); search never returns it."""
        return mem.delete(memory_id, owners_in_scope(grant, owner), now=now)

    @app.post("/v1/memories/{memory_id}/restore", tags=["write"])
    def restore(memory_id: MemoryId, grant: Grant, owner: OwnerQ = None,
                now: NowQ = None) -> dict[str, Any]:
        """Bring an archived (forgotten, merged, superseded, deleted) memory back."""
        return mem.restore(memory_id, owners_in_scope(grant, owner), now=now)

    def listing(grant: KeyGrant, owner: str | None, order: str, **filters: Any) -> Any:
        status = filters.pop("status")
        return mem.list(owners_in_scope(grant, owner), order=order,
                        status=None if status == "any" else status, **filters)

    @app.get("/v1/memories", tags=["read"])
    def list_memories(grant: Grant, owner: OwnerQ = None, subject: str | None = None,
                      category: str | None = None, type: str | None = None,
                      status: Annotated[str, Query(description="a status, or 'any'")] =
                      "active", since: str | None = None, until: str | None = None,
                      text: str | None = None, limit: Annotated[int, Query(ge=1, le=500)] = 50,
                      offset: Offset = 0) -> dict[str, Any]:
        """A page of memories, newest first (all of the key's owners unless one is named)."""
        return listing(grant, owner, "newest", subject=subject, category=category, type=type,
                       status=status, since=since, until=until, text=text, limit=limit,
                       offset=offset)

    @app.get("/v1/timeline", tags=["read"])
    def timeline(grant: Grant, owner: OwnerQ = None, subject: str | None = None,
                 category: str | None = None, type: str | None = None,
                 status: Annotated[str, Query(description="a status, or 'any'")] = "any",
                 since: str | None = None, until: str | None = None,
                 limit: Annotated[int, Query(ge=1, le=500)] = 50,
                 offset: Offset = 0) -> dict[str, Any]:
        """Memories in time order, oldest first (every status unless one is named)."""
        return listing(grant, owner, "oldest", subject=subject, category=category, type=type,
                       status=status, since=since, until=until, limit=limit, offset=offset)

    @app.get("/v1/stats", tags=["read"])
    def stats(grant: Grant, owner: OwnerQ = None) -> dict[str, Any]:
        """Counts of one owner; an admin key without owner gets the whole store's."""
        if owner is None and grant.admin:
            return mem.stats(None)
        return mem.stats(owner_for(grant, owner))

    @app.get("/v1/export", tags=["read"])
    def export(grant: Grant, owner: OwnerQ = None, now: NowQ = None) -> StreamingResponse:
        """The owner's memories and messages as JSON Lines (`kore import` reads it)."""
        records = mem.export(owner_for(grant, owner), now=now)

        def lines() -> Iterator[bytes]:
            for rec in records:
                yield (json.dumps(rec, ensure_ascii=False) + "\n").encode("utf-8")

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    try:
        from kore_pipeline.serve.http.ui import mount_ui
    except ImportError:  # pragma: no cover - the browser is optional
        pass
    else:
        mount_ui(app, mem, settings)
    return app


def serve_api(settings: KoreSettings, host: str = "127.0.0.1", port: int = 8765,
              warm: bool = True) -> None:
    """Run the app on uvicorn until stopped (the search caches warmed first)."""
    import uvicorn

    from kore_pipeline.serve.http.server import server_config

    app = create_app(settings)
    if warm:
        app.state.memory.searcher.warm()
    try:
        uvicorn.Server(server_config(app, settings, host, port)).run()
    finally:
        app.state.keys.close()
        app.state.memory.close()
