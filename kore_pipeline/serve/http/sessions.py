"""Browser sign-ins of ``/ui`` and what keeps other sites from acting through them.

- **Session.** Signing in with a key sets the cookie ``kore_session``: a random id (256
  bits) that maps, in this process only, to the key's hash, a CSRF token and an expiry
  (``settings.api_session_seconds`` from the sign-in). The key itself never leaves the
  sign-in request; the server keeps only the id's SHA-256, so a memory dump or a log line
  holds no usable id. The cookie is HttpOnly, SameSite=Strict and scoped to ``/ui``;
  sign-out ends the session on the server (a copied cookie is worthless afterwards), a
  revoked key ends all its sessions, a restart ends them all.
- **CSRF.** Cookies are not scoped to a port, so a page on another port of the same host is
  "same site" and the browser sends the cookie along. Every state-changing ``/ui`` form
  carries the session's token, checked in constant time.
- **Origin.** :class:`SameOrigin` refuses (403) any POST/PUT/PATCH/DELETE whose ``Origin``
  (or, without one, ``Referer``) names another host or port than the request's ``Host``.
  Clients that send neither (curl, SDKs) are not browsers and are let through: ``/v1``
  takes keys only from headers, which a cross-site form cannot set.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from kore_pipeline.serve.http.guard import ASGIApp, Receive, Scope, Send

SESSION_COOKIE = "kore_session"
CSRF_FIELD = "csrf_token"
MAX_SESSIONS = 10_000
"""Sessions kept at most (the oldest are dropped first): sign-ins cannot fill the memory."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class Session:
    """One signed-in browser: whose key, its form token, when it ends."""

    key_hash: str
    csrf: str
    expires: float


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


class SessionStore:
    """Sessions by the SHA-256 of their id, each ending ``lifetime`` seconds after sign-in."""

    def __init__(self, lifetime: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.lifetime = lifetime
        self.clock = clock
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    def open(self, key_hash: str) -> str:
        """A new session for the key with hash ``key_hash``; returns its id (the cookie)."""
        session_id = secrets.token_urlsafe(32)
        now = self.clock()
        with self._lock:
            for d in [d for d, s in self._sessions.items() if s.expires <= now]:
                del self._sessions[d]
            while len(self._sessions) >= MAX_SESSIONS:
                del self._sessions[next(iter(self._sessions))]
            self._sessions[_digest(session_id)] = Session(
                key_hash, secrets.token_urlsafe(32), now + self.lifetime)
        return session_id

    def get(self, session_id: str | None) -> Session | None:
        """The live session of ``session_id``; None if unknown, ended or expired."""
        if not session_id or len(session_id) > 100:
            return None
        digest = _digest(session_id)
        with self._lock:
            session = self._sessions.get(digest)
            if session is not None and session.expires <= self.clock():
                del self._sessions[digest]
                return None
        return session

    def close(self, session_id: str | None) -> None:
        """End a session (sign-out)."""
        with self._lock:
            self._sessions.pop(_digest(session_id or ""), None)


def token_matches(session: Session, token: str | None) -> bool:
    """Whether a form's token is the session's (constant-time)."""
    return bool(token) and secrets.compare_digest(session.csrf.encode(), (token or "").encode())


def _netloc(url: str) -> str | None:
    parts = urlsplit(url)
    return parts.netloc.lower() if parts.scheme in ("http", "https") and parts.netloc else None


class SameOrigin:
    """ASGI middleware: a state-changing request a browser sent from another origin → 403."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            headers = {k.lower(): v for k, v in scope.get("headers") or []}
            source = headers.get(b"origin") or headers.get(b"referer")
            host = headers.get(b"host", b"").decode("latin-1").lower()
            if source is not None and _netloc(source.decode("latin-1")) != host:
                body = json.dumps({"detail": "cross-site request refused: its Origin is not"
                                   " this server"}).encode()
                await send({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
