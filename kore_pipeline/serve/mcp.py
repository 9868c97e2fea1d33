"""MCP server (official ``mcp`` SDK 2.x, ``MCPServer``): the memory store as tools for agents.

The same operations as ``kore api`` and the Python API (every tool calls a method of
:class:`kore_pipeline.memory.Memory`): ``memory_search`` (with ``explain``),
``memory_context``, ``memory_inject``, ``memory_save``, ``memory_save_batch``, ``memory_get``,
``memory_update``, ``memory_delete``, ``memory_restore``, ``memory_list``,
``memory_timeline``, ``memory_stats`` and ``memory_export``. Results are typed
(:mod:`mcp_types`), so each tool advertises its output schema.

**Hints are truthful.** Search, context and inject log every memory they return as an access
(the next decay pass turns it into reinforcement), so they are not read-only; a server
started with ``reinforce=False`` (``kore mcp --no-reinforce``) logs nothing and advertises
them read-only.

**Owners.** Every tool acts within one owner: the one passed as ``owner``, else the server's
``--owner`` (default ``default``). This is *not* a security boundary: any client may name any
owner, unless the server runs with ``--owner NAME --lock-owner`` (then it refuses every other
owner). For per-key isolation over the network use ``kore api``.

**Transports.** stdio (``kore mcp``) or streamable HTTP (``kore mcp --transport http --port
P``, endpoint ``/mcp``). One :class:`Memory` lives as long as the server: the model loads
once, and the FAISS index is reloaded whenever a pipeline run rewrites it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from kore_pipeline.memory import Memory
from kore_pipeline.serve import mcp_types as t
from kore_pipeline.serve.memory_api import SQLITE_MAX_INT, MemoryApiError
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.busy import StoreBusy
from kore_pipeline.store.check import StorageProblem

try:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations
except ImportError as exc:  # pragma: no cover - install problem
    raise ImportError("kore mcp needs the official MCP SDK 2.x: pip install 'mcp>=2'") from exc

SERVER_NAME = "kore-memory"
DEFAULT_OWNER = "default"
MAX_K = 100
MAX_CONTEXT_TOKENS = 32000

INSTRUCTIONS = """\
Long-term memory of past conversations (kore-pipeline).
Use memory_search to look facts up (explain=true says why each hit ranked), memory_context
for a ready-to-paste block of relevant memories, memory_save to remember something new,
memory_get / memory_update / memory_delete / memory_restore by id, memory_list and
memory_timeline to browse, memory_stats for counts. The `owner` argument is the memory
namespace; leave it out to use this server's default owner{locked}."""

T = TypeVar("T")

Owner = Annotated[str | None, Field(
    description="Memory namespace; default: the server's owner. Memories of other owners are "
                "never returned unless their owner is named here.")]
Now = Annotated[str | None, Field(
    description="ISO 8601 time to act at (for reproducible results); default: the clock.")]
MemoryId = Annotated[int, Field(ge=-SQLITE_MAX_INT, le=SQLITE_MAX_INT, description=(
    "Id of the memory (from memory_search or memory_list)."))]
Type = Annotated[Literal["factual", "episodic", "summary"] | None, Field(
    description="Only this memory type.")]
Status = Annotated[Literal["active", "forgotten", "merged", "compacted", "superseded",
                           "deleted", "any"], Field(description="Only this status ('any': all).")]
Limit = Annotated[int, Field(ge=1, le=500, description="Page size.")]
Offset = Annotated[int, Field(ge=0, le=SQLITE_MAX_INT,
                              description="Skip this many (use next_offset).")]


