"""Deterministic fault injection for crash-safety tests: ``KORE_FAULT_KILL_AT=<stage>:<n>``.

Stages call :func:`reach` at the points where a crash is most likely to leave a half-done
state (after a commit, between two files of one save, in the middle of the lake). When the
variable names that stage, the process SIGKILLs itself the ``n``-th time the stage reaches
such a point (``n`` counts from 1; ``<stage>`` alone means 1). Nothing is cleaned up, no
``finally`` runs: exactly what a power cut or an OOM kill does. Unset (always, outside tests)
it costs one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

ENV = "KORE_FAULT_KILL_AT"
_hits: dict[str, int] = {}


def _target() -> tuple[str, int] | None:
    raw = os.environ.get(ENV, "").strip()
    if not raw:
        return None
    stage, _, count = raw.partition(":")
    return stage, int(count or 1)


def reach(stage: str) -> None:
    """Mark a crash point of ``stage``; SIGKILL this process if it is the chosen one."""
    target = _target()
    if target is None or target[0] != stage:
        return
    _hits[stage] = _hits.get(stage, 0) + 1
    if _hits[stage] == target[1]:
        os.kill(os.getpid(), signal.SIGKILL)


def process_alive(pid: int) -> bool:
    """Whether a process with this id runs (on this machine)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
