"""The OpenAPI schema of ``kore api`` as generated clients need it, and ``/docs`` offline.

FastAPI documents the bodies and the 422 of each route; :func:`document_api` adds what the
guards answer (they run outside the handlers, so FastAPI cannot see them): the bearer key
as a security scheme on every keyed route, and the 400/401/403/404/413/429/503/507 answers
with their error model ``{"detail": "..."}`` on the routes where they can happen.

``/docs`` (Swagger UI) and ``/redoc`` load their scripts and styles from the
``fastapi-offline`` package (``/static-offline-docs``), never from a CDN: they work on a
machine without internet access.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

OPEN_ROUTES = frozenset({"/v1/health"})
"""Routes that need no key."""
METRICS_ROUTE = "/metrics"
BEARER = "bearerAuth"
API_KEY_HEADER = "apiKeyHeader"


class ErrorModel(BaseModel):
    """Every refusal of the API other than a 422: what went wrong, for a person to read."""

    detail: str


ERRORS: dict[int, str] = {
    400: "A value the store refuses (bad time, bad category, no owner named when the key"
         " has several).",
    401: "No API key, or an unknown or revoked one (`Authorization: Bearer KEY`).",
    403: "The key may not act on the owner named, or a browser sent the write from another"
         " site.",
    404: "No memory with that id among the key's owners.",
    413: "The request body is larger than KORE_API_MAX_BODY_BYTES, or a batch is larger"
         " than KORE_API_MAX_BATCH.",
    429: "The key's rate limit is reached; `Retry-After` says when to try again.",
    503: "The store is busy with a pipeline stage (`Retry-After`), cannot be written, or"
         " the server has too many open connections.",
    507: "Nothing was saved: the disk or a quota is full.",
}
"""Each answer the guards give, and when."""


def codes_for(path: str, method: str) -> list[int]:
    """The error answers a route can give besides FastAPI's 422."""
    if path in OPEN_ROUTES:
        return [503]
    if path == METRICS_ROUTE:
        return [401, 403, 429]
    codes = [400, 401, 403, 429, 503]
    if "{memory_id}" in path:
        codes.append(404)
    if method in ("post", "patch", "put"):
        codes.append(413)
    if method in ("post", "patch", "put", "delete") and not path.endswith(
            ("/search", "/context", "/inject")):
        codes.append(507)
    return sorted(codes)


def _documented(app: FastAPI) -> dict[str, Any]:
    schema = get_openapi(title=app.title, version=app.version, description=app.description,
                         routes=app.routes, tags=app.openapi_tags)
    components = schema.setdefault("components", {})
    components.setdefault("schemas", {})["ErrorModel"] = ErrorModel.model_json_schema()
    components["securitySchemes"] = {
        BEARER: {"type": "http", "scheme": "bearer",
                 "description": "An API key of `kore keys add` (or `--admin`)."},
        API_KEY_HEADER: {"type": "apiKey", "in": "header", "name": "X-API-Key",
                         "description": "The same key in a header of its own."},
    }
    error_ref = {"$ref": "#/components/schemas/ErrorModel"}
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            if path.startswith("/v1/") and path not in OPEN_ROUTES:
                operation["security"] = [{BEARER: []}, {API_KEY_HEADER: []}]
            elif path == METRICS_ROUTE:  # no key under KORE_API_METRICS_ACCESS=open|loopback
                operation["security"] = [{BEARER: []}, {}]
            if not path.startswith("/v1/") and path != METRICS_ROUTE:
                continue
            responses = operation.setdefault("responses", {})
            for code in codes_for(path, method):
                responses.setdefault(str(code), {
                    "description": ERRORS[code],
                    "content": {"application/json": {"schema": error_ref}}})
            if path.startswith("/v1/") and "422" not in responses:
                responses["422"] = {
                    "description": "A field is missing, of the wrong type or out of bounds.",
                    "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/HTTPValidationError"}}}}
                components["schemas"].setdefault("HTTPValidationError", {
                    "type": "object", "title": "HTTPValidationError",
                    "properties": {"detail": {"type": "array", "items": {"type": "object"}}}})
    return schema


def document_api(app: FastAPI) -> None:
    """Serve the schema with the security scheme and the guards' answers (built once)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _documented(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
