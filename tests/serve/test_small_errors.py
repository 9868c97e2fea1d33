"""Small errors are clear errors, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kore_pipeline.cli.app import app
from kore_pipeline.serve.mcp import MemoryService
from kore_pipeline.serve.memory_api import delete_memory
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect

runner = CliRunner()


def test_mcp_memory_delete_with_a_huge_id_is_a_tool_error(settings: KoreSettings) -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    connect(settings.db_path()).close()
    svc = MemoryService(settings)
    try:
        with pytest.raises(ToolError, match="no memory with id 1180591620717411303424"):
            svc.call(lambda: delete_memory(svc.conn, 2**70, svc.resolve_owner(None)))
    finally:
        svc.close()


def test_inject_with_invalid_utf8_is_a_clear_error(tmp_path: Path) -> None:
    request = tmp_path / "req.json"
    request.write_bytes(b'{"messages": [{"role": "user", "content": "caf\xe9"}]}')
    result = runner.invoke(app, ["inject", str(request), "--home", str(tmp_path / "h")])
    assert result.exit_code == 2 and "not UTF-8" in result.output
    assert "Traceback" not in result.output
    stdin = runner.invoke(app, ["inject", "-", "--home", str(tmp_path / "h")],
                          input=b"\xff\xfe{}")
    assert stdin.exit_code == 2 and "not UTF-8" in stdin.output


def test_inject_with_a_corrupt_store_is_a_clear_error(tmp_path: Path) -> None:
    home = tmp_path / "h"
    home.mkdir()
    (home / "kore.sqlite").write_bytes(b"this is not a database at all" * 100)
    request = tmp_path / "req.json"
    request.write_text('{"messages": [{"role": "user", "content": "what tea?"}]}')
    result = runner.invoke(app, ["inject", str(request), "--home", str(home)])
    assert result.exit_code == 2, result.output
    assert str(home / "kore.sqlite") in result.output and "kore recover" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
