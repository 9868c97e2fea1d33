"""MCP server (official ``mcp`` SDK 2.x, ``MCPServer``): the memory store as tools for agents.

Tools: ``memory_search``, ``memory_context``, ``memory_save``, ``memory_delete``,
``memory_stats``. The logic lives in :mod:`search`, :mod:`context` and :mod:`memory_api`;
this module only resolves the owner, serialises calls and maps errors to tool errors.

**Owners.** The owner is the namespace of memories. Every tool acts within one owner: the
one passed as ``owner``, else the server's ``--owner`` (default ``default``). A client never
sees another owner's memories unless it names that owner, so one server can serve several
cooperating namespaces. This is *not* a security boundary: any client that can reach the
server may name any owner. A deployment that needs hard isolation runs one server per owner
with ``--owner NAME --lock-owner``; such a server rejects every call that names another owner.

One :class:`search.Searcher` lives as long as the server: the embedding model loads on the
first semantic query (or ``embed_now`` save) and the FAISS index is reloaded whenever a
pipeline run rewrites it, so new memories are found without a restart.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from kore_pipeline.embed.cache import Embedder, EmbeddingCache
from kore_pipeline.serve.memory_api import MemoryApiError, delete_memory, owner_stats, save_memory
from kore_pipeline.serve.search import Searcher, SearchFilters
from kore_pipeline.settings import KoreSettings

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
Use memory_search to look facts up, memory_context for a ready-to-paste block of relevant
memories, memory_save to remember something new, memory_delete to forget a memory by id and
memory_stats for counts. The `owner` argument is the memory namespace; leave it out to use
this server's default owner{locked}."""

T = TypeVar("T")

Owner = Annotated[str | None, Field(
    description="Memory namespace; default: the server's owner. Memories of other owners are "
                "never returned unless their owner is named here.")]
Now = Annotated[str | None, Field(
    description="ISO 8601 time to act at (for reproducible results); default: the clock.")]