class MemoryService:
    """The state behind the tools: one :class:`Memory` and the owner rules."""

    def __init__(self, settings: KoreSettings, owner: str = DEFAULT_OWNER,
                 lock_owner: bool = False, embedder: Any = None,
                 reinforce: bool = True) -> None:
        owner = (owner or "").strip()
        if not owner:
            raise ValueError("the server's owner must be a non-empty string")
        self.settings = settings
        self.owner = owner
        self.lock_owner = lock_owner
        self.reinforce = reinforce
        self.memory = Memory(settings=settings, embedder=embedder)

    @property
    def conn(self) -> Any:
        """The store connection."""
        return self.memory.conn

    @property
    def searcher(self) -> Any:
        """The searcher (for warming)."""
        return self.memory.searcher

    def resolve_owner(self, owner: str | None) -> str:
        """The owner a call acts on; refuses any other than the server's when locked."""
        name = (owner or "").strip() or self.owner
        if self.lock_owner and name != self.owner:
            raise ToolError(f"this server is locked to owner {self.owner!r}; owner {name!r} "
                            "is not served here")
        return name

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn``; refused requests, and writes given up while a pipeline stage holds the
        store ("the store is busy …: retry in N s"), become tool errors the model can read."""
        try:
            return fn()
        except (MemoryApiError, ValueError, StoreBusy) as exc:
            raise ToolError(str(exc)) from exc
        except StorageProblem as exc:  # the reason, never the server's file paths
            raise ToolError(f"nothing was saved: {exc.reason}") from exc

    def close(self) -> None:
        """Close the store."""
        self.memory.close()


def build_server(settings: KoreSettings, owner: str = DEFAULT_OWNER, lock_owner: bool = False,
                 embedder: Any = None,
                 reinforce: bool = True) -> tuple[MCPServer, MemoryService]:
    """The MCP server with its tools, and the service holding the store (close it)."""
    svc = MemoryService(settings, owner, lock_owner, embedder, reinforce)
    mem = svc.memory
    locked = (f"; this server is locked to owner {svc.owner!r}" if lock_owner
              else f" ({svc.owner!r})")
    server: MCPServer = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS.format(locked=locked),
                                  log_level="WARNING")
    logs_access = ToolAnnotations(read_only_hint=not reinforce, destructive_hint=False,
                                  idempotent_hint=not reinforce, open_world_hint=False)
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False,
                             idempotent_hint=True, open_world_hint=False)
    removes = ToolAnnotations(read_only_hint=False, destructive_hint=True,
                              idempotent_hint=True, open_world_hint=False)

    @server.tool(annotations=logs_access)
    def memory_search(
        query: Annotated[str, Field(description=(
            "What to look for, in natural language. A question may say when it was said "
            "('what did I say about the trip last week?', 'in July 2022'): memories of "
            "that time rank first, relative to `now`."))],
        owner: Owner = None,
        k: Annotated[int, Field(ge=1, le=MAX_K, description="Results to return.")] = 10,
        mode: Annotated[Literal["hybrid", "fts", "semantic"], Field(
            description="hybrid: keywords (FTS5) and meaning (vectors) fused; fts: keywords "
                        "only; semantic: vectors only.")] = "hybrid",
        subject: Annotated[str | None, Field(
            description="Only memories about this person (e.g. 'user', 'Anna').")] = None,
        category: Annotated[str | None, Field(
            description="Only this category (preference, decision, habit, profile, episode, "
                        "summary, note, ...).")] = None,
        type: Type = None,
        include_archived: Annotated[bool, Field(
            description="Also forgotten, merged, compacted and superseded memories"
            " (never deleted ones).")] = False,
        explain: Annotated[bool, Field(description=(
            "Add to each hit why it ranked: keyword rank, vector rank, decay, importance, "
            "fused score, and the extraction rule that found it."))] = False,
        now: Now = None,
    ) -> list[t.Hit]:
        """Search one owner's long-term memories; best first.

        Each hit has memory_id, content, subject, category, type, importance (1-5),
        decay_score, score, created_at, status, the source message ids and the extraction
        rule that found it (null for episodes and saves). Every returned hit counts as an
        access, which slows its forgetting (unless the server runs with reinforcement off).
        """
        def run() -> list[t.Hit]:
            hits = mem.search(query, svc.resolve_owner(owner), k=k, now=now, mode=mode,
                              subject=subject, category=category, type=type,
                              include_archived=include_archived, reinforce=svc.reinforce,
                              explain=explain)
            return [t.Hit.model_validate(h) for h in hits]

        return svc.call(run)

    @server.tool(annotations=logs_access)
    def memory_context(
        query: Annotated[str, Field(description="The task or question the context is for.")],
        owner: Owner = None,
        max_tokens: Annotated[int, Field(ge=50, le=MAX_CONTEXT_TOKENS, description=(
            "Budget of the block, in tokens (approximate)."))] = 2000,
        now: Now = None,
    ) -> str:
        """The memories most relevant to QUERY as one text block to put in a prompt.

        The block fits in max_tokens; it is empty when nothing relevant is remembered. The
        memories written into it count as accesses.
        """
        return svc.call(lambda: mem.context(query, svc.resolve_owner(owner),
                                            max_tokens=max_tokens, now=now,
                                            reinforce=svc.reinforce))

    @server.tool(annotations=logs_access)
    def memory_inject(
        request: Annotated[dict[str, Any], Field(description=(
            "An OpenAI-style chat request ({model, messages: [{role, content}]})."))],
        owner: Owner = None,
        provider: Annotated[str | None, Field(description=(
            "Provider name (glm/zhipu get the block as a user message)."))] = None,
        max_tokens: Annotated[int, Field(ge=50, le=MAX_CONTEXT_TOKENS)] = 2000,
        now: Now = None,
    ) -> dict[str, Any]:
        """The chat request with the owner's memory block added for its last user message."""
        return svc.call(lambda: mem.inject(request, svc.resolve_owner(owner), provider=provider,
                                           max_tokens=max_tokens, now=now,
                                           reinforce=svc.reinforce))

    @server.tool(annotations=writes)
    def memory_save(
        content: Annotated[str, Field(description="The fact or note to remember, as one "
                                                  "self-contained sentence.")],
        owner: Owner = None,
        subject: Annotated[str, Field(description="Who it is about.")] = "user",
        category: Annotated[str, Field(description=(
            "One word: preference, decision, habit, profile, episode, note, ..."))] = "note",
        type: Annotated[Literal["factual", "episodic", "summary"], Field(
            description="factual: a lasting fact; episodic: something that happened; "
                        "summary: a digest of several memories.")] = "factual",
        importance: Annotated[int | None, Field(ge=1, le=5, description=(
            "1 (trivia) to 5 (critical, e.g. an allergy); default: scored from the "
            "text."))] = None,
        expires_at: Annotated[str | None, Field(description=(
            "ISO 8601 time after which search no longer returns it (the memory is kept); "
            "default: never."))] = None,
        embed_now: Annotated[bool, Field(description=(
            "Also embed it for semantic search now (slower; otherwise the next pipeline run "
            "does it). Keyword search finds it at once either way."))] = False,
        now: Now = None,
    ) -> t.Saved:
        """Remember something: store it in one owner's long-term memory.

        Saving the same fact again (same owner, subject and wording up to case and
        punctuation) refreshes the one memory instead of adding a duplicate. Returns
        memory_id, importance, key, action (inserted/updated/unchanged) and status.
        """
        return svc.call(lambda: t.Saved.model_validate(mem.save(
            content, svc.resolve_owner(owner), subject=subject, category=category, type=type,
            importance=importance, expires_at=expires_at, now=now, embed_now=embed_now)))

    @server.tool(annotations=writes)
    def memory_save_batch(
        items: Annotated[list[dict[str, Any]], Field(
            min_length=1, max_length=500, description=(
                "Memories to save, each {content, subject?, category?, type?, importance?, "
                "expires_at?}."))],
        owner: Owner = None,
        now: Now = None,
    ) -> t.Batch:
        """Save several memories of one owner; a refused item never stops the rest."""
        def run() -> t.Batch:
            name = svc.resolve_owner(owner)
            clean = [{k: v for k, v in item.items() if k != "owner"} for item in items]
            results = mem.save_many(clean, owner=name, now=now)
            return t.Batch(results=[t.BatchItem.model_validate(r) for r in results],
                           saved=sum(r["ok"] for r in results),
                           refused=sum(not r["ok"] for r in results))

        return svc.call(run)

    @server.tool(annotations=read_only)
    def memory_get(memory_id: MemoryId, owner: Owner = None) -> t.MemoryFull:
        """One memory in full: its fields, the source messages (text and time) it came from,
        its archive record and history (merges, supersessions, edits, restores)."""
        return svc.call(lambda: t.MemoryFull.model_validate(
            mem.get(memory_id, svc.resolve_owner(owner))))

    @server.tool(annotations=writes)
    def memory_update(
        memory_id: MemoryId,
        owner: Owner = None,
        content: Annotated[str | None, Field(description="New text.")] = None,
        importance: Annotated[int | None, Field(ge=1, le=5)] = None,
        category: Annotated[str | None, Field(description="New category (one word).")] = None,
        expires_at: Annotated[str | None, Field(description=(
            "ISO 8601 expiry; \"\" clears it."))] = None,
        now: Now = None,
    ) -> t.Changed:
        """Change the content, importance, category or expiry of one memory."""
        changes = {k: v for k, v in (("content", content), ("importance", importance),
                                     ("category", category), ("expires_at", expires_at))
                   if v is not None}

        def run() -> t.Changed:
            if not changes:
                raise MemoryApiError("nothing to update: give content, importance, category or"
                                     " expires_at")
            return t.Changed.model_validate(mem.update(memory_id, svc.resolve_owner(owner),
                                                       now=now, **changes))

        return svc.call(run)

    @server.tool(annotations=removes)
    def memory_delete(memory_id: MemoryId, owner: Owner = None, now: Now = None) -> t.Changed:
        """Forget one memory of an owner: search will never return it again.

        The memory is archived with reason 'deleted' (its text is kept for audit and
        memory_restore brings it back). An id that the owner does not have is an error.
        """
        return svc.call(lambda: t.Changed.model_validate(
            mem.delete(memory_id, svc.resolve_owner(owner), now=now)))

    @server.tool(annotations=writes)
    def memory_restore(memory_id: MemoryId, owner: Owner = None, now: Now = None) -> t.Changed:
        """Bring a forgotten, merged, superseded or deleted memory back to the active set."""
        return svc.call(lambda: t.Changed.model_validate(
            mem.restore(memory_id, svc.resolve_owner(owner), now=now)))

    def page(owner: str | None, order: str, status: str, **filters: Any) -> t.Page:
        return t.Page.model_validate(mem.list(
            svc.resolve_owner(owner), order=order, status=None if status == "any" else status,
            **filters))

    @server.tool(annotations=read_only)
    def memory_list(owner: Owner = None, subject: str | None = None,
                    category: str | None = None, type: Type = None,
                    status: Status = "active", since: str | None = None,
                    until: str | None = None, text: str | None = None, limit: Limit = 50,
                    offset: Offset = 0) -> t.Page:
        """A page of one owner's memories, newest first, filtered by subject, category, type,
        status, creation time (since/until, ISO) or a piece of text."""
        return svc.call(lambda: page(owner, "newest", status, subject=subject,
                                     category=category, type=type, since=since, until=until,
                                     text=text, limit=limit, offset=offset))

    @server.tool(annotations=read_only)
    def memory_timeline(owner: Owner = None, subject: str | None = None,
                        category: str | None = None, type: Type = None,
                        status: Status = "any", since: str | None = None,
                        until: str | None = None, limit: Limit = 50,
                        offset: Offset = 0) -> t.Page:
        """One owner's memories in time order (oldest first), every status by default."""
        return svc.call(lambda: page(owner, "oldest", status, subject=subject,
                                     category=category, type=type, since=since, until=until,
                                     limit=limit, offset=offset))

    @server.tool(annotations=read_only)
    def memory_stats(owner: Owner = None) -> t.OwnerStats:
        """Counts for one owner: active memories by category, type and importance, archived
        memories by reason, memories not yet embedded, pending accesses, and the embedding
        model signature of the store."""
        return svc.call(lambda: t.OwnerStats.model_validate(
            mem.stats(svc.resolve_owner(owner))))

    @server.tool(annotations=read_only)
    def memory_export(owner: Owner = None, now: Now = None) -> list[dict[str, Any]]:
        """Everything of one owner (header, messages, memories with provenance and accesses),
        as the records `kore export` writes and `kore import` reads."""
        return svc.call(lambda: mem.export(svc.resolve_owner(owner), now=now))

    return server, svc


