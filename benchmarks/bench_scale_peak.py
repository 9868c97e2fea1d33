#!/usr/bin/env python
"""Peak memory of one full pipeline run over an existing home (run in its own process).

    python benchmarks/bench_scale_peak.py HOME NOW_ISO EMPTY_INPUT_DIR

Runs every stage of ``pipeline.run_pipeline`` in order (ingest and extract find nothing new
in the empty input folder; index, decay, compress and publish work on the whole store) and
prints one JSON object: the process's peak RSS (VmHWM, reset at start) after each stage,
in MiB.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from kore_pipeline import pipeline  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402


def reset_peak() -> None:
    """Reset the kernel's high-water mark: after fork/exec it still holds the parent's RSS."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def peak_mib() -> float:
    """Peak resident set size of this process (VmHWM), else ``ru_maxrss``."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(home: str, now: str, inputs: str) -> None:
    reset_peak()
    settings = KoreSettings(home=Path(home))
    out: dict[str, object] = {"start": peak_mib()}
    ctx = pipeline.open_run(settings, "pipeline", now)
    stages = [("ingest", lambda: pipeline.stage_ingest(ctx, [Path(inputs)])),
              ("embed", lambda: pipeline.stage_embed(ctx)),
              ("extract", lambda: pipeline.stage_extract(ctx)),
              ("index", lambda: pipeline.stage_index(ctx)),
              ("decay", lambda: pipeline.stage_decay(ctx)),
              ("compress (+ re-index)", lambda: pipeline.stage_compress(ctx)),
              ("publish", lambda: pipeline.stage_publish(ctx))]
    times: dict[str, float] = {}

    def body() -> None:
        for name, fn in stages:
            t0 = time.perf_counter()
            fn()
            times[name] = round(time.perf_counter() - t0, 2)
            out[name] = round(peak_mib(), 1)

    summary = pipeline.execute(ctx, body)
    out["seconds"] = times
    out["stats"] = {k: summary.get(k) for k in ("decay", "compress", "index")}
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main(*sys.argv[1:4])
