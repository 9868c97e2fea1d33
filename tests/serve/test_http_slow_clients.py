"""``kore api`` (the real command, its own process) against slow and idle sockets: headers
and bodies that never finish are cut off with 408, connections beyond the cap are refused
with 503 at once, and a normal client is served again as soon as they are gone."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

import kore_pipeline
from tests.serve.live_server import free_port

pytestmark = pytest.mark.slow
HEADER_TIMEOUT, BODY_TIMEOUT, MAX_CONNECTIONS = 1.0, 1.5, 20


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("slow") / "home"
    port = free_port()
    src = str(Path(kore_pipeline.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (src, os.environ.get("PYTHONPATH")) if p),
        "KORE_API_HEADER_TIMEOUT_SECONDS": str(HEADER_TIMEOUT),
        "KORE_API_BODY_TIMEOUT_SECONDS": str(BODY_TIMEOUT),
        "KORE_API_MAX_CONNECTIONS": str(MAX_CONNECTIONS)}
    proc = subprocess.Popen([sys.executable, "-m", "kore_pipeline.cli.app", "api", "--home",
                             str(home), "--port", str(port), "--no-warm"], env=env,
                            stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/v1/health", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline, "kore api did not start"
        time.sleep(0.2)
    try:
        yield base
    finally:
        proc.terminate()
        proc.wait(20)


def connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    s = socket.create_connection((host, int(port)), timeout=10)
    return s


def answer(s: socket.socket, limit: float = 10.0) -> tuple[bytes, float]:
    """Everything the server sends until it closes (or ``limit`` s), and when it closed."""
    start = time.monotonic()
    s.settimeout(limit)
    data = b""
    try:
        while chunk := s.recv(4096):
            data += chunk
    except TimeoutError:
        return data, float("inf")
    return data, time.monotonic() - start


def test_headers_that_never_end_are_cut_off(url: str) -> None:
    with connect(url) as s:
        s.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n")
        data, closed = answer(s)
    assert closed < HEADER_TIMEOUT + 2 and data.startswith(b"HTTP/1.1 408")


def test_a_trickle_of_header_bytes_does_not_keep_it_open(url: str) -> None:
    """Slowloris: one byte every 0.2 s keeps any idle timer happy; the header timer is total."""
    start = time.monotonic()
    with connect(url) as s:
        try:
            for byte in b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                s.sendall(bytes([byte]))
                time.sleep(0.2)
        except OSError:
            pass  # the server closed it
        answer(s, 2)
    assert time.monotonic() - start < HEADER_TIMEOUT + 3


def test_a_body_that_never_ends_is_408(url: str) -> None:
    with connect(url) as s:
        s.sendall(b"POST /v1/memories HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                  b"\r\nContent-Length: 1000\r\n\r\n{\"content\": ")
        data, closed = answer(s)
    assert closed < BODY_TIMEOUT + 2 and data.startswith(b"HTTP/1.1 408"), data[:200]


def test_a_silent_connection_is_closed(url: str) -> None:
    with connect(url) as s:
        _, closed = answer(s)
    assert closed < HEADER_TIMEOUT + 2


def test_connections_beyond_the_cap_are_refused_and_service_comes_back(url: str) -> None:
    with ExitStack() as stack:
        held = [stack.enter_context(connect(url)) for _ in range(MAX_CONNECTIONS)]
        for s in held:
            s.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n")
        refused = 0
        for _ in range(10):
            with connect(url) as extra:
                data, closed = answer(extra, HEADER_TIMEOUT / 2)
            refused += data.startswith(b"HTTP/1.1 503") and closed < HEADER_TIMEOUT / 2
        assert refused == 10
        time.sleep(HEADER_TIMEOUT + 1)  # the held ones time out
        assert httpx.get(url + "/v1/health", timeout=5).status_code == 200


def test_kore_mcp_over_http_cuts_off_slow_clients_too(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.serve.test_mcp import http_server

    monkeypatch.setenv("KORE_API_HEADER_TIMEOUT_SECONDS", str(HEADER_TIMEOUT))
    monkeypatch.setenv("KORE_API_BODY_TIMEOUT_SECONDS", str(BODY_TIMEOUT))
    port = free_port()
    proc = http_server(tmp_path / "home", port)
    url = f"http://127.0.0.1:{port}"
    try:
        with connect(url) as s:
            s.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            data, closed = answer(s)
        assert closed < HEADER_TIMEOUT + 2 and data.startswith(b"HTTP/1.1 408")
        with connect(url) as s:
            s.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                      b"\r\nAccept: application/json, text/event-stream\r\n"
                      b"Content-Length: 1000\r\n\r\n{\"jsonrpc\": ")
            data, closed = answer(s)
        assert closed < BODY_TIMEOUT + 2 and data.startswith(b"HTTP/1.1 408"), data[:200]
    finally:
        proc.terminate()
        proc.wait(20)
