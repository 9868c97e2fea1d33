"""The ``/ui`` forms that change memories: edit, delete and restore one, create one, and
delete, restore or export several selected on the list. Each needs a signed-in session and
its form token (or a key in a header), acts only on the key's owners (another owner's id is
reported as not found, exactly as an id that does not exist) and answers with a redirect."""

from __future__ import annotations

import json
from typing import Annotated
from urllib.parse import urlencode

from fastapi import FastAPI, Form, HTTPException, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import Field

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import KeyGrant
from kore_pipeline.serve.http import pages as p
from kore_pipeline.serve.http.models import ROW_ID
from kore_pipeline.serve.http.ui_login import Token, Visitor, refused, visitor
from kore_pipeline.serve.memory_api import MemoryApiError, MemoryNotFound

MemoryId = Annotated[int, Path(ge=ROW_ID["ge"], le=ROW_ID["le"])]
SelectedIds = Annotated[list[Annotated[int, Field(ge=ROW_ID["ge"], le=ROW_ID["le"])]], Form(
    max_length=500)]
MAX_SELECTED = 500
"""Memories one list action takes at most (a page lists 50)."""
NOTICES = {"deleted": "{n} deleted", "restored": "{n} restored", "none": "Nothing selected"}
"""What the list says after an action (``done``), filled with counts only."""


def by_id_owners(grant: KeyGrant) -> list[str] | None:
    """The owners a key may reach by memory id (None: every owner, an admin key)."""
    return None if grant.admin else list(grant.owners or ())


def not_saved(who: Visitor, why: str, status: int = 400) -> HTMLResponse:
    """The page of a form that changed nothing, and why."""
    return HTMLResponse(p.render("message.html", title="Not saved", csrf=who.csrf,
                                 message=why, error=True), status)


def mount_actions(app: FastAPI, mem: Memory) -> None:
    """Add the state-changing ``/ui`` routes to ``app``."""

    def allowed(request: Request, token: str) -> Visitor | Response:
        who = visitor(request)
        if who is None:
            return RedirectResponse("/ui/login", status_code=303)
        return who if who.may_change(token) else refused()

    @app.post("/ui/memories/new", include_in_schema=False)
    def create(request: Request, content: Annotated[str, Form(max_length=20_000)],
               owner: Annotated[str, Form(max_length=200)] = "",
               type: Annotated[str, Form(max_length=20)] = "factual",
               importance: Annotated[str, Form(max_length=2)] = "",
               category: Annotated[str, Form(max_length=100)] = "note",
               subject: Annotated[str, Form(max_length=200)] = "user",
               csrf_token: Token = "") -> Response:
        who = allowed(request, csrf_token)
        if not isinstance(who, Visitor):
            return who
        grant = who.grant
        if not owner and grant.owners is not None and len(grant.owners) == 1:
            owner = grant.owners[0]
        if not owner or not grant.allows(owner):
            return not_saved(who, f"This key may not save memories of owner {owner!r}.", 403)
        if importance.strip() and not importance.strip().isdigit():
            return not_saved(who, "importance must be a number from 1 to 5")
        try:
            saved = mem.save(content, owner, subject=subject.strip() or "user",
                             category=category.strip() or "note", type=type,
                             importance=int(importance) if importance.strip() else None)
        except MemoryApiError as exc:
            return not_saved(who, str(exc))
        return RedirectResponse(f"/ui/memories/{int(saved['memory_id'])}", status_code=303)

    @app.post("/ui/memories/bulk", include_in_schema=False)
    def several(request: Request, action: Annotated[str, Form(max_length=20)],
                ids: SelectedIds | None = None,
                owner: Annotated[str, Form(max_length=200)] = "",
                status: Annotated[str, Form(max_length=20)] = "active",
                csrf_token: Token = "") -> Response:
        who = allowed(request, csrf_token)
        if not isinstance(who, Visitor):
            return who
        owners = by_id_owners(who.grant)
        picked = list(dict.fromkeys(ids or []))[:MAX_SELECTED]
        back = {"owner": owner, "status": status} if owner else {"status": status}
        if not picked:
            return RedirectResponse(f"/ui/memories?{urlencode({**back, 'done': 'none'})}",
                                    status_code=303)
        if action == "export":
            return export_selected(mem, picked, owners)
        if action not in ("delete", "restore"):
            raise HTTPException(404, f"no action {action!r}")
        done = missing = 0
        for mid in picked:
            try:
                if action == "delete":
                    mem.delete(mid, owners)
                else:
                    mem.restore(mid, owners)
                done += 1
            except MemoryApiError:  # not found (or another owner's), or refused
                missing += 1
        outcome = {"done": f"{action}d", "n": done, "missing": missing}
        return RedirectResponse(f"/ui/memories?{urlencode({**back, **outcome})}",
                                status_code=303)

    @app.post("/ui/memories/{memory_id}/edit", include_in_schema=False)
    def edit(request: Request, memory_id: MemoryId, content: Annotated[str, Form()],
             importance: Annotated[int, Form()], category: Annotated[str, Form()],
             csrf_token: Token = "") -> Response:
        who = allowed(request, csrf_token)
        if not isinstance(who, Visitor):
            return who
        try:
            mem.update(memory_id, by_id_owners(who.grant), content=content,
                       importance=importance, category=category)
        except MemoryNotFound:
            raise
        except MemoryApiError as exc:
            return not_saved(who, str(exc))
        return RedirectResponse(f"/ui/memories/{memory_id}", status_code=303)

    @app.post("/ui/memories/{memory_id}/{action}", include_in_schema=False)
    def delete_or_restore(request: Request, memory_id: MemoryId, action: str,
                          csrf_token: Token = "") -> Response:
        who = allowed(request, csrf_token)
        if not isinstance(who, Visitor):
            return who
        if action == "delete":
            mem.delete(memory_id, by_id_owners(who.grant))
        elif action == "restore":
            mem.restore(memory_id, by_id_owners(who.grant))
        else:
            raise HTTPException(404, f"no action {action!r}")
        return RedirectResponse(f"/ui/memories/{memory_id}", status_code=303)


def export_selected(mem: Memory, ids: list[int], owners: list[str] | None) -> Response:
    """The selected memories the key may reach as a JSON Lines download: one line per
    memory, as its page shows it (fields, provenance, history); the others are left out."""
    lines = []
    for mid in ids:
        try:
            lines.append(json.dumps(mem.get(mid, owners), ensure_ascii=False))
        except MemoryNotFound:
            continue
    return Response("".join(line + "\n" for line in lines),
                    media_type="application/x-ndjson",
                    headers={"Content-Disposition":
                             'attachment; filename="kore-memories.jsonl"'})
