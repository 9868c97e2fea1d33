"""Run log: per-stage timings and counts in the store, stage listeners, key=value logs.

:func:`timed_stage` wraps a stage function of :mod:`kore_pipeline.pipeline`: it records the
stage in ``run_stages`` (start, duration, counts, state), logs it with ``stage=`` fields and
tells the listeners (the CLI's progress bars) when it starts and ends.
"""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from kore_pipeline.timeutil import utcnow

log = logging.getLogger("kore_pipeline")

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class StageEvent:
    """A stage of a run started, completed or failed."""

    run_id: str
    kind: str
    seq: int
    stage: str
    phase: str  # start | progress | end | error
    counts: dict[str, float] = field(default_factory=dict)
    duration_s: float | None = None


StageListener = Callable[[StageEvent], None]
_listeners: list[StageListener] = []
_lock = threading.Lock()


@contextmanager
def listening(listener: StageListener) -> Iterator[None]:
    """Call ``listener`` with every :class:`StageEvent` while the block runs."""
    with _lock:
        _listeners.append(listener)
    try:
        yield
    finally:
        with _lock:
            _listeners.remove(listener)


def _emit(event: StageEvent) -> None:
    for listener in list(_listeners):
        try:
            listener(event)
        except Exception:  # a display problem never stops a run
            log.exception("stage listener failed", extra={"stage": event.stage})


def progress(ctx: Any, stage: str, counts: dict[str, float]) -> None:
    """Tell the listeners how far the running ``stage`` of ``ctx``'s run is (counts so far)."""
    _emit(StageEvent(ctx.run_id, ctx.kind, int(getattr(ctx, "stage_seq", 0)), stage,
                     "progress", counts))


def flat_counts(result: Any, prefix: str = "") -> dict[str, float]:
    """The numeric leaves of a stage's report (nested keys joined by '.'; lists summed)."""
    out: dict[str, float] = {}
    if isinstance(result, dict):
        items = result.items()
    elif isinstance(result, list):
        for item in result:
            for k, v in flat_counts(item, prefix).items():
                out[k] = out.get(k, 0) + v
        return out
    else:
        return out
    for key, value in items:
        name = f"{prefix}{key}"
        if isinstance(value, bool):
            out[name] = int(value)
        elif isinstance(value, int | float):
            out[name] = value
        elif isinstance(value, dict | list):
            out.update(flat_counts(value, f"{name}."))
    return out


def _record(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> None:
    """Write one run_stages row; never raise.

    Inside the run's serving transaction the row commits with the stages it times (and goes
    with them if the run rolls back: the run itself is then recorded as failed).
    """
    try:
        conn.execute(sql, params)
    except sqlite3.Error as exc:
        log.warning("could not record stage timing: %s", exc)


def timed_stage(name: str) -> Callable[[F], F]:
    """Decorate ``stage(ctx, ...)``: record, log and announce the stage around the call."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def run(ctx: Any, *args: Any, **kwargs: Any) -> Any:
            conn: sqlite3.Connection = ctx.conn
            row = conn.execute("SELECT coalesce(max(seq), 0) + 1 FROM run_stages"
                               " WHERE run_id = ?", (ctx.run_id,)).fetchone()
            seq = int(row[0])
            if hasattr(ctx, "stage_seq"):
                ctx.stage_seq = seq
            _record(conn, "INSERT OR REPLACE INTO run_stages(run_id, seq, stage, state,"
                    " started_at) VALUES (?,?,?,?,?)",
                    (ctx.run_id, seq, name, "started",
                     utcnow().isoformat(timespec="milliseconds")))
            fields = {"stage": name, "run_id": ctx.run_id}
            log.info("stage started", extra=fields)
            _emit(StageEvent(ctx.run_id, ctx.kind, seq, name, "start"))
            start = time.perf_counter()
            try:
                result = fn(ctx, *args, **kwargs)
            except BaseException as exc:
                took = time.perf_counter() - start
                _record(conn, "UPDATE run_stages SET state = 'failed', duration_s = ?"
                        " WHERE run_id = ? AND seq = ?", (took, ctx.run_id, seq))
                log.error("stage failed: %s", exc, extra={**fields, "seconds": round(took, 3)})
                _emit(StageEvent(ctx.run_id, ctx.kind, seq, name, "error", duration_s=took))
                raise
            took = time.perf_counter() - start
            counts = flat_counts(result)
            _record(conn, "UPDATE run_stages SET state = 'completed', duration_s = ?,"
                    " counts = ? WHERE run_id = ? AND seq = ?",
                    (took, json.dumps(counts), ctx.run_id, seq))
            log.info("stage completed", extra={**fields, "seconds": round(took, 3), **counts})
            _emit(StageEvent(ctx.run_id, ctx.kind, seq, name, "end", counts, took))
            return result

        return run  # type: ignore[return-value]

    return wrap


def stage_rows(conn: sqlite3.Connection, run_id: str) -> list[dict[str, Any]]:
    """The recorded stages of one run, in order: stage, state, seconds and counts."""
    rows = conn.execute("SELECT seq, stage, state, started_at, duration_s, counts FROM"
                        " run_stages WHERE run_id = ? ORDER BY seq", (run_id,)).fetchall()
    return [{"seq": r[0], "stage": r[1], "state": r[2], "started_at": r[3],
             "seconds": None if r[4] is None else round(float(r[4]), 3),
             "counts": json.loads(r[5]) if r[5] else {}} for r in rows]


# --- structured logs ---------------------------------------------------------------------

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def _quote(value: Any) -> str:
    text = str(value)
    if not text or any(c in text for c in ' "=\n\t'):
        return json.dumps(text, ensure_ascii=False)
    return text


class KeyValueFormatter(logging.Formatter):
    """``ts=… level=… logger=… msg="…" stage=… file=… key=value …`` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        """The record and every extra field as key=value pairs."""
        when = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        parts = [f"ts={when}", f"level={record.levelname.lower()}",
                 f"logger={record.name}", f"msg={_quote(record.getMessage())}"]
        parts += [f"{k}={_quote(v)}" for k, v in record.__dict__.items()
                  if k not in _STANDARD and not k.startswith("_")]
        if record.exc_info:
            parts.append(f"exc={_quote(self.formatException(record.exc_info))}")
        return " ".join(parts)


class MessageFieldsFormatter(logging.Formatter):
    """``message key=value …``: the record's message and extra fields (for loggers that add
    their own time and level, e.g. Prefect's run logs)."""

    def format(self, record: logging.LogRecord) -> str:
        """The message, then every extra field as key=value."""
        fields = [f"{k}={_quote(v)}" for k, v in record.__dict__.items()
                  if k not in _STANDARD and not k.startswith("_")]
        return " ".join([record.getMessage(), *fields])


class _WriterHandler(logging.Handler):
    """Sends formatted records to a ``write(text)`` callable (e.g. a rich console)."""

    def __init__(self, write: Callable[[str], None]) -> None:
        super().__init__()
        self._write = write

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self._write(self.format(record))
        except Exception:  # pragma: no cover - logging must never raise
            self.handleError(record)


def configure_logging(level: int, write: Callable[[str], None]) -> logging.Handler:
    """Send ``kore_pipeline`` logs at ``level`` as key=value lines to ``write``."""
    for old in [h for h in log.handlers if getattr(h, "_kore", False)]:
        log.removeHandler(old)
    handler = _WriterHandler(write)
    handler._kore = True  # type: ignore[attr-defined]
    handler.setFormatter(KeyValueFormatter())
    log.addHandler(handler)
    log.setLevel(level)
    log.propagate = False
    return handler
