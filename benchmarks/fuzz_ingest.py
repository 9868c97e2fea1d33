"""A larger fuzz run of ingest and extraction than the hypothesis tests: generated files of
every input format with good records and bad ones of every kind, through the real ingest
stage into a throw-away store, then fact extraction over everything stored.

Prints: records generated, good stored, quarantined by reason, misses (a good record not
stored or a bad one not quarantined) and crashes (must be 0).

    PYTHONPATH=src:. python benchmarks/fuzz_ingest.py [--files 300] [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from kore_pipeline.run.pipeline import execute, open_run, stage_extract, stage_ingest
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect

LIMIT = 1 << 16
WORDS = ("I like", "I always", "my favourite", "I decided to", "I live in", "mi piace", "j'adore",
         "me encanta", "ich mag", "eu gosto de", "tea", "jazz", "Lisbon", "running", "ß", "caffè",
         "東京", "🙂", "\u200b", "\t", "<b>", "'", '"', "\\", "NaN", "null")
BAD_TIMES: list[Any] = ["0000-01-01T00:00:00Z", "99999-01-01T00:00:00Z", "NaN", "", "yesterday",
                        "2026-13-01", "0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-05:00",
                        1.5e9, -1, math.nan, math.inf, True, [2026]]
KINDS = ("no_text", "text_type", "empty_text", "role", "ts", "importance", "not_object",
         "truncated", "deep", "huge", "bad_bytes", "surrogate", "owner_type", "duplicate")


def text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))).strip() or "tea"


def good_time(rng: random.Random) -> str:
    return f"{rng.randint(1970, 2099):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" \
           f"T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00+0{rng.randint(0, 9)}:00"


def jsonl_file(rng: random.Random, n: int, stem: str) -> tuple[bytes, int, int]:
    """Canonical JSON Lines with bad records mixed in: (bytes, good count, bad count)."""
    lines, goods, bad = [], [], 0
    for i in range(n):
        rec: dict[str, Any] = {"owner": f"o{rng.randint(0, 3)}", "conversation_id": stem,
                               "message_id": f"{stem}-{i}", "ts": good_time(rng),
                               "role": rng.choice(["user", "assistant"]), "text": text(rng)}
        kind = rng.choice(("good",) * 6 + KINDS)
        if kind == "duplicate" and not goods:
            kind = "good"
        raw: bytes | None = None
        if kind == "no_text":
            del rec["text"]
        elif kind == "text_type":
            rec["text"] = rng.choice([42, ["a"], {"a": 1}, True])
        elif kind == "empty_text":
            rec["text"] = rng.choice(["", "  ", "\n"])
        elif kind == "role":
            rec["role"] = rng.choice(["robot", "", 3, None, "users"])
        elif kind == "ts":
            rec["ts"] = rng.choice(BAD_TIMES)
        elif kind == "importance":
            rec["importance"] = rng.choice([0, 6, "high", 2.5, False])
        elif kind == "not_object":
            raw = json.dumps(rng.choice([[1], 3, "x", None])).encode()
        elif kind == "truncated":
            full = json.dumps(rec).encode()
            raw = full[: rng.randint(1, len(full) - 1)]
        elif kind == "deep":
            depth = sys.getrecursionlimit() + rng.randint(10, 5000)
            raw = b"[" * depth + b"]" * depth
        elif kind == "huge":
            rec["text"] = "y" * (LIMIT + rng.randint(1, 100000))
        elif kind == "bad_bytes":
            raw = b"\xff{" + bytes(rng.randint(1, 255) for _ in range(20)).replace(b"\n", b"")
        elif kind == "surrogate":
            raw = json.dumps(rec).replace('"text": "', '"text": "\\udc80', 1).encode()
        elif kind == "owner_type":
            rec["owner"] = rng.choice([[1], {"a": 1}, 2.5])
        elif kind == "duplicate":
            dup = rng.choice(goods)
            rec["owner"], rec["message_id"], rec["text"] = dup[0], dup[1], f"changed {i}"
        if raw is None:
            raw = json.dumps(rec, ensure_ascii=rng.random() < 0.5).encode()
        if kind == "good":
            goods.append((rec["owner"], rec["message_id"]))
        else:
            bad += 1
        lines.append(raw)
    return b"\n".join(lines) + b"\n", len(goods), bad


def chatgpt_file(rng: random.Random, convs: int, stem: str) -> tuple[bytes, int, int]:
    """A ChatGPT export with faulty nodes and faulty conversations."""
    out, good, bad = [], 0, 0
    for c in range(convs):
        cid = f"{stem}-{c}"
        mapping: dict[str, Any] = {"root": {"message": None, "parent": None}}
        parent, g, b = "root", 0, 0
        for n in range(rng.randint(1, 12)):
            msg: Any = {"author": {"role": rng.choice(["user", "assistant"])},
                        "create_time": rng.uniform(1e9, 2e9),
                        "content": {"content_type": "text", "parts": [text(rng)]}}
            fault = rng.choice(["none"] * 6 + ["time", "role", "content", "message", "tool"])
            if fault == "time":
                msg["create_time"] = rng.choice([math.nan, -5.0, 1e20, math.inf, "x", [1]])
            elif fault == "role":
                msg["author"] = rng.choice(["x", {"role": "robot"}, {"role": 3}])
            elif fault == "content":
                msg["content"] = rng.choice([42, {"parts": []}, None])
            elif fault == "message":
                msg = rng.choice(["text", 5])
            elif fault == "tool":
                msg["author"] = {"role": "tool"}
            node = f"{cid}-n{n}"
            mapping[node] = {"message": msg, "parent": parent}
            parent = node
            g += fault == "none"
            b += fault not in ("none", "tool")
        conv: dict[str, Any] = {"id": cid, "mapping": mapping, "current_node": parent}
        if rng.random() < 0.1:
            field = rng.choice(["mapping", "current_node", "id"])
            conv[field] = rng.choice([None, [1]] + (["zz"] if field != "id" else []))
            bad += 1
        else:
            good, bad = good + g, bad + b
        out.append(conv)
    return json.dumps(out, indent=1).encode(), good, bad


def claude_file(rng: random.Random, convs: int, stem: str) -> tuple[bytes, int, int]:
    """A Claude export with bad senders, bad times and duplicate ids."""
    out, good, bad = [], 0, 0
    for c in range(convs):
        chat, seen = [], {}
        for i in range(rng.randint(1, 12)):
            uid = rng.choice(list(seen)) if seen and rng.random() < 0.1 else f"{stem}-{c}-{i}"
            msg = {"uuid": uid, "sender": rng.choice(["human", "assistant"] * 5 + ["robot"]),
                   "text": text(rng), "created_at": "2026-10-05T08:00:00Z"}
            if rng.random() < 0.1:
                msg["created_at"] = rng.choice(["99999-01-01T00:00:00Z", "0000-01-01", "x"])
            chat.append(msg)
            ok = msg["sender"] != "robot" and msg["created_at"].startswith("2026")
            if not ok:
                bad += 1
            elif uid in seen:
                bad += seen[uid] != msg["text"].strip()
            else:
                seen[uid] = msg["text"].strip()
                good += 1
        out.append({"uuid": f"{stem}-{c}", "name": "fuzz", "chat_messages": chat})
    return json.dumps(out).encode(), good, bad


def reason_kind(reason: str) -> str:
    """A short label for a quarantine reason (its words without quoted values)."""
    reason = re.sub(r"^conversation '[^']*'( node \d+ \('[^']*'\)| message \d+)?: ", "",
                    reason)
    reason = re.sub(r"^message \d+: ", "", reason)
    reason = re.sub(r"'[^']*'|\"[^\"]*\"|-?\d[\d.e+-]*|at line .*", "…", reason)
    return reason[:60]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    expect_good = expect_bad = random_lines = 0
    random_stems: set[str] = set()
    crashes = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "in"
        root.mkdir()
        for f in range(args.files):
            kind = rng.choice(["jsonl"] * 5 + ["chatgpt", "claude", "random"])
            stem = f"f{f}"
            if kind == "jsonl":
                data, g, b = jsonl_file(rng, rng.randint(1, 80), stem)
                (root / f"{stem}.jsonl").write_bytes(data)
            elif kind == "chatgpt":
                data, g, b = chatgpt_file(rng, rng.randint(1, 6), stem)
                (root / f"{stem}.json").write_bytes(data)
            elif kind == "claude":
                data, g, b = claude_file(rng, rng.randint(1, 6), stem)
                (root / f"{stem}.json").write_bytes(data)
            else:
                data = bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 4000)))
                (root / f"{stem}.jsonl").write_bytes(data + b"\n")
                g, b = 0, 0
                random_stems.add(stem)
                random_lines += data.count(b"\n") + 1
            expect_good += g
            expect_bad += b
        settings = KoreSettings(home=Path(tmp) / "home", max_record_bytes=LIMIT)
        t0 = time.perf_counter()
        ctx = open_run(settings, "pipeline", "2026-11-30T12:00:00Z")
        report: dict[str, Any] = {}
        try:
            execute(ctx, lambda: (report.update(ingest=stage_ingest(ctx, [root])),
                                  report.update(extract=stage_extract(ctx))))
        except Exception:  # noqa: BLE001 - counted, and shown
            crashes += 1
            traceback.print_exc()
        seconds = time.perf_counter() - t0
        conn = connect(settings.db_path())
        stored = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        quarantine = conn.execute("SELECT source_file, source_line, reason FROM quarantine"
                                  ).fetchall()
        memories = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
        conn.close()
    by_reason = Counter(reason_kind(r[2]) for r in quarantine)
    labelled_q = sum(1 for r in quarantine if Path(r[0]).stem not in random_stems)
    print(f"files: {args.files}, seed {args.seed}, ingest + extract {seconds:.1f} s")
    print(f"records generated (formats with known labels): {expect_good + expect_bad}"
          f" ({expect_good} good, {expect_bad} bad); random-byte lines: {random_lines}")
    print(f"good stored: {stored} of {expect_good}"
          f" (missing: {expect_good - stored if stored <= expect_good else 0},"
          f" unexpected extra: {max(0, stored - expect_good)})")
    print(f"quarantined: {len(quarantine)}: {labelled_q} of {expect_bad} labelled bad records,"
          f" {len(quarantine) - labelled_q} from random-byte files")
    for reason, n in by_reason.most_common():
        print(f"  {n:6d}  {reason}")
    print(f"memories extracted: {memories}")
    print(f"crashes: {crashes}")
    if crashes or stored != expect_good or labelled_q != expect_bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
