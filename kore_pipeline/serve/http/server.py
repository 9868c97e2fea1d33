"""The uvicorn server of ``kore api``, hardened against clients that never finish.

uvicorn's own timers cover only an idle kept-alive connection; a client that sends half a
request line, or its headers one byte at a time, or nothing at all, holds its connection
(and a slot of the process) for ever. :func:`guarded_protocol` adds, on uvicorn's h11
protocol:

- a **header timeout**: the request line and headers must be complete within
  ``api_header_timeout_seconds`` of the connection (or of the first byte of the next request
  on a kept-alive connection): a total, so a trickle of bytes does not reset it; then 408 and
  the connection is closed;
- a **connection cap**: beyond ``api_max_connections`` open connections, a new one is
  answered 503 at once and closed (uvicorn's ``limit_concurrency`` answers only once a whole
  request has arrived, which a slow client never sends).

The body timeout (``api_body_timeout_seconds``) is :class:`~.guard.BodyLimit`'s: a body that
has not fully arrived in time gets 408.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from kore_pipeline.settings import KoreSettings


def _answer(status: int, reason: str) -> bytes:
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain\r\nconnection: close\r\n"
            f"content-length: {len(reason) + 1}\r\n\r\n{reason}\n").encode("ascii")


def guarded_protocol(header_timeout: float, max_connections: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a total header timeout and a cap on open connections."""

    class GuardedH11(H11Protocol):
        """H11Protocol with a header timer and the connection cap."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            if len(self.connections) > max_connections:
                self._close_with(_answer(503, "Service Unavailable: too many connections"))
                return
            self._watch_headers()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._watch_headers()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_header_timer()
            super().connection_lost(exc)

        def _watch_headers(self) -> None:
            """Arm the timer while a request's headers are awaited; stop it once they are in."""
            waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
            if waiting and self._header_timer is None:
                self._header_timer = self.loop.call_later(header_timeout, self._headers_late)
            elif not waiting:
                self._stop_header_timer()

        def _stop_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self._close_with(_answer(408, "Request Timeout: headers took too long"))

        def _close_with(self, answer: bytes) -> None:
            self._stop_header_timer()
            if self.conn.our_state in (h11.IDLE, h11.DONE):  # no response of ours under way
                self.transport.write(answer)
            self.transport.close()

    return GuardedH11


def server_config(app: Any, settings: KoreSettings, host: str, port: int) -> uvicorn.Config:
    """The uvicorn configuration of ``kore api`` (also what its tests serve with)."""
    protocol = guarded_protocol(settings.api_header_timeout_seconds,
                                settings.api_max_connections)
    return uvicorn.Config(app, host=host, port=port, http=protocol, log_level="warning",
                          access_log=False, timeout_keep_alive=5)
