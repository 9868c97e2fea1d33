"""SQL lives in ``sql/*.sql`` and is loaded by name."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]
_CANDIDATES = (_PACKAGE / "sql", _PACKAGE.parent / "sql")


def sql_dir() -> Path:
    """Folder of the SQL files: inside the installed package, or the source checkout's ``sql/``."""
    for folder in _CANDIDATES:
        if (folder / "schema.sql").is_file():
            return folder
    raise FileNotFoundError(f"sql/ folder not found in {[str(c) for c in _CANDIDATES]}")


@cache
def load_sql(name: str) -> str:
    """Text of ``sql/<name>.sql``."""
    return (sql_dir() / f"{name}.sql").read_text(encoding="utf-8")
