"""Real disk faults for tests, without root: a small tmpfs in a user and mount namespace
(writes fail with ENOSPC when it is full), and file permissions enforced even for root."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CHECKOUT = Path(__file__).parents[1]


def _namespaces_work() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-Urm", "true"], capture_output=True, timeout=30)
    return probe.returncode == 0


def on_small_disk(mount: Path, size_kib: int, script: str, *args: str) -> Any:
    """Run the Python ``script`` (it prints one JSON value) with a fresh ``size_kib`` tmpfs
    mounted at ``mount``; returns what it printed. The mount lives only as long as the
    script: what it leaves there must be described in its output."""
    if not _namespaces_work():
        pytest.skip("no user namespaces here: a small filesystem cannot be mounted")
    mount.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(CHECKOUT)}
    shell = (f'mount -t tmpfs -o size={size_kib}k tmpfs "$1" && shift && exec "$@"')
    result = subprocess.run(["unshare", "-Urm", "sh", "-c", shell, "sh", str(mount),
                             sys.executable, "-c", script, *args],
                            capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


FILL = '''
def fill(folder):
    """Fill the filesystem of ``folder`` to the last byte."""
    import errno, os
    with open(os.path.join(folder, "filler"), "wb", buffering=0) as fh:
        block = b"x" * 65536
        while block:
            try:
                fh.write(block)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
                block = block[: len(block) // 2]
'''
"""A ``fill(folder)`` function for the scripts run by :func:`on_small_disk`."""


def without_privileges() -> list[str]:
    """The prefix that runs a command subject to file permissions: root drops the
    capabilities that let it write anywhere (a plain user needs nothing)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be enforced")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
