"""Prefect's anonymous telemetry, off for kore's own runs unless asked for.

Prefect sends usage events from the SDK and a heartbeat from the temporary server that a
``kore run`` starts; offline, the heartbeat fails with a red "Failed to send telemetry"
ERROR line that reads like a failed run. :func:`quiet_prefect_analytics` runs when
``kore_pipeline.run`` is imported, before any module of it imports Prefect (the SDK reads
these variables on import, the temporary server when it starts). It turns analytics off
only: Prefect's log level is untouched, so real errors still show.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping

from pydantic import TypeAdapter, ValidationError

QUIET: dict[str, str] = {"DO_NOT_TRACK": "1", "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
"""What turns Prefect's analytics off: the SDK's events and the server's heartbeat."""


def analytics_wanted(environ: MutableMapping[str, str]) -> bool:
    """``KORE_PREFECT_ANALYTICS`` (the ``prefect_analytics`` setting) as a bool; default and
    unreadable values: False."""
    try:
        return TypeAdapter(bool).validate_python(environ.get("KORE_PREFECT_ANALYTICS", "0"))
    except ValidationError:
        return False


def quiet_prefect_analytics(environ: MutableMapping[str, str] | None = None) -> list[str]:
    """Set :data:`QUIET` in ``environ`` (default: this process's) unless analytics are
    wanted; a variable already set is left as it is. Returns the names it set."""
    env = os.environ if environ is None else environ
    if analytics_wanted(env):
        return []
    added = [name for name in QUIET if name not in env]
    for name in added:
        env[name] = QUIET[name]
    return added
