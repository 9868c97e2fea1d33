"""A real uvicorn server on a free loopback port, in a thread, for HTTP tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(app: Any, settings: Any = None) -> Iterator[str]:
    """Serve ``app`` with uvicorn until the block ends; yields its base URL. With
    ``settings``, exactly as ``kore api`` serves (its timeouts and connection cap)."""
    import uvicorn

    from kore_pipeline.serve.http.server import server_config

    port = free_port()
    config = (server_config(app, settings, "127.0.0.1", port) if settings is not None else
              uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                             access_log=False))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
