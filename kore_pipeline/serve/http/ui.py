"""The memory browser at ``/ui`` (same app as the API, same keys): memories of an owner
(list, filter, search), one memory (provenance, decay curve, history, edit/delete/restore), a
playground that shows why each hit ranked, and the engine page (admin keys)."""

from __future__ import annotations

import json
from html import escape
from typing import Annotated
from urllib.parse import urlencode

from fastapi import FastAPI, Form, HTTPException, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from kore_pipeline.memory import Memory
from kore_pipeline.serve.api_keys import KeyGrant
from kore_pipeline.serve.http import pages as p
from kore_pipeline.serve.http.models import ROW_ID
from kore_pipeline.serve.http.ui_login import Token, Visitor, mount_login, refused, visitor
from kore_pipeline.serve.memory_api import MemoryApiError
from kore_pipeline.serve.memory_read import STATUSES
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import utcnow

MemoryId = Annotated[int, Path(ge=ROW_ID["ge"], le=ROW_ID["le"])]
Offset = Annotated[int, Query(ge=0, le=ROW_ID["le"])]


def mount_ui(app: FastAPI, mem: Memory, settings: KoreSettings) -> None:
    """Add the ``/ui`` pages to ``app``."""
    mount_login(app, settings)

    def grant_or_login(request: Request) -> Visitor | RedirectResponse:
        who = visitor(request)
        return RedirectResponse("/ui/login", status_code=303) if who is None else who

    def owners_of(grant: KeyGrant) -> list[str]:
        if grant.owners is not None:
            return list(grant.owners)
        with mem.lock:
            return [r[0] for r in mem.conn.execute("SELECT DISTINCT owner FROM memories"
                                                   " ORDER BY 1")]

    def pick_owner(grant: KeyGrant, owner: str | None) -> str | None:
        names = owners_of(grant)
        if owner and grant.allows(owner):
            return owner
        return names[0] if names else None

    @app.get("/ui", include_in_schema=False)
    def ui_root() -> RedirectResponse:
        return RedirectResponse("/ui/memories", status_code=303)

    @app.get("/ui/memories", include_in_schema=False)
    def memories(request: Request, owner: str | None = None, subject: str = "",
                 category: str = "", status: str = "active", q: str = "",
                 offset: Offset = 0) -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        name = pick_owner(grant, owner)
        if name is None:
            return HTMLResponse(p.page("Memories", "<p>No memories yet.</p>", csrf=who.csrf))
        with mem.lock:
            cats = [r[0] for r in mem.conn.execute(
                "SELECT DISTINCT category FROM memories WHERE owner = ? ORDER BY 1", (name,))]
        form = ("<form class=filters method=get>"
                + p.select("owner", owners_of(grant), name)
                + f"<input name=q placeholder='search…' value='{escape(q)}'>"
                + f"<input name=subject placeholder=subject value='{escape(subject)}'>"
                + p.select("category", cats, category or None, "any category")
                + p.select("status", [*STATUSES, "any"], status)
                + "<button>Go</button></form>")
        if q.strip():
            hits = mem.search(q, name, k=50, reinforce=False, subject=subject or None,
                              category=category or None, explain=True)
            rows = [f"<tr>{p.memory_link(h)}{p.cell(h['subject'])}{p.cell(h['category'])}"
                    f"{p.cell(h['importance'])}{p.cell(h['score'])}{p.cell(h['created_at'])}"
                    "</tr>" for h in hits]
            body = form + f"<p>{len(hits)} hits for <b>{escape(q)}</b></p>" + p.table(
                ["memory", "subject", "category", "importance", "score", "created"], rows,
                "results")
            return HTMLResponse(p.page("Memories", body, name, who.csrf))
        listed = mem.list(name, subject=subject or None, category=category or None,
                          status=None if status == "any" else status, limit=50,
                          offset=max(0, offset))
        rows = [f"<tr>{p.memory_link(m)}{p.cell(m['subject'])}{p.cell(m['category'])}"
                f"{p.cell(m['importance'])}<td class='status-{escape(m['status'])}'>"
                f"{escape(m['status'])}</td>{p.cell(round(m['decay_score'], 3))}"
                f"{p.cell(m['created_at'])}</tr>" for m in listed["items"]]
        more = ""
        if listed["next_offset"] is not None:
            args = {"owner": name, "subject": subject, "category": category, "status": status,
                    "offset": listed["next_offset"]}
            more = f"<p><a id=next href='/ui/memories?{urlencode(args)}'>next page</a></p>"
        body = (form + f"<p>{listed['total']} memories</p>" + p.table(
            ["memory", "subject", "category", "importance", "status", "decay", "created"],
            rows, "memories") + more)
        return HTMLResponse(p.page("Memories", body, name, who.csrf))

    @app.get("/ui/memories/{memory_id}", include_in_schema=False)
    def memory_page(request: Request, memory_id: MemoryId) -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        m = mem.get(memory_id, None if grant.admin else list(grant.owners or ()))
        mid = int(m["memory_id"])
        fields = "".join(f"<tr><th>{escape(k)}</th>{p.cell(m[k])}</tr>" for k in (
            "owner", "subject", "key", "type", "category", "importance", "status",
            "created_at", "updated_at", "last_accessed_at", "access_count", "decay_score",
            "expires_at", "merged_into", "language", "embedded"))
        token = p.csrf_input(who.csrf)
        edit = (f"<form id=edit method=post action='/ui/memories/{mid}/edit'>{token}"
                f"<textarea name=content rows=3>{escape(m['content'])}</textarea>"
                f"<label>importance <input name=importance type=number min=1 max=5 "
                f"value='{m['importance']}'></label> <label>category <input name=category "
                f"value='{escape(m['category'])}'></label> <button>Save</button></form>")
        if m["status"] == "active":
            action = (f"<form method=post action='/ui/memories/{mid}/delete' data-confirm="
                      "'Delete this memory? (restorable)'>" + token
                      + "<button id=delete>Delete</button></form>")
        else:
            action = (f"<form method=post action='/ui/memories/{mid}/restore'>{token}<button "
                      "id=restore>Restore</button></form>")
        sources = [f"<tr>{p.cell(s.get('ts'))}{p.cell(s.get('role'))}{p.cell(s.get('speaker'))}"
                   f"{p.cell(s.get('text') or '(saved by an agent)')}"
                   f"{p.cell(s.get('source_file'))}</tr>" for s in m["sources"]]
        history = [f"<tr>{p.cell(e['at'])}{p.cell(e['action'])}"
                   f"{p.cell(json.dumps(e['detail'], ensure_ascii=False))}</tr>"
                   for e in m["history"]]
        found = (f"<p id=rule class=muted>found by <code>{escape(m['rule'])}</code></p>"
                 if m.get("rule") else "")
        body = (f"<div class=grid><div class=card><h2>Memory</h2>{found}{edit}{action}"
                f"<table>{fields}</table></div><div class=card><h2>Decay</h2>"
                f"{p.decay_curve(m, settings, utcnow())}</div></div>"
                f"<div class=card><h2>Provenance</h2>"
                + p.table(["time", "role", "speaker", "text", "file"], sources, "sources")
                + "</div><div class=card><h2>History</h2>"
                + p.table(["at", "action", "detail"], history, "history") + "</div>")
        return HTMLResponse(p.page(f"Memory {mid}", body, m["owner"], who.csrf))

    def by_id_owners(grant: KeyGrant) -> list[str] | None:
        return None if grant.admin else list(grant.owners or ())

    @app.post("/ui/memories/{memory_id}/edit", include_in_schema=False)
    def edit(request: Request, memory_id: MemoryId, content: Annotated[str, Form()],
             importance: Annotated[int, Form()], category: Annotated[str, Form()],
             csrf_token: Token = "") -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        if not who.may_change(csrf_token):
            return refused()
        grant = who.grant
        try:
            mem.update(memory_id, by_id_owners(grant), content=content, importance=importance,
                       category=category)
        except MemoryApiError as exc:
            if type(exc).__name__ == "MemoryNotFound":
                raise
            return HTMLResponse(p.page("Not saved", f"<p>{escape(str(exc))}</p>",
                                       csrf=who.csrf), 400)
        return RedirectResponse(f"/ui/memories/{memory_id}", status_code=303)

    @app.post("/ui/memories/{memory_id}/{action}", include_in_schema=False)
    def delete_or_restore(request: Request, memory_id: MemoryId, action: str,
                          csrf_token: Token = "") -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        if not who.may_change(csrf_token):
            return refused()
        grant = who.grant
        if action == "delete":
            mem.delete(memory_id, by_id_owners(grant))
        elif action == "restore":
            mem.restore(memory_id, by_id_owners(grant))
        else:
            raise HTTPException(404, f"no action {action!r}")
        return RedirectResponse(f"/ui/memories/{memory_id}", status_code=303)

    @app.get("/ui/playground", include_in_schema=False)
    def playground(request: Request, owner: str | None = None, q: str = "",
                   mode: str = "hybrid") -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        name = pick_owner(grant, owner)
        form = ("<form class=filters method=get>" + p.select("owner", owners_of(grant), name)
                + f"<input name=q size=60 placeholder='try a query' value='{escape(q)}'>"
                + p.select("mode", ["hybrid", "fts", "semantic"], mode)
                + "<button>Search</button></form><p class=muted>Nothing is logged as an "
                "access here. Score = ((keyword RRF + vector RRF) × signals + neighbours)"
                " × tier × weight(decay, importance).</p>")
        rows: list[str] = []
        if q.strip() and name:
            hits = mem.search(q, name, k=20, mode=mode, reinforce=False, explain=True)
            top = max((h["explain"]["rrf"] for h in hits), default=0.0)
            for h in hits:
                e = h["explain"]
                rows.append(f"<tr>{p.memory_link(h)}{p.cell(e['keyword_rank'] or '-')}"
                            f"{p.cell(e['vector_rank'] or '-')}<td>"
                            f"{p.explain_bar(e['rrf'], top)}</td>"
                            f"{p.cell(e.get('signal_factor', 1.0))}"
                            f"{p.cell(e.get('neighbour_bonus', 0.0))}"
                            f"{p.cell(e.get('tier_penalty', 1.0))}{p.cell(e['decay'])}"
                            f"{p.cell(e['importance'])}{p.cell(e['relevance_weight'])}"
                            f"{p.cell(e['fused_score'])}{p.cell(e.get('rule'))}</tr>")
        body = form + p.table(["memory", "keyword rank", "vector rank", "RRF", "signals",
                               "neighbours", "tier", "decay",
                               "importance", "weight", "fused score", "found by"], rows,
                              "explain")
        return HTMLResponse(p.page("Playground", body, name, who.csrf))

    @app.get("/ui/engine", include_in_schema=False)
    def engine(request: Request) -> Response:
        who = grant_or_login(request)
        if isinstance(who, RedirectResponse):
            return who
        grant = who.grant
        if not grant.admin:
            return HTMLResponse(p.page("Engine", "<p>The engine page shows every owner's "
                                       "counts: it needs an admin key.</p>", csrf=who.csrf), 403)
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
        body = ("<div class=grid><div class=card><h2>Store and index</h2>"
                + p.table(["", ""], (f"<tr><th>{escape(k)}</th>{p.cell(v)}</tr>"
                                     for k, v in facts), "engine") + "</div>"
                "<div class=card><h2>Quarantine by reason</h2>"
                + p.table(["reason", "records"], (f"<tr>{p.cell(r[0])}{p.cell(r[1])}</tr>"
                                                  for r in quarantine)) + "</div></div>"
                "<div class=card><h2>Recent runs</h2>"
                + p.table(["run", "kind", "state", "started", "finished", "now"],
                          ("<tr>" + "".join(p.cell(v) for v in r) + "</tr>" for r in runs),
                          "runs") + "</div>")
        return HTMLResponse(p.page("Engine", body, csrf=who.csrf))
