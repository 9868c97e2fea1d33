"""Reporting of the pipeline benchmark: the figures table, machine and source info, JSON."""

from __future__ import annotations

import json
import os
import platform
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np


class Table:
    """Rows of (section, metric, value) printed as a plain text table."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str]] = []
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, section: str, metric: str, value: Any, fmt: str = "{}",
            unit: str = "") -> None:
        self.data.setdefault(section, {})[metric + (f" [{unit}]" if unit else "")] = value
        text = fmt.format(value) if isinstance(value, int | float) else str(value)
        self.rows.append((section, metric, f"{text} {unit}".rstrip()))

    def note(self, section: str, text: str) -> None:
        self.data.setdefault(section, {}).setdefault("notes", []).append(text)
        self.rows.append((section, "note", text))

    def render(self) -> str:
        w1 = max(len(r[0]) for r in self.rows)
        w2 = max(len(r[1]) for r in self.rows)
        out, last = [], None
        for sec, metric, value in self.rows:
            if sec != last and last is not None:
                out.append("-" * (w1 + w2 + 30))
            out.append(f"{sec if sec != last else '':<{w1}}  {metric:<{w2}}  {value}")
            last = sec
        return "\n".join(out)


def machine_info() -> dict[str, str]:
    import faiss
    import polars
    import sentence_transformers
    import torch

    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu, "cores (os.cpu_count)": str(os.cpu_count()),
        "usable cores": str(len(os.sched_getaffinity(0))) if hasattr(os, "sched_getaffinity")
        else "?",
        "torch threads": str(torch.get_num_threads()),
        "python": platform.python_version(), "platform": platform.platform(),
        "faiss": faiss.__version__, "torch": torch.__version__, "polars": polars.__version__,
        "numpy": np.__version__, "sentence-transformers": sentence_transformers.__version__,
        "sqlite": sqlite3.sqlite_version,
    }


def source_digests() -> str:
    """Short hashes of the measured modules, so a figure can be tied to the code it timed."""
    import hashlib

    import kore_pipeline
    from kore_pipeline.store.sqlfiles import sql_dir

    pkg = Path(kore_pipeline.__file__).parent
    files = [pkg / f"{m}.py" for m in ("decay", "compress", "search", "indexing", "embed",
                                       "store", "vector_index")]
    files.append(sql_dir() / "search_fts.sql")
    return " ".join(f"{f.stem}={hashlib.sha256(f.read_bytes()).hexdigest()[:8]}"
                    for f in files if f.is_file())


def write_json(t: Table, path: Path) -> None:
    """Write the figures of ``t`` as JSON (parent folders created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(t.data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