class MemoryService:
    """The state behind the tools: one store connection, one Searcher, one lock.

    Tools run on worker threads; the lock makes calls take turns on the shared connection.
    """

    def __init__(self, settings: KoreSettings, owner: str = DEFAULT_OWNER,
                 lock_owner: bool = False, embedder: Embedder | None = None) -> None:
        owner = (owner or "").strip()
        if not owner:
            raise ValueError("the server's owner must be a non-empty string")
        self.settings = settings
        self.owner = owner
        self.lock_owner = lock_owner
        from kore_pipeline.store.db import connect

        self.searcher = Searcher(settings, embedder=embedder,
                                 conn=connect(settings.db_path(), create=False))
        self.lock = threading.Lock()
        self._cache: EmbeddingCache | None = None

    @property
    def conn(self) -> Any:
        """The store connection (shared with the Searcher)."""
        return self.searcher.conn

    def resolve_owner(self, owner: str | None) -> str:
        """The owner a call acts on; refuses any other than the server's when locked."""
        name = (owner or "").strip() or self.owner
        if self.lock_owner and name != self.owner:
            raise ToolError(f"this server is locked to owner {self.owner!r}; owner {name!r} "
                            "is not served here")
        return name

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` under the lock; refused requests become tool errors the model can read."""
        with self.lock:
            try:
                return fn()
            except (MemoryApiError, ValueError) as exc:
                raise ToolError(str(exc)) from exc

    def embed_pending(self) -> dict[str, Any]:
        """Embed what changed and rewrite the index now (the model loads if needed)."""
        from kore_pipeline.index.sync import sync_index

        if self._cache is None:
            self._cache = EmbeddingCache(self.settings.cache_path())
        report = sync_index(self.conn, self.settings, self.searcher.embedder, self._cache)
        return {"encoded": report.encoded, "rebuilt": report.rebuilt,
                "signature": report.signature}

    def close(self) -> None:
        """Close the cache and the store."""
        if self._cache is not None:
            self._cache.close()
        self.searcher.close()


def build_server(settings: KoreSettings, owner: str = DEFAULT_OWNER, lock_owner: bool = False,
                 embedder: Embedder | None = None) -> tuple[MCPServer, MemoryService]:
    """The MCP server with its five tools, and the service holding the store (close it)."""
    svc = MemoryService(settings, owner, lock_owner, embedder)
    locked = (f"; this server is locked to owner {svc.owner!r}" if lock_owner
              else f" ({svc.owner!r})")
    server: MCPServer = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS.format(locked=locked),
                                  log_level="WARNING")
    # Search and context only add access-log rows (bookkeeping that slows forgetting); they
    # change no memory, so they are advertised as read-only.
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    def memory_search(
        query: Annotated[str, Field(description="What to look for, in natural language.")],
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
        type: Annotated[Literal["factual", "episodic", "summary"] | None, Field(
            description="Only this memory type.")] = None,
        include_archived: Annotated[bool, Field(
            description="Also forgotten, merged, compacted and superseded memories"
            " (never deleted ones).")] = False,
        now: Now = None,
    ) -> list[dict[str, Any]]:
        """Search one owner's long-term memories; best first.

        Each hit has memory_id (use it with memory_delete), content, subject, category,
        type, importance (1-5), decay_score, score, created_at, status and the source
        message ids. Every returned hit counts as an access, which slows its forgetting.
        """
        def run() -> list[dict[str, Any]]:
            name = svc.resolve_owner(owner)
            filters = SearchFilters(subject=subject, category=category, type=type,
                                    include_archived=include_archived)
            hits = svc.searcher.search(query, name, k=k, now=now, reinforce=True, mode=mode,
                                       filters=filters)
            return [h.to_dict() for h in hits]

        return svc.call(run)

    @server.tool(annotations=read_only)
    def memory_context(
        query: Annotated[str, Field(description="The task or question the context is for.")],
        owner: Owner = None,
        max_tokens: Annotated[int, Field(ge=50, le=MAX_CONTEXT_TOKENS, description=(
            "Budget of the block, in tokens (approximate)."))] = 2000,
        now: Now = None,
    ) -> str:
        """The memories most relevant to QUERY as one text block to put in a prompt.

        The block fits in max_tokens; it is empty when nothing relevant is remembered.
        """
        def run() -> str:
            name = svc.resolve_owner(owner)
            try:
                from kore_pipeline.serve.prompt import build_context
            except ImportError as exc:
                raise ToolError("memory_context is not available in this installation "
                                f"({exc}); use memory_search") from exc
            return build_context(svc.searcher, query, name, max_tokens=max_tokens, now=now)

        return svc.call(run)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False,
                                             idempotent_hint=True, open_world_hint=False))
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
    ) -> dict[str, Any]:
        """Remember something: store it in one owner's long-term memory.

        Saving the same fact again (same owner, subject and wording up to case and
        punctuation) refreshes the one memory instead of adding a duplicate. Returns
        memory_id, importance, key, action (inserted/updated/unchanged) and status.
        """
        def run() -> dict[str, Any]:
            name = svc.resolve_owner(owner)
            result = save_memory(svc.conn, svc.settings, content, name, subject=subject,
                                 category=category, type=type, importance=importance, now=now,
                                 expires_at=expires_at)
            out = result.to_dict()
            if embed_now:
                out["index"] = svc.embed_pending()
                out["embedded"] = True
            return out

        return svc.call(run)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True,
                                             idempotent_hint=True, open_world_hint=False))
    def memory_delete(
        memory_id: Annotated[int, Field(description="Id of the memory (from memory_search).")],
        owner: Owner = None,
        now: Now = None,
    ) -> dict[str, Any]:
        """Forget one memory of an owner: search will never return it again.

        The memory is archived with reason 'deleted' (its text is kept in the archive for
        audit, not destroyed). An id that the owner does not have is an error.
        """
        def run() -> dict[str, Any]:
            return delete_memory(svc.conn, memory_id, svc.resolve_owner(owner), now=now)

        return svc.call(run)

    @server.tool(annotations=read_only)
    def memory_stats(owner: Owner = None) -> dict[str, Any]:
        """Counts for one owner: active memories by category, type and importance, archived
        memories by reason, memories not yet embedded, pending accesses, and the embedding
        model signature of the store."""
        return svc.call(lambda: owner_stats(svc.conn, svc.resolve_owner(owner)))

    return server, svc


def serve_stdio(settings: KoreSettings, owner: str = DEFAULT_OWNER,
                lock_owner: bool = False) -> None:
    """Serve the tools over stdio until the client closes the connection.

    The search caches are warmed first (the locked owner's, else every owner's), so no
    owner's first query pays for reading its allowed ids (docs/scale.md).
    """
    server, svc = build_server(settings, owner, lock_owner)
    try:
        svc.searcher.warm([owner] if lock_owner else None)
        server.run("stdio")
    finally:
        svc.close()
