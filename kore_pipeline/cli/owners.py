"""What ``kore search`` says about owners when a search finds nothing, or when no
``--owner`` was given in a store of several owners (the namespace is easy to miss)."""

from __future__ import annotations

import sqlite3

SHOWN = 10
"""Owners listed at most (the largest first)."""


def owner_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Active memories of each owner that has any memory, the largest first."""
    rows = conn.execute("SELECT owner, sum(status = 'active') FROM memories GROUP BY owner"
                        " ORDER BY 2 DESC, 1")
    return {str(owner): int(active or 0) for owner, active in rows}


def _listing(counts: dict[str, int]) -> str:
    shown = [f"{owner} ({n})" for owner, n in list(counts.items())[:SHOWN]]
    more = len(counts) - SHOWN
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def owners_note(conn: sqlite3.Connection, owner: str, named: bool, found: bool) -> str | None:
    """The line to print after a search of ``owner`` (``named``: given with ``--owner``;
    ``found``: it had results), or None when there is nothing worth saying."""
    counts = owner_counts(conn)
    others = {o: n for o, n in counts.items() if o != owner}
    if not found and owner not in counts:
        if not counts:
            return "the store holds no memories yet: `kore run` or a save adds some"
        return (f"owner {owner!r} has no memories; owners in this store (active memories):"
                f" {_listing(counts)}; pass --owner NAME")
    if not named and others:
        return (f"searched owner {owner!r} (no --owner given); this store also has"
                f" {_listing(others)}; pass --owner NAME")
    return None
