"""Time is an input: parsing, formatting and the default clock."""

from __future__ import annotations

from datetime import UTC, datetime


class BadTimestamp(ValueError):
    """A timestamp that is not ISO 8601."""


def utcnow() -> datetime:
    """The clock, used only where no explicit ``now`` was given."""
    return datetime.now(UTC)


def parse_ts(value: object) -> datetime:
    """Parse an ISO 8601 string (or a datetime) to an aware UTC datetime.

    Naive values are taken as UTC; a date alone means midnight UTC.
    """
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str) and value.strip():
        raw = value.strip()
        if raw.endswith(("Z", "z")):
            raw = raw[:-1] + "+00:00"
        try:
            dt = datetime.fromisoformat(raw)
        except ValueError as exc:
            raise BadTimestamp(f"not an ISO 8601 time: {value!r}") from exc
    else:
        raise BadTimestamp(f"not an ISO 8601 time: {value!r}")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    try:
        return dt.astimezone(UTC)
    except OverflowError:  # e.g. 0001-01-01T00:00:00+01:00 is before year 1 in UTC
        raise BadTimestamp(f"time out of range: {value!r}") from None


def iso(dt: datetime) -> str:
    """Canonical text form stored everywhere: ``2026-05-01T09:30:00+00:00``."""
    return dt.astimezone(UTC).isoformat(timespec="seconds")


def resolve_now(now: datetime | str | None) -> datetime:
    """An explicit ``now`` (datetime or ISO text), or the clock."""
    return utcnow() if now is None else parse_ts(now)
