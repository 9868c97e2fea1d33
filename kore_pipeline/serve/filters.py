"""What a search may return: :class:`SearchFilters` (the SQL narrowing both streams share,
the owner always on top), the search modes, and whether a question asks about the past
(:func:`asks_about_past`: then superseded memories may answer it)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from kore_pipeline.timeutil import iso, resolve_now


@dataclass
class SearchFilters:
    """Narrowing applied to both streams; the owner is always applied on top."""

    subject: str | None = None
    session_id: str | None = None
    type: str | None = None
    category: str | None = None
    since: datetime | str | None = None
    """Only memories created at or after this time."""
    until: datetime | str | None = None
    """Only memories created at or before this time."""
    include_archived: bool = False
    """Also forgotten, merged, compacted and superseded memories (never deleted ones)."""
    include_forgotten: bool = True
    """Also the forgotten tier (decayed memories), ranked with ``forgotten_penalty``: a
    question that matches a forgotten memory well still finds it. ``kore context`` (the
    working set) sets it False, so it follows decay."""
    include_superseded: bool = False
    """Also superseded memories (what was true before a later statement changed it)."""
    as_of: datetime | str | None = None
    """What was true then: memories said by this time and not superseded before it
    (active or superseded ones)."""

    def where(self, owner: str, now: datetime, retention_days: int | None) -> tuple[str, list]:
        """SQL condition on table alias ``m`` and its parameters."""
        sql, params = self.stable_where(owner)
        clauses = [sql]
        clauses.append("(m.expires_at IS NULL OR m.expires_at > ?)")
        params.append(iso(now))
        if retention_days is not None:
            clauses.append("m.created_at >= ?")
            params.append(iso(now - timedelta(days=retention_days)))
        return " AND ".join(clauses), params

    def stable_where(self, owner: str) -> tuple[str, list]:
        """The part of :meth:`where` that does not depend on ``now`` (no expiry, retention)."""
        clauses = ["m.owner = ?"]
        params: list[Any] = [owner]
        if self.include_archived:
            clauses.append("m.status != 'deleted'")
        else:
            statuses = ["active"]
            if self.include_forgotten:
                statuses.append("forgotten")
            if self.include_superseded or self.as_of is not None:
                statuses.append("superseded")
            clauses.append("m.status IN (" + ", ".join(f"'{x}'" for x in statuses) + ")")
        if self.as_of is not None:
            at = iso(resolve_now(self.as_of))
            clauses.append("coalesce(m.valid_from, m.created_at) <= ?"
                           " AND (m.valid_until IS NULL OR m.valid_until > ?)")
            params += [at, at]
        for column, value in (("subject", self.subject), ("session_id", self.session_id),
                              ("type", self.type), ("category", self.category)):
            if value is not None:
                clauses.append(f"m.{column} = ?")
                params.append(value)
        if self.since is not None:
            clauses.append("m.created_at >= ?")
            params.append(iso(resolve_now(self.since)))
        if self.until is not None:
            clauses.append("m.created_at <= ?")
            params.append(iso(resolve_now(self.until)))
        return " AND ".join(clauses), params


MODES = ("hybrid", "fts", "semantic")
_PAST_CUES = re.compile(
    r"\b(?:before|used\s+to|previous(?:ly)?|formerly|former|earlier|originally|at\s+first|"
    r"no\s+longer|any\s?more|(?<!\bhow\s)(?<!\byears\s)old|prior|until|was\s+(?:my|our|the)\b.*\bbefore|changed?|"
    r"prima|precedente|vecchi[oa]|antes|anterior(?:mente)?|avant|précédent|ancien(?:ne)?|"
    r"vorher|früher|davor|ehemalig\w*)\b", re.IGNORECASE | re.UNICODE)


def asks_about_past(query: str) -> bool:
    """Whether a question is about what was true before ("what was my budget before the
    change?", "where did I use to live?"): then superseded memories may answer it."""
    return _PAST_CUES.search(query) is not None