def serve(settings: KoreSettings, owner: str = DEFAULT_OWNER, lock_owner: bool = False,
          transport: Literal["stdio", "http"] = "stdio", host: str = "127.0.0.1",
          port: int = 8766, reinforce: bool = True) -> None:
    """Serve the tools over stdio, or streamable HTTP at ``http://host:port/mcp``.

    The search caches are warmed first (the locked owner's, else every owner's), so no
    owner's first query pays for reading its allowed ids (docs/scale.md). Over HTTP the
    server is ``kore api``'s (``serve.http.server``): header and body timeouts, a cap on
    open connections.
    """
    server, svc = build_server(settings, owner, lock_owner, reinforce=reinforce)
    try:
        svc.searcher.warm([owner] if lock_owner else None)
        if transport == "http":
            import uvicorn

            from kore_pipeline.serve.http.guard import BodyLimit
            from kore_pipeline.serve.http.server import server_config

            app = BodyLimit(server.streamable_http_app(host=host),
                            max_bytes=None, timeout=settings.api_body_timeout_seconds)
            uvicorn.Server(server_config(app, settings, host, port)).run()
        else:
            server.run("stdio")
    finally:
        svc.close()


def serve_stdio(settings: KoreSettings, owner: str = DEFAULT_OWNER,
                lock_owner: bool = False) -> None:
    """Serve the tools over stdio until the client closes the connection."""
    serve(settings, owner, lock_owner)
