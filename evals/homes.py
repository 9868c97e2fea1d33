"""Evaluation homes: a store rebuilt from a log written beside it (LoCoMo, the chats set)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kore_pipeline.settings import KoreSettings


def fresh_log(settings: KoreSettings, name: str, records: Iterable[dict[str, Any]]) -> Path:
    """Remove the store, index and lake of an earlier run under the home (the embedding
    cache is kept) and write ``records`` as ``<name>.jsonl`` in a folder beside the home,
    never in it (the pipeline does not ingest its own home); returns the log's path."""
    for old in [*settings.home.glob("kore.sqlite*"), settings.index_dir(), settings.lake_dir()]:
        if old.is_dir():
            shutil.rmtree(old)
        elif old.exists():
            old.unlink()
    inbox = settings.home.parent / f"{settings.home.name}-input"
    inbox.mkdir(parents=True, exist_ok=True)
    path = inbox / f"{name}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path
