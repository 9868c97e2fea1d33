"""Who is looking at ``/ui``: sign-in, sign-out, and the checks a form must pass to change
anything (session and token: ``sessions``). A script may also send its key in a header, as
for ``/v1``; it needs no token (a header is nothing another site can make a browser send)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import FastAPI, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from kore_pipeline.serve.api_keys import KeyGrant, key_hash
from kore_pipeline.serve.http import pages as p
from kore_pipeline.serve.http.guard import check_key, request_key
from kore_pipeline.serve.http.sessions import (
    CSRF_FIELD,
    SESSION_COOKIE,
    Session,
    SessionStore,
    token_matches,
)
from kore_pipeline.settings import KoreSettings

COOKIE_PATH = "/ui"
Token = Annotated[str, Form(alias=CSRF_FIELD)]


@dataclass(frozen=True)
class Visitor:
    """A request's key grant, and its session if it came with the cookie."""

    grant: KeyGrant
    session: Session | None

    @property
    def csrf(self) -> str | None:
        """The token its forms carry (None: a header key, no forms need one)."""
        return None if self.session is None else self.session.csrf

    def may_change(self, token: str) -> bool:
        """Whether a state-changing form may act: a header key, or the session's token."""
        return self.session is None or token_matches(self.session, token)


def visitor(request: Request) -> Visitor | None:
    """Who sent ``request`` (header key first, then the session cookie); None: nobody."""
    sessions: SessionStore = request.app.state.sessions
    try:
        if request_key(request):
            return Visitor(check_key(request), None)
        session = sessions.get(request.cookies.get(SESSION_COOKIE))
        if session is None:
            return None
        return Visitor(check_key(request, session.key_hash), session)
    except HTTPException as exc:
        if exc.status_code == 401:
            return None
        raise


def refused() -> HTMLResponse:
    """The answer to a form without its session's token."""
    return HTMLResponse(p.render("message.html", title="Not changed", error=False,
                                 message="This form is stale or came from another site:"
                                 " reload the page and try again."), 403)


def mount_login(app: FastAPI, settings: KoreSettings) -> None:
    """``/ui/login`` (form and sign-in) and ``/ui/logout``; sessions in ``app.state``."""
    app.state.sessions = SessionStore(settings.api_session_seconds)

    @app.get("/ui/login", include_in_schema=False)
    def login_form(error: str = "") -> HTMLResponse:
        return HTMLResponse(p.render("login.html", title="Sign in", error=error))

    @app.post("/ui/login", include_in_schema=False)
    def login(request: Request, key: Annotated[str, Form()]) -> Response:
        hashed = key_hash(key.strip())
        try:
            check_key(request, hashed)
        except HTTPException as exc:
            if exc.status_code != 401:
                raise
            return RedirectResponse("/ui/login?error=unknown+or+revoked+key", status_code=303)
        out = RedirectResponse("/ui/memories", status_code=303)
        out.set_cookie(SESSION_COOKIE, app.state.sessions.open(hashed), path=COOKIE_PATH,
                       max_age=settings.api_session_seconds, httponly=True, samesite="strict")
        return out

    @app.post("/ui/logout", include_in_schema=False)
    def logout(request: Request, csrf_token: Token = "") -> Response:
        sessions: SessionStore = app.state.sessions
        cookie = request.cookies.get(SESSION_COOKIE)
        session = sessions.get(cookie)
        if session is not None and not token_matches(session, csrf_token):
            return refused()
        sessions.close(cookie)
        out = RedirectResponse("/ui/login", status_code=303)
        out.delete_cookie(SESSION_COOKIE, path=COOKIE_PATH, httponly=True, samesite="strict")
        return out
