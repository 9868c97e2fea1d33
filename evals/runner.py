"""Run the chosen sets on a data folder and collect every figure (:func:`run_all`)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from evals.cases import CASES_DIR
from evals.coverage import evaluate_coverage
from evals.crosslingual import (
    DEFAULT_BACKENDS,
    MEMORYBANK_DIR,
    evaluate_crosslingual,
)
from evals.locomo import LOCOMO_FILE, evaluate_locomo, load_locomo
from evals.madial import MADIAL_DIR, MADIAL_NOW, evaluate_madial, load_madial
from evals.matching import MemoEmbedder
from evals.memorybank import (
    MEMORYBANK_FILE,
    evaluate_memorybank,
    load_memorybank,
)
from evals.memorybank_qa import MEMORYBANK_DIR as CHATS_DIR
from evals.memorybank_qa import evaluate_memorybank_qa, load_memorybank_qa
from evals.preferences import (
    SPC_DEFAULT_LIMIT,
    evaluate_madial_preferences,
    evaluate_persona_recall,
)
from evals.requests import REQUESTS_FILE, evaluate_requests, load_request_cases
from evals.spc import SPC_FILE, evaluate_spc, load_spc
from evals.updates import evaluate_update_lists
from kore_pipeline.settings import KoreSettings
from kore_pipeline.timeutil import iso, resolve_now

PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = PROJECT_ROOT.parent / "shared" / "data"
SETS = ("spc", "madial", "memorybank", "crosslingual", "locomo", "chats", "preferences",
        "requests", "coverage", "updates")

def parse_sets(text: str | Iterable[str]) -> list[str]:
    """``"spc,madial"`` -> ["spc", "madial"]; unknown names raise ValueError."""
    names = [s.strip().lower() for s in (text.split(",") if isinstance(text, str) else text)]
    names = [s for s in names if s]
    bad = [s for s in names if s not in SETS]
    if bad:
        raise ValueError(f"unknown set(s) {', '.join(bad)} (expected {', '.join(SETS)})")
    return names


def run_all(data: Path | None = None, sets: str | Iterable[str] = SETS,
            limit: int | None = None, home: Path | None = None,
            settings: KoreSettings | None = None, embedder: Any = None,
            semantic: bool = True, now: str = MADIAL_NOW,
            backends: Iterable[str] = DEFAULT_BACKENDS,
            pipeline: Any = None, cases: Path = CASES_DIR) -> dict[str, Any]:
    """Run the chosen sets on ``data`` and return every figure (JSON-ready).

    ``home``: where the MADial store, index and embedding cache go (a temporary folder,
    deleted afterwards, when None). ``embedder``: an ``embed.Embedder`` (loaded on first need
    when None). ``limit``: at most this many SPC conversations, MADial dialogues (the
    archive is always complete), MemoryBank users and LoCoMo conversations, and the SPC
    conversations whose personas make the preferences set's haystack (default
    ``SPC_DEFAULT_LIMIT``). ``backends``:
    the embedders compared side by side by the crosslingual set (each loaded by name;
    ``embedder`` serves the one the settings name). ``pipeline``: what the locomo, chats and
    updates sets run (``run.pipeline.run_pipeline`` when None). ``cases``: the folder of the
    case lists the coverage and updates sets read (``evals/cases``).
    """
    data = Path(data) if data is not None else DEFAULT_DATA
    chosen = parse_sets(sets)
    base = settings or KoreSettings()
    if pipeline is None and {"locomo", "chats", "updates", "requests"} & set(chosen):
        from kore_pipeline.run.pipeline import run_pipeline

        pipeline = run_pipeline
    started = time.perf_counter()
    result: dict[str, Any] = {"data": str(data), "sets": chosen, "limit": limit,
                              "semantic": semantic, "timings_s": {}}
    needs_model = (bool({"madial", "locomo", "chats", "preferences", "updates", "requests"}
                        & set(chosen))
                   or (semantic and "spc" in chosen))
    memo = None
    if needs_model:
        if embedder is None:
            from kore_pipeline.embed.cache import make_embedder

            embedder = make_embedder(base)
        memo = embedder if isinstance(embedder, MemoEmbedder) else MemoEmbedder(embedder)
    with tempfile.TemporaryDirectory(prefix="kore-eval-") as tmp:
        root = Path(home) if home is not None else Path(tmp)
        for name in chosen:
            t0 = time.perf_counter()
            if name == "spc":
                convs = load_spc(data / SPC_FILE, limit)
                result["spc"] = evaluate_spc(convs, base, memo if semantic else None)
            elif name == "madial":
                memories, dialogues = load_madial(data / MADIAL_DIR, limit)
                mset = base.model_copy(update={"home": root / "eval-madial"})
                result["madial"] = evaluate_madial(memories, dialogues, mset, memo,
                                                   iso(resolve_now(now)))
            elif name == "locomo":
                lset = base.model_copy(update={"home": root / "eval-locomo"})
                result["locomo"] = evaluate_locomo(load_locomo(data / LOCOMO_FILE, limit),
                                                   lset, memo, pipeline)
            elif name == "chats":
                chat_users = load_memorybank_qa(data / CHATS_DIR)[:limit]
                result["chats"] = evaluate_memorybank_qa(
                    chat_users, base.model_copy(update={"home": root / "eval-chats"}), memo,
                    pipeline)
            elif name == "preferences":
                memories, dialogues = load_madial(data / MADIAL_DIR, limit)
                convs = load_spc(data / SPC_FILE, limit or SPC_DEFAULT_LIMIT)
                result["preferences"] = {
                    "madial": evaluate_madial_preferences(
                        memories, dialogues, base.model_copy(update={"home": root / "eval-madial"}),
                        memo, iso(resolve_now(now))),
                    "spc": evaluate_persona_recall(
                        convs, base.model_copy(update={"home": root / "eval-personas"}), memo)}
            elif name == "requests":
                filler, req_cases = load_request_cases(cases / REQUESTS_FILE)
                result["requests"] = evaluate_requests(
                    req_cases[:limit], filler,
                    base.model_copy(update={"home": root / "eval-requests"}), memo, pipeline)
            elif name == "coverage":
                result["coverage"] = evaluate_coverage(folder=cases)
            elif name == "updates":
                result["updates"] = evaluate_update_lists(
                    base.model_copy(update={"home": root}), pipeline, memo, cases)
            elif name == "crosslingual":
                bank = data / MEMORYBANK_DIR
                given = {base.embedder: embedder} if embedder is not None else {}
                result["crosslingual"] = evaluate_crosslingual(
                    list(backends), base, bank if (bank / "cn").is_dir() else None, limit,
                    embedders=given)
            else:
                users = load_memorybank(data / MEMORYBANK_FILE, limit)
                result["memorybank"] = evaluate_memorybank(users, base)
            result["timings_s"][name] = round(time.perf_counter() - t0, 2)
    result["timings_s"]["total"] = round(time.perf_counter() - started, 2)
    return result
