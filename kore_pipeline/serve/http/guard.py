"""What every request of ``kore api`` passes through: size limit, API key, rate limit, owner.

- **Size**: a body over ``settings.api_max_body_bytes`` gets 413 before any handler runs.
- **Key**: ``Authorization: Bearer <key>`` or ``X-API-Key: <key>`` (never a cookie: a
  header is what a page of another site cannot make a browser send); none, unknown or
  revoked → 401. ``/ui`` also takes its session cookie (``sessions``).
- **Rate**: a token bucket per key (``api_rate_burst`` at once, ``api_rate_limit_per_minute``
  refilled continuously); an empty bucket → 429 with ``Retry-After``.
- **Owner**: a key acts only on its owners (:func:`owner_for`); a by-id call passes the key's
  owners down, so another owner's id is 404, exactly like an id that does not exist.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import HTTPException, Request

from kore_pipeline.serve.api_keys import KeyGrant, authenticate, grant_of_hash

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: refuse a request body larger than ``max_bytes`` (413; None: no
    limit), or one that has not fully arrived ``timeout`` seconds after it began (408)."""

    def __init__(self, app: ASGIApp, max_bytes: int | None,
                 timeout: float | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        limit = self.max_bytes
        if (limit is not None and declared is not None and declared.isdigit()
                and int(declared) > limit):
            await self._refuse(send, int(declared))
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while more:
            try:
                message = await asyncio.wait_for(
                    receive(), None if deadline is None else max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                await self._send(send, 408, f"the request body did not arrive within"
                                 f" {self.timeout:g} s (KORE_API_BODY_TIMEOUT_SECONDS)")
                return
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if limit is not None and size > limit:
                await self._refuse(send, size)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send, size: int) -> None:
        await self._send(send, 413, f"request body of {size} bytes is over the limit of"
                         f" {self.max_bytes} bytes (KORE_API_MAX_BODY_BYTES)")

    @staticmethod
    async def _send(send: Send, status: int, detail: str) -> None:
        payload = json.dumps({"detail": detail}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": payload})


class KeyStore:
    """A store connection of its own for key checks, and its lock."""

    def __init__(self, db_path: Any) -> None:
        from kore_pipeline.store.db import connect

        self.conn = connect(db_path)
        self.lock = threading.Lock()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


class RateLimiter:
    """Token buckets per key id: ``burst`` tokens, refilled at ``per_minute`` / 60 per second."""

    def __init__(self, per_minute: int, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(max(1, burst))
        self.clock = clock
        self._buckets: dict[int, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key_id: int) -> float:
        """Spend one token of ``key_id``; 0.0 if allowed, else seconds until one is back."""
        if self.rate <= 0:
            return 0.0
        with self._lock:
            now = self.clock()
            tokens, last = self._buckets.get(key_id, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens < 1.0:
                self._buckets[key_id] = (tokens, now)
                return (1.0 - tokens) / self.rate
            self._buckets[key_id] = (tokens - 1.0, now)
            return 0.0


def request_key(request: Request) -> str | None:
    """The API key a request carries in a header (``Authorization: Bearer``, ``X-API-Key``)."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-api-key")


def check_key(request: Request, key_hash: str | None = None) -> KeyGrant:
    """The grant of the request's key (or of the key with hash ``key_hash``, a browser
    session's), after the rate limit; 401 or 429 otherwise."""
    keys = request.app.state.keys
    with keys.lock:  # its own connection: a key check never waits behind a search
        grant = (grant_of_hash(keys.conn, key_hash) if key_hash is not None
                 else authenticate(keys.conn, request_key(request)))
    if grant is None:
        raise HTTPException(401, "a valid API key is required (Authorization: Bearer KEY;"
                                 " create one with `kore keys add --owner O`)",
                            headers={"WWW-Authenticate": "Bearer"})
    wait = request.app.state.limiter.take(grant.key_id)
    if wait > 0:
        raise HTTPException(429, f"rate limit of this key reached; retry in {wait:.1f} s",
                            headers={"Retry-After": str(max(1, round(wait + 0.5)))})
    return grant


def owner_for(grant: KeyGrant, owner: str | None) -> str:
    """The one owner a call acts on: the named one if the key may, else the key's only one."""
    if owner is not None and owner.strip():
        name = owner.strip()
        if not grant.allows(name):
            raise HTTPException(403, f"this key may not act on owner {name!r}")
        return name
    if grant.owners is not None and len(grant.owners) == 1:
        return grant.owners[0]
    served = "every owner" if grant.owners is None else ", ".join(grant.owners)
    raise HTTPException(400, f"name an owner: this key serves {served}")


def owners_in_scope(grant: KeyGrant, owner: str | None) -> list[str] | None:
    """Owners a listing or a by-id call may touch: the named one, else all of the key's."""
    if owner is not None and owner.strip():
        return [owner_for(grant, owner)]
    return None if grant.owners is None else list(grant.owners)
