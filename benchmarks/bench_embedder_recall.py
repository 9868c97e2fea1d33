"""Recall of each embedding backend on every dev set, side by side (the default's licence).

    python benchmarks/bench_embedder_recall.py [--data ../shared/data]
        [--backends sentence-transformers,onnx,onnx-int8] [--sets locomo,madial,spc]

- ``locomo``: raw-turn dense retrieval on ``locomo-dev`` (no memory pipeline): every turn of
  a conversation as ``Speaker: text`` (a shared photo's caption appended as ``[shares a photo
  of ...]``), each question of categories 1-4 encoded and its turns ranked by cosine; recall
  @k of the evidence turns, averaged over questions (the "dense" row of its SOURCE.md). This
  is a benchmark of the embedder, not the product-level LoCoMo evaluation.
- ``madial``: MADial-Bench R@5/R@10 of hybrid and semantic search (the ``kore eval`` store,
  queries and clock; :func:`bench_embedders.madial_recall`).
- ``spc``: Synthetic-Persona-Chat fact scores with the semantic (cosine) match rule, the
  only part of that set that uses the embedder (``kore eval`` harness).

Prints one table per set with the difference to the first backend (torch) in points.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kore_pipeline.embed.factory import make_embedder  # noqa: E402
from kore_pipeline.settings import KoreSettings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
KS = (1, 5, 10, 20)


def locomo_turns(sample: dict[str, Any]) -> tuple[list[str], list[str]]:
    """``(dia_ids, documents)`` of every turn of one LoCoMo sample, in session order."""
    conv = sample["conversation"]
    ids: list[str] = []
    docs: list[str] = []
    n = 1
    while f"session_{n}" in conv:
        for turn in conv[f"session_{n}"]:
            text = turn.get("text", "")
            if turn.get("blip_caption"):
                text = f"{text} [shares a photo of {turn['blip_caption']}]"
            ids.append(turn["dia_id"])
            docs.append(f"{turn['speaker']}: {text}")
        n += 1
    return ids, docs


def locomo_recall(embedder: Any, path: Path) -> dict[str, float]:
    """Dense raw-turn recall@k (%) of evidence turns over the questions of categories 1-4."""
    samples = json.loads(path.read_text(encoding="utf-8"))
    sums = dict.fromkeys(KS, 0.0)
    count = 0
    for sample in samples:
        ids, docs = locomo_turns(sample)
        known = set(ids)
        qas = [q for q in sample["qa"] if q.get("category") in (1, 2, 3, 4)
               and any(e in known for e in q.get("evidence", []))]
        doc_vecs = embedder.encode(docs)
        q_vecs = embedder.encode_queries([str(q["question"]) for q in qas])
        ranked = np.argsort(-(q_vecs @ doc_vecs.T), axis=1, kind="stable")[:, :max(KS)]
        for qa, row in zip(qas, ranked, strict=True):
            evidence = {e for e in qa["evidence"] if e in known}
            for k in KS:
                top = {ids[i] for i in row[:k]}
                sums[k] += len(evidence & top) / len(evidence)
            count += 1
    return {f"R@{k}": 100 * sums[k] / count for k in KS} | {"questions": count}


def spc_semantic(embedder: Any, data: Path) -> dict[str, float]:
    """SPC fact scores (%) with the semantic match rule (``kore eval`` harness)."""
    from evals import run_all

    result = run_all(data=data, sets=["spc"], settings=KoreSettings(), embedder=embedder)
    spc = result["spc"]
    out: dict[str, float] = {}
    for key, value in spc.items():
        if key.startswith("semantic") and isinstance(value, dict):
            for name, figure in value.items():
                if isinstance(figure, float | int) and name in ("precision", "recall", "f1"):
                    out[f"{key} {name}"] = 100 * float(figure)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--backends", default="sentence-transformers,onnx,onnx-int8")
    parser.add_argument("--sets", default="locomo,madial,spc")
    args = parser.parse_args()
    from bench_embedders import madial_recall

    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    home = Path(tempfile.mkdtemp(prefix="kore-recall-"))
    table: dict[str, dict[str, dict[str, float]]] = {s: {} for s in sets}
    for backend in backends:
        embedder = make_embedder(KoreSettings(home=home, embedder=backend))
        for name in sets:
            t0 = time.perf_counter()
            if name == "locomo":
                figures = locomo_recall(embedder, args.data / "locomo-dev" / "locomo_dev5.json")
            elif name == "madial":
                figures = madial_recall(embedder, args.data)
            else:
                figures = spc_semantic(embedder, args.data)
            table[name][backend] = figures
            print(f"# {backend} {name}: {time.perf_counter() - t0:.0f} s {figures}",
                  file=sys.stderr, flush=True)
    base = backends[0]
    for name in sets:
        cols = [c for c in table[name][base] if c != "questions"]
        print(f"\n{name}:\n| backend | " + " | ".join(cols) + " |")
        print("|---|" + "---:|" * len(cols))
        for backend in backends:
            row = table[name][backend]
            cells = [f"{row[c]:.1f}" + ("" if backend == base else
                                        f" ({row[c] - table[name][base][c]:+.1f})")
                     for c in cols]
            print(f"| {backend} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
