"""The Python API: ``from kore_pipeline import Memory``.

One :class:`Memory` per home folder opens the store once, loads the embedding model on the
first semantic query and answers many calls; ``kore`` (CLI), ``kore api`` (HTTP) and
``kore mcp`` call these same methods. Every method that depends on time takes ``now``
(ISO 8601 or a datetime; default: the clock), so results are reproducible.

>>> from kore_pipeline import Memory
>>> with Memory(".kore") as mem:
...     saved = mem.save("Anna is allergic to peanuts", owner="team-alpha", subject="Anna",
...                      category="profile", importance=5, now="2026-09-01T10:00:00Z")
...     hits = mem.search("what is Anna allergic to", owner="team-alpha",
...                       now="2026-09-02T10:00:00Z", explain=True)
...     hits[0]["content"], hits[0]["explain"]["keyword_rank"]
('Anna is allergic to peanuts', 1)

Owners are namespaces: a method that takes ``owner`` acts within it; for the by-id methods
(get, update, delete, restore) ``owner`` may also be a list of owners the caller may act on
(what an API key maps to), or ``None`` for any owner. An id outside them is "not found".
"""

from __future__ import annotations

import builtins
import sqlite3
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from kore_pipeline.serve import memory_edit, memory_read
from kore_pipeline.serve.memory_api import MemoryApiError, delete_memory, owner_stats, save_memory
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.busy import retry_when_busy
from kore_pipeline.store.check import StorageProblem, storage_problem
from kore_pipeline.store.db import transaction
from kore_pipeline.timeutil import iso, resolve_now

Owners = str | Sequence[str] | None
Now = datetime | str | None
T = TypeVar("T")
ATTEMPT_WAIT_MS = 250
"""How long one write attempt waits for the store's write lock while holding this Memory's
lock (searches wait behind it); attempts repeat until ``write_busy_wait_seconds``."""


def _owners(owner: Owners) -> list[str] | None:
    if owner is None:
        return None
    return [owner] if isinstance(owner, str) else list(owner)


