"""The memory browser at ``/ui`` (same app as the API, same keys): memories of an owner
(list, filter, search, new, several at once), one memory (provenance, decay curve, history,
edit/delete/restore), a playground that shows every term of each hit's score, and the engine
page (admin keys). Pages are drawn by :mod:`.pages`; the forms that change memories are in
:mod:`.ui_actions`."""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import FastAPI, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import KeyGrant
from kore_pipeline.serve.http import pages as p
from kore_pipeline.serve.http.models import ROW_ID
from kore_pipeline.serve.http.ui_actions import NOTICES, mount_actions
from kore_pipeline.serve.http.ui_login import Visitor, mount_login, visitor
from kore_pipeline.serve.memory_api import MEMORY_TYPES
from kore_pipeline.serve.memory_read import STATUSES
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import utcnow

MemoryId = Annotated[int, Path(ge=ROW_ID["ge"], le=ROW_ID["le"])]
Offset = Annotated[int, Query(ge=0, le=ROW_ID["le"])]
Count = Annotated[int, Query(ge=0, le=10_000)]


def mount_ui(app: FastAPI, mem: Memory, settings: KoreSettings) -> None:
    """Add the ``/ui`` pages to ``app``."""
    mount_login(app, settings)
    browser = UiContext(mem)
    mount_actions(app, mem)

    def grant_or_login(request: Request) -> Visitor | RedirectResponse:
        who = visitor(request)
        return RedirectResponse("/ui/login", status_code=303) if who is None else who

    @app.get("/ui", include_in_schema=False)
    def ui_root() -> RedirectResponse:
        return RedirectResponse("/ui/memories", status_code=303)

    @app.get("/ui/memories", include_in_schema=False)
    def memories(request: Request, owner: str | None = None, subject: str = "",
                 category: str = "", status: str = "active", q: str = "",
                 offset: Offset = 0, done: str = "", n: Count = 0,
                 missing: Count = 0) -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        name = browser.pick_owner(grant, owner)
        owners = browser.owners_of(grant)
        notice = NOTICES[done].format(n=n, missing=missing) if done in NOTICES else ""
        if missing and done in NOTICES:
            notice += f"; {missing} not changed (not found, or refused)"
        page: dict[str, Any] = {
            "title": "Memories", "csrf": who.csrf, "owner": name, "owners": owners,
            "owners_new": list(grant.owners or ()), "grant_admin": grant.admin,
            "kinds": MEMORY_TYPES, "q": q, "subject": subject, "category": category,
            "status": status, "statuses": [*STATUSES, "any"], "notice": notice, "hits": [],
            "items": [], "total": 0, "next_url": "", "categories": []}
        if name is None:
            return HTMLResponse(p.render("memories.html", **page))
        with mem.lock:
            page["categories"] = [r[0] for r in mem.conn.execute(
                "SELECT DISTINCT category FROM memories WHERE owner = ? ORDER BY 1", (name,))]
        if q.strip():
            page["hits"] = mem.search(q, name, k=50, reinforce=False, subject=subject or None,
                                      category=category or None, explain=True)
            return HTMLResponse(p.render("memories.html", **page))
        listed = mem.list(name, subject=subject or None, category=category or None,
                          status=None if status == "any" else status, limit=50,
                          offset=max(0, offset))
        page.update(items=listed["items"], total=listed["total"])
        if listed["next_offset"] is not None:
            args = {"owner": name, "subject": subject, "category": category, "status": status,
                    "offset": listed["next_offset"]}
            page["next_url"] = f"/ui/memories?{urlencode(args)}"
        return HTMLResponse(p.render("memories.html", **page))

    @app.get("/ui/memories/{memory_id}", include_in_schema=False)
    def memory_page(request: Request, memory_id: MemoryId) -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        m = mem.get(memory_id, None if grant.admin else list(grant.owners or ()))
        return HTMLResponse(p.memory_page(m, settings, utcnow(), who.csrf))

    @app.get("/ui/playground", include_in_schema=False)
    def playground(request: Request, owner: str | None = None, q: str = "",
                   mode: str = "hybrid") -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        name = browser.pick_owner(grant, owner)
        rows = []
        if q.strip() and name:
            hits = mem.search(q, name, k=20, mode=mode, reinforce=False, explain=True)
            rows = [(h, p.score_terms(h["explain"], settings)) for h in hits]
        return HTMLResponse(p.render(
            "playground.html", title="Playground", owner=name, csrf=who.csrf,
            owners=browser.owners_of(grant), q=q, mode=mode,
            modes=["hybrid", "fts", "semantic"], rows=rows, s=settings))

    @app.get("/ui/engine", include_in_schema=False)
    def engine(request: Request) -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        if not who.grant.admin:
            return HTMLResponse(p.render(
                "message.html", title="Engine", csrf=who.csrf, error=False,
                message="The engine page shows every owner's counts: it needs an admin key."),
                403)
        from kore_pipeline.index.vectors import VectorIndex

        stats = mem.stats(None)
        meta = VectorIndex.read_meta(settings.index_dir()) or {}
        with mem.lock:
            index = mem.searcher.index
            runs = mem.conn.execute("SELECT run_id, kind, state, started_at, finished_at, now"
                                    " FROM runs ORDER BY started_at DESC, rowid DESC"
                                    " LIMIT 10").fetchall()
            quarantine = mem.conn.execute("SELECT reason, count(*) FROM quarantine GROUP BY 1"
                                          " ORDER BY 2 DESC LIMIT 20").fetchall()
        facts = [("embedding signature", stats["embedding_signature"]),
                 ("index kind", index.kind if index is not None else "none (keywords only)"),
                 ("vectors in index", len(index) if index is not None else 0),
                 ("index file", json.dumps({k: meta.get(k) for k in ("signature", "count")})),
                 ("schema version", stats["schema_version"]),
                 ("memories by status", json.dumps(stats["memories_by_status"])),
                 ("owners", len(stats["owners"])), ("quarantined", stats["quarantined"]),
                 ("pending accesses", stats["pending_accesses"])]
        from kore_pipeline.serve.health import check_health

        health = check_health(settings, mem.searcher)
        return HTMLResponse(p.render("engine.html", title="Engine", csrf=who.csrf,
                                     facts=facts, runs=runs, quarantine=quarantine,
                                     health=health))


class UiContext:
    """Which owners a key's pages offer."""

    def __init__(self, mem: Memory) -> None:
        self.mem = mem

    def owners_of(self, grant: KeyGrant) -> list[str]:
        """The key's owners; an admin key: every owner in the store."""
        if grant.owners is not None:
            return list(grant.owners)
        with self.mem.lock:
            return [r[0] for r in self.mem.conn.execute(
                "SELECT DISTINCT owner FROM memories ORDER BY 1")]

    def pick_owner(self, grant: KeyGrant, owner: str | None) -> str | None:
        """``owner`` if the key may see it, else the key's first owner (None: none yet)."""
        names = self.owners_of(grant)
        if owner and grant.allows(owner):
            return owner
        return names[0] if names else None
