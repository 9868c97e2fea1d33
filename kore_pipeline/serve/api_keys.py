"""API keys of ``kore api``: created, listed, revoked, and resolved to the owners they serve.

A key is ``kore_`` + 43 URL-safe characters (256 random bits), shown once when created; the
store keeps only its SHA-256 (``api_keys``, migration 0014) and its first 12 characters to
tell keys apart. A key serves the owners listed for it (``api_key_owners``) or, if ``admin``,
every owner. A revoked key stays listed with its revocation time and never authenticates.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kore_pipeline.serve.memory_api import MemoryApiError, checked_name
from kore_pipeline.store.db import transaction
from kore_pipeline.timeutil import iso, resolve_now

KEY_PREFIX = "kore_"
SHOWN_CHARS = 12


@dataclass(frozen=True)
class KeyGrant:
    """Who a request's key is: its id and the owners it may act on (``None``: all)."""

    key_id: int
    owners: tuple[str, ...] | None
    label: str | None = None

    @property
    def admin(self) -> bool:
        """Whether the key sees every owner."""
        return self.owners is None

    def allows(self, owner: str) -> bool:
        """Whether the key may act on ``owner``."""
        return self.owners is None or owner in self.owners


def key_hash(key: str) -> str:
    """SHA-256 hex of a key (what the store keeps)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def create_key(conn: sqlite3.Connection, owners: Sequence[str], admin: bool = False,
               label: str | None = None, now: datetime | str | None = None) -> dict[str, Any]:
    """A new key for ``owners`` (or every owner with ``admin``); the only time it is shown."""
    names = sorted({checked_name(o, "owner") for o in owners})
    if not names and not admin:
        raise MemoryApiError("a key needs at least one --owner, or --admin")
    if names and admin:
        raise MemoryApiError("an admin key serves every owner: give --admin or --owner, not both")
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    at = iso(resolve_now(now))
    with transaction(conn):
        cur = conn.execute("INSERT INTO api_keys(key_hash, prefix, label, admin, created_at)"
                           " VALUES (?,?,?,?,?)",
                           (key_hash(key), key[:SHOWN_CHARS], label, int(admin), at))
        key_id = int(cur.lastrowid or 0)
        conn.executemany("INSERT INTO api_key_owners(key_id, owner) VALUES (?, ?)",
                         [(key_id, o) for o in names])
    return {"id": key_id, "key": key, "prefix": key[:SHOWN_CHARS], "owners": names,
            "admin": admin, "label": label, "created_at": at}


def list_keys(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every key (never the key itself): id, prefix, owners, admin, label, times."""
    owners: dict[int, list[str]] = {}
    for key_id, owner in conn.execute("SELECT key_id, owner FROM api_key_owners"
                                      " ORDER BY key_id, owner"):
        owners.setdefault(int(key_id), []).append(owner)
    return [{"id": int(r["id"]), "prefix": r["prefix"], "owners": owners.get(int(r["id"]), []),
             "admin": bool(r["admin"]), "label": r["label"], "created_at": r["created_at"],
             "revoked_at": r["revoked_at"]}
            for r in conn.execute("SELECT * FROM api_keys ORDER BY id")]


def revoke_key(conn: sqlite3.Connection, key_id: int,
               now: datetime | str | None = None) -> bool:
    """Revoke key ``key_id``; False if there is no such key or it was already revoked."""
    with transaction(conn):
        cur = conn.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?"
                           " AND revoked_at IS NULL", (iso(resolve_now(now)), key_id))
    return cur.rowcount == 1


def authenticate(conn: sqlite3.Connection, key: str | None) -> KeyGrant | None:
    """The grant of a valid, unrevoked key; None for a missing, unknown or revoked one."""
    if not key or not key.startswith(KEY_PREFIX) or len(key) > 200:
        return None
    return grant_of_hash(conn, key_hash(key))


def grant_of_hash(conn: sqlite3.Connection, hashed: str) -> KeyGrant | None:
    """The grant of the unrevoked key whose SHA-256 is ``hashed`` (a browser session's)."""
    row = conn.execute("SELECT id, admin, label FROM api_keys WHERE key_hash = ?"
                       " AND revoked_at IS NULL", (hashed,)).fetchone()
    if row is None:
        return None
    if row["admin"]:
        return KeyGrant(int(row["id"]), None, row["label"])
    owners = tuple(r[0] for r in conn.execute("SELECT owner FROM api_key_owners WHERE"
                                              " key_id = ? ORDER BY owner", (row["id"],)))
    return KeyGrant(int(row["id"]), owners, row["label"])