class Memory:
    """Long-term memory in one home folder (store, index, lake). Thread-safe: calls take turns.

    ``Memory(home)`` or ``Memory(settings=KoreSettings(...))``; ``embedder`` to share an
    already loaded model. Close it (or use ``with``) to release the store.
    """

    def __init__(self, home: str | Path | None = None, *, settings: KoreSettings | None = None,
                 embedder: Any = None) -> None:
        if settings is None:
            settings = KoreSettings(home=Path(home)) if home is not None else KoreSettings()
        self.settings = settings
        self.lock = threading.RLock()
        self._embedder = embedder
        self._searcher: Any = None
        self._cache: Any = None

    # ------------------------------------------------------------------ plumbing
    @property
    def searcher(self) -> Any:
        """The :class:`~kore_pipeline.serve.search.Searcher` (opened on first use)."""
        if self._searcher is None:
            from kore_pipeline.serve.search import Searcher
            from kore_pipeline.store.db import connect

            if not self.settings.db_path().is_file():  # a new home: a Memory reads and writes
                connect(self.settings.db_path()).close()
            self._searcher = Searcher(self.settings, embedder=self._embedder)
        return self._searcher

    @property
    def conn(self) -> Any:
        """The store connection (shared with the searcher)."""
        return self.searcher.conn

    def close(self) -> None:
        """Release the store and the embedding cache."""
        with self.lock:
            if self._cache is not None:
                self._cache.close()
                self._cache = None
            if self._searcher is not None:
                self._searcher.close()
                self._searcher = None

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, change: Callable[[], T]) -> T:
        """Run ``change`` (one transaction) under the lock; while another process holds the
        store's write lock, try again for ``write_busy_wait_seconds``, releasing the lock
        between attempts, then raise :class:`~kore_pipeline.store.busy.StoreBusy`."""
        def attempt() -> T:
            with self.lock:
                conn = self.conn
                before = conn.execute("PRAGMA busy_timeout").fetchone()[0]
                conn.execute(f"PRAGMA busy_timeout={ATTEMPT_WAIT_MS}")
                try:
                    with transaction(conn):
                        return change()
                finally:
                    conn.execute(f"PRAGMA busy_timeout={int(before)}")

        try:
            return retry_when_busy(attempt, self.settings.write_busy_wait_seconds,
                                   self.settings.write_busy_retry_after_seconds)
        except sqlite3.Error as exc:  # a full disk or a store not writable: say so
            reason = storage_problem(exc, self.settings.db_path())
            if reason is None:
                raise
            raise StorageProblem(self.settings.db_path(), reason) from exc

    # ------------------------------------------------------------------ reading
    def search(self, query: str, owner: str, *, k: int = 10, now: Now = None,
               mode: str = "hybrid", subject: str | None = None, category: str | None = None,
               type: str | None = None, session_id: str | None = None,
               since: Now = None, until: Now = None, include_archived: bool = False,
               reinforce: bool = True, explain: bool = False, as_of: Now = None,
               include_superseded: bool | None = None) -> list[dict[str, Any]]:
        """Top-``k`` memories of ``owner`` for ``query``, best first, as dicts.

        Each returned hit is logged as an access (it slows forgetting) unless
        ``reinforce=False``. ``as_of``: what was true at that time (superseded memories that
        were current then); ``include_superseded``: also (True) or never (False) superseded
        memories, default by the question. ``explain=True`` adds ``"explain"`` to each hit:
        keyword rank, vector rank, decay, importance, fused score (``serve.explain``).

        >>> mem.search("coffee", owner="team-alpha", k=3, now="2026-11-30T12:00:00Z")
        """
        from kore_pipeline.serve.explain import explain_hit
        from kore_pipeline.serve.filters import SearchFilters

        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1000:
            raise MemoryApiError(f"k must be an integer from 1 to 1000, got {k!r}")
        filters = SearchFilters(subject=subject, session_id=session_id, type=type,
                                category=category, since=since, until=until,
                                include_archived=include_archived, as_of=as_of)
        with self.lock:
            hits = self.searcher.search(query, owner, k=k, now=now, reinforce=reinforce,
                                        mode=mode, filters=filters,
                                        include_superseded=include_superseded)
        out = []
        for hit in hits:
            row = hit.to_dict()
            if explain:
                row["explain"] = explain_hit(hit, self.settings)
            out.append(row)
        return out

    def context(self, query: str, owner: str, *, max_tokens: int = 2000, k: int = 30,
                now: Now = None, reinforce: bool = True) -> str:
        """The ``<memory>`` block for a prompt (facts, then episodes), within ``max_tokens``;
        ``""`` when nothing relevant is remembered.

        >>> print(mem.context("plan the team dinner", owner="team-alpha", max_tokens=500))
        """
        from kore_pipeline.serve.prompt import build_context

        with self.lock:
            return build_context(self.searcher, query, owner, max_tokens=max_tokens, now=now,
                                 k=k, reinforce=reinforce)

    def inject(self, request: dict[str, Any], owner: str, *, provider: str | None = None,
               max_tokens: int = 2000, now: Now = None,
               reinforce: bool = True) -> dict[str, Any]:
        """An OpenAI-style chat request with the owner's memory block added (the query is
        its last user message); ``"kore": {"inject": false}`` passes it through.

        >>> mem.inject({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]},
        ...            owner="team-alpha")
        """
        from kore_pipeline.serve.prompt import inject, request_query, wants_injection

        query = request_query(request)
        block = ""
        if wants_injection(request) and query:
            block = self.context(query, owner, max_tokens=max_tokens, now=now,
                                 reinforce=reinforce)
        return inject(request, block, provider=provider)

    def get(self, memory_id: int, owner: Owners = None) -> dict[str, Any]:
        """One memory in full: fields, source messages (text and time), archive record and
        history (merges, supersessions, edits, restores).

        >>> mem.get(12, owner="team-alpha")["sources"][0]["text"]
        """
        with self.lock:
            return memory_read.get_memory(self.conn, memory_id, _owners(owner))

    def list(self, owner: Owners = None, *, subject: str | None = None,
             category: str | None = None, type: str | None = None,
             status: str | None = "active", since: Now = None, until: Now = None,
             text: str | None = None, limit: int = 50, offset: int = 0,
             order: str = "newest") -> dict[str, Any]:
        """A page of memories (``items``, ``total``, ``next_offset``), newest first, or
        oldest first with ``order="oldest"`` (the timeline). ``status=None``: every status.

        >>> mem.list("team-alpha", category="preference", limit=20)["items"]
        """
        filters = memory_read.ListFilters(subject=subject, category=category, type=type,
                                          status=status, since=since, until=until, text=text)
        with self.lock:
            return memory_read.list_memories(self.conn, _owners(owner), filters, limit,
                                             offset, order)

    def timeline(self, owner: Owners = None, **filters: Any) -> dict[str, Any]:
        """:meth:`list` in time order (oldest first), every status unless one is given.

        >>> mem.timeline("team-alpha", since="2026-09-01", limit=100)
        """
        filters.setdefault("status", None)
        return self.list(owner, order="oldest", **filters)

    def stats(self, owner: str | None = None) -> dict[str, Any]:
        """Counts: of one owner (by category, type, importance, archive reason, pending
        embeddings and accesses), or of the whole store when ``owner`` is None.

        >>> mem.stats("team-alpha")["active"]
        """
        with self.lock:
            if owner is not None:
                return owner_stats(self.conn, owner)
            from kore_pipeline.serve.stats import collect_stats

            return collect_stats(self.settings)

    def export(self, owner: str, *, now: Now = None) -> builtins.list[dict[str, Any]]:
        """The owner's export records (header, messages, memories with provenance and
        accesses), as ``kore export`` writes them; ``kore import`` reads them back."""
        from kore_pipeline.lifecycle.transfer import export_records

        with self.lock:
            return list(export_records(self.conn, owner, now))

    # ------------------------------------------------------------------ writing
    def save(self, content: str, owner: str, *, subject: str = "user", category: str = "note",
             type: str = "factual", importance: int | None = None, expires_at: Now = None,
             session_id: str | None = None, now: Now = None,
             embed_now: bool = False) -> dict[str, Any]:
        """Remember ``content`` for ``owner``; the same fact again refreshes one memory.

        Searchable by keyword at once; by meaning after the next index stage, or at once
        with ``embed_now=True`` (loads the model). Returns memory_id, importance, key,
        action (inserted/updated/unchanged) and status.

        >>> mem.save("The launch moved to October 12", owner="team-alpha", category="decision")
        """
        def change() -> dict[str, Any]:
            return self._save(content, owner, subject=subject, category=category, type=type,
                              importance=importance, now=now, session_id=session_id,
                              expires_at=expires_at)

        result = self._write(change)
        if embed_now:
            result["index"] = self.embed_pending()
            result["embedded"] = True
        return result

    def _save(self, content: str, owner: str, **args: Any) -> dict[str, Any]:
        """One save and its history event (inside the caller's transaction and lock)."""
        result = save_memory(self.conn, self.settings, content, owner, **args).to_dict()
        if result["action"] != "unchanged":
            memory_edit.record_event(self.conn, result["memory_id"], owner.strip(),
                                     iso(resolve_now(args.get("now"))), "saved",
                                     {"action": result["action"]})
        return result

    def save_many(self, items: Sequence[dict[str, Any]], owner: str | None = None, *,
                  now: Now = None) -> builtins.list[dict[str, Any]]:
        """Save several memories (each a dict of :meth:`save`'s arguments, ``owner`` defaulting
        to the one given); one refused item never stops the rest. Each result has ``ok``,
        and either the save's fields or ``error`` with the item's ``index``.

        >>> mem.save_many([{"content": "a"}, {"content": ""}], owner="team-alpha")
        """
        from kore_pipeline.serve.batch import save_batch, wants_embedding

        results = self._write(lambda: save_batch(self.conn, items, owner, now, self._save))
        if wants_embedding(items) and any(r["ok"] for r in results):
            self.embed_pending()
        return results

    def update(self, memory_id: int, owner: Owners = None, *, now: Now = None,
               **changes: Any) -> dict[str, Any]:
        """Change content, importance, category or expires_at of one memory.

        >>> mem.update(12, owner="team-alpha", content="Anna prefers oat milk", importance=4)
        """
        def change() -> dict[str, Any]:
            who = memory_read.memory_owner(self.conn, memory_id, _owners(owner))
            return memory_edit.update_memory(self.conn, memory_id, who, changes, now)

        return self._write(change)

    def delete(self, memory_id: int, owner: Owners = None, *, now: Now = None) -> dict[str, Any]:
        """Archive one memory as ``deleted``: search never returns it; :meth:`restore` undoes.

        >>> mem.delete(12, owner="team-alpha")
        """
        def change() -> dict[str, Any]:
            who = memory_read.memory_owner(self.conn, memory_id, _owners(owner))
            out = delete_memory(self.conn, memory_id, who, now=now)
            if not out["already_deleted"]:
                memory_edit.record_event(self.conn, memory_id, who, out["archived_at"],
                                         "deleted", {"previous_status": out["previous_status"]})
            return out

        return self._write(change)

    def restore(self, memory_id: int, owner: Owners = None, *, now: Now = None) -> dict[str, Any]:
        """Bring a forgotten, merged, superseded or deleted memory back to the active set.

        >>> mem.restore(12, owner="team-alpha")
        """
        def change() -> dict[str, Any]:
            who = memory_read.memory_owner(self.conn, memory_id, _owners(owner))
            return memory_edit.restore_owned(self.conn, memory_id, who, now)

        return self._write(change)

    def forget(self, owner: str, subject: str | None = None) -> dict[str, Any]:
        """Erase every trace of ``owner`` (or of one ``subject`` within it): rows, FTS,
        vectors, embedding cache, Parquet rows. Not undoable (unlike :meth:`delete`).

        >>> mem.forget("team-alpha", subject="Bob")
        """
        from kore_pipeline.lifecycle.erase import forget_owner

        with self.lock:
            return forget_owner(self.settings, owner, subject).to_dict()

    def embed_pending(self) -> dict[str, Any]:
        """Embed what changed and rewrite the index now (loads the model if needed)."""
        from kore_pipeline.embed.cache import EmbeddingCache
        from kore_pipeline.index.sync import sync_index

        with self.lock:
            if self._cache is None:
                self._cache = EmbeddingCache(self.settings.cache_path())
            report = sync_index(self.conn, self.settings, self.searcher.embedder, self._cache)
            return {"encoded": report.encoded, "rebuilt": report.rebuilt,
                    "signature": report.signature}
