"""User turns of the public dev sets, as plain texts: the corpus of the extraction benchmark
and of the old-vs-new extractor comparison (``tests/evals/test_reference.py``).

Read from the data folder at run time (never copied into the project): every "User N" turn of
Synthetic-Persona-Chat (test and valid splits), every user query of MemoryBank (en), every
speaker turn of the LoCoMo dev half (both speakers are users there) and every user turn of
MADial-Bench (en).
"""

from __future__ import annotations

import json
from pathlib import Path

from evals.madial import MADIAL_DIR, load_madial
from evals.memorybank import load_memorybank
from evals.spc import load_spc

SPC_SPLITS = ("Synthetic-Persona-Chat_test.csv", "Synthetic-Persona-Chat_valid.csv")
MEMORYBANK_FILE = Path("memorybank") / "en" / "memory_bank_en.json"
LOCOMO_FILE = Path("locomo-dev") / "locomo_dev5.json"
DEV_SETS = ("spc", "memorybank", "locomo", "madial")


def _locomo_turns(path: Path) -> list[str]:
    samples = json.loads(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for sample in samples:
        conv = sample["conversation"]
        n = 1
        while f"session_{n}" in conv:
            out.extend(str(t.get("text") or "") for t in conv[f"session_{n}"])
            n += 1
    return [t for t in out if t.strip()]


def dev_user_turns(data: Path, sets: tuple[str, ...] = DEV_SETS) -> dict[str, list[str]]:
    """Set name -> its user turns in file order; a set whose files are missing is left out."""
    out: dict[str, list[str]] = {}
    if "spc" in sets and all((data / "synthetic-persona-chat" / f).exists() for f in SPC_SPLITS):
        out["spc"] = [text for f in SPC_SPLITS
                      for conv in load_spc(data / "synthetic-persona-chat" / f)
                      for _, text in conv.turns]
    if "memorybank" in sets and (data / MEMORYBANK_FILE).exists():
        out["memorybank"] = [text for user in load_memorybank(data / MEMORYBANK_FILE)
                             for _, text in user.turns]
    if "locomo" in sets and (data / LOCOMO_FILE).exists():
        out["locomo"] = _locomo_turns(data / LOCOMO_FILE)
    if "madial" in sets and (data / MADIAL_DIR).exists():
        _, dialogues = load_madial(data / MADIAL_DIR)
        out["madial"] = [text for d in dialogues for role, text in d.turns if role == "user"]
    return out
