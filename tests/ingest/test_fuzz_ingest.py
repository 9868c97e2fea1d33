"""Fuzzing the parsers and extractors: nothing crashes, every good record is stored, every bad
one is quarantined with its source, position and reason."""

from __future__ import annotations

import contextlib
import json
import math
import sys
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.facts import extract_memories
from kore_pipeline.ingest.documents import sniff
from kore_pipeline.ingest.formats import BadRecord, epoch_ts
from kore_pipeline.ingest.reader import ingest_paths
from kore_pipeline.run.pipeline import execute, open_run, stage_ingest
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.timeutil import BadTimestamp, parse_ts

LIMIT = 1 << 16
S = KoreSettings(max_record_bytes=LIMIT)
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

texts = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=120
                ).filter(lambda t: bool(t.strip()))
times = st.datetimes(timezones=st.timezones()).filter(
    lambda d: d.utcoffset() is not None and 1 < d.year < 9999)
BAD_TIMES = ["0000-01-01T00:00:00Z", "99999-01-01T00:00:00Z", "NaN", "", "yesterday",
             "2026-13-01", "0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-05:00",
             1.5e9, -1, math.nan, math.inf, True, None, [2026]]
BAD_KINDS = ("no_text", "text_type", "empty_text", "role", "ts", "importance", "not_object",
             "truncated", "deep", "huge", "bad_bytes", "surrogate", "owner_type", "duplicate")
REASONS = {"no_text": "missing field 'text'", "text_type": "field 'text' must be a string",
           "empty_text": "is empty", "role": "role", "ts": "time",
           "importance": "importance", "not_object": "must be a JSON object",
           "truncated": "invalid JSON", "deep": "nested too deeply", "huge": "larger than",
           "bad_bytes": "invalid JSON", "surrogate": "invalid Unicode",
           "owner_type": "field 'owner' must be a string", "duplicate": "duplicate message_id"}


def good(i: int, text: str, ts: Any, role: str) -> dict[str, Any]:
    return {"owner": "o", "conversation_id": "c", "message_id": f"id{i}", "ts": ts.isoformat(),
            "role": role, "text": text}


@st.composite
def labelled_lines(draw: st.DrawFn) -> list[tuple[bytes, str, Any]]:
    """JSON Lines of good records and bad ones of every kind, each with its expected outcome."""
    out: list[tuple[bytes, str, Any]] = []
    goods: list[int] = []
    for i in range(draw(st.integers(1, 25))):
        rec = good(i, draw(texts), draw(times), draw(st.sampled_from(["user", "assistant"])))
        kind = draw(st.sampled_from(("good",) * 4 + BAD_KINDS))
        if kind == "duplicate" and not goods:
            kind = "good"
        raw: bytes | None = None
        if kind == "no_text":
            del rec["text"]
        elif kind == "text_type":
            rec["text"] = draw(st.sampled_from([42, 1.5, ["a"], {"a": 1}, True]))
        elif kind == "empty_text":
            rec["text"] = draw(st.sampled_from(["", "   ", "\n\t "]))
        elif kind == "role":
            rec["role"] = draw(st.one_of(st.text(max_size=10).filter(
                lambda r: r.strip().lower() not in ("user", "assistant", "system")),
                st.integers(), st.none()))
        elif kind == "ts":
            rec["ts"] = draw(st.sampled_from(BAD_TIMES))
            if rec["ts"] is None:
                del rec["ts"]
        elif kind == "importance":
            rec["importance"] = draw(st.sampled_from([0, 6, -1, "high", True, 2.5]))
        elif kind == "not_object":
            raw = json.dumps(draw(st.sampled_from([[1, 2], 3, "text", None, False]))).encode()
        elif kind == "truncated":
            full = json.dumps(rec).encode()
            raw = full[: draw(st.integers(1, len(full) - 1))]
        elif kind == "deep":
            # deeper than json's recursion limit (hypothesis may raise it while it runs)
            depth = sys.getrecursionlimit() + draw(st.integers(100, 2000))
            raw = (b'{"text": "ok", "x": ' + b"[" * depth + b"]" * depth + b"}"
                   if draw(st.booleans()) else b"[" * depth + b"]" * depth)
        elif kind == "huge":
            rec["text"] = "x" * (LIMIT + draw(st.integers(1, 3 * LIMIT)))
        elif kind == "bad_bytes":
            raw = b"\xff\xfe{" + draw(st.binary(max_size=30)).replace(b"\n", b"")
        elif kind == "surrogate":
            raw = json.dumps(rec).replace('"text": "', '"text": "\\ud800', 1).encode()
        elif kind == "owner_type":
            rec["owner"] = draw(st.sampled_from([[1], {"a": "b"}, 1.5]))
        elif kind == "duplicate":
            rec["message_id"] = f"id{draw(st.sampled_from(goods))}"
            rec["text"] = f"another text {i}"
        if raw is None:
            raw = json.dumps(rec, ensure_ascii=draw(st.booleans())).encode("utf-8")
        if kind == "good":
            goods.append(i)
            out.append((raw, "good", rec["text"].strip()))
        else:
            out.append((raw, "bad", REASONS[kind]))
    return out


def write(path: Path, lines: list[tuple[bytes, str, Any]]) -> Path:
    path.write_bytes(b"".join(raw + b"\n" for raw, _, _ in lines))
    return path


@FUZZ
@given(labelled_lines())
def test_good_records_kept_and_bad_ones_quarantined_with_line_and_reason(
        lines: list[tuple[bytes, str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = write(Path(tmp) / "fuzz.jsonl", lines)
        res = ingest_paths([path], S)
    want_good = {n: t for n, (_, label, t) in enumerate(lines, 1) if label == "good"}
    want_bad = {n: r for n, (_, label, r) in enumerate(lines, 1) if label == "bad"}
    assert {m["source_line"]: m["text"] for m in res.messages} == want_good
    got_bad = {q["source_line"]: q["reason"] for q in res.quarantine}
    assert set(got_bad) == set(want_bad)
    for line, fragment in want_bad.items():
        reason = got_bad[line].replace("field 'ts'", "time")
        assert fragment in reason, (line, got_bad[line])
    assert all(q["source_file"] == str(path) for q in res.quarantine)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(labelled_lines())
def test_the_store_holds_every_good_record_and_every_bad_line(
        lines: list[tuple[bytes, str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = write(Path(tmp) / "fuzz.jsonl", lines)
        cfg = KoreSettings(home=Path(tmp) / "h", max_record_bytes=LIMIT)
        ctx = open_run(cfg, "pipeline", "2026-11-30T12:00:00Z")
        execute(ctx, lambda: stage_ingest(ctx, [path]))
        conn = connect(cfg.db_path())
        try:
            texts_by_line = dict(conn.execute("SELECT source_line, text FROM messages"))
            bad_lines = {r[0] for r in conn.execute("SELECT DISTINCT source_line FROM quarantine")}
        finally:
            conn.close()
    assert texts_by_line == {n: t for n, (_, lab, t) in enumerate(lines, 1) if lab == "good"}
    assert bad_lines == {n for n, (_, label, _) in enumerate(lines, 1) if label == "bad"}


@FUZZ
@given(st.lists(st.binary(max_size=300), max_size=20), st.booleans())
def test_random_bytes_never_crash_and_every_line_is_accounted_for(
        pieces: list[bytes], newline_at_end: bool) -> None:
    data = b"\n".join(pieces) + (b"\n" if newline_at_end else b"")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "random.jsonl"
        path.write_bytes(data)
        kind = sniff(path)
        res = ingest_paths([path], S)
    if kind != "lines":
        return  # a document or CSV: read whole, any error is one quarantined record
    complete = data.split(b"\n")
    tail = complete.pop()  # bytes after the last newline (empty if it ends with one)
    seen = {m["source_line"] for m in res.messages} | {q["source_line"] for q in res.quarantine}
    for number, raw in enumerate(complete, 1):
        if raw.decode("utf-8", "replace").strip():
            assert number in seen, (number, raw)
    if tail.decode("utf-8", "replace").strip() and len(complete) + 1 not in seen:
        assert res.pending_bytes == len(tail)  # an unterminated last line waits


@st.composite
def chatgpt_export(draw: st.DrawFn) -> tuple[list[Any], dict[str, Any]]:
    """Conversations with good, bad and skipped nodes, or a broken container; expectations."""
    convs: list[Any] = []
    expect: dict[str, Any] = {"good": [], "bad": [], "containers": 0}
    for c in range(draw(st.integers(1, 4))):
        cid = f"conv-{c}"
        mapping: dict[str, Any] = {"root": {"message": None, "parent": None}}
        parent = "root"
        for n in range(draw(st.integers(1, 8))):
            node_id = f"{cid}-n{n}"
            text = draw(texts)
            msg: Any = {"author": {"role": draw(st.sampled_from(["user", "assistant"]))},
                        "create_time": draw(st.floats(1e9, 2e9)),
                        "content": {"content_type": "text", "parts": [text]}}
            fault = draw(st.sampled_from(["none"] * 5 + ["time", "role", "content", "message",
                                                          "tool"]))
            if fault == "time":
                msg["create_time"] = draw(st.sampled_from(
                    [math.nan, -1.0, 1e20, math.inf, "yesterday", [1], True]))
            elif fault == "role":
                msg["author"] = draw(st.sampled_from(["x", {"role": "robot"}, {"role": 3}]))
            elif fault == "content":
                msg["content"] = draw(st.sampled_from([42, {"parts": []}, None, ["a"]]))
            elif fault == "message":
                msg = draw(st.sampled_from(["text", 5, [1]]))
            elif fault == "tool":
                msg["author"] = {"role": "tool"}
            mapping[node_id] = {"message": msg, "parent": parent}
            parent = node_id
            if fault == "none":
                expect["good"].append((cid, node_id, text.strip()))
            elif fault != "tool":
                expect["bad"].append(node_id)
        conv: dict[str, Any] = {"id": cid, "mapping": mapping, "current_node": parent,
                                "create_time": 1.6e9}
        broken = draw(st.sampled_from(["none"] * 4 + ["mapping", "current", "id"]))
        if broken != "none":
            conv = {**conv, **{"mapping": {"mapping": [1]}, "current": {"current_node": "zz"},
                               "id": {"id": None}}[broken]}
            expect["good"] = [g for g in expect["good"] if g[0] != cid]
            expect["bad"] = [b for b in expect["bad"] if not b.startswith(cid + "-")]
            expect["containers"] += 1
        convs.append(conv)
    return convs, expect


@FUZZ
@given(chatgpt_export())
def test_chatgpt_exports_with_faults(case: tuple[list[Any], dict[str, Any]]) -> None:
    convs, expect = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "conversations.json"
        path.write_text(json.dumps(convs, indent=1), encoding="utf-8")
        res = ingest_paths([path], S)
    assert [(m["conversation_id"], m["message_id"], m["text"]) for m in res.messages] == \
        expect["good"]
    reasons = [q["reason"] for q in res.quarantine]
    assert len(reasons) == len(expect["bad"]) + expect["containers"]
    for node_id in expect["bad"]:
        assert sum(f"({node_id!r})" in r for r in reasons) == 1
    assert all(q["source_line"] >= 2 for q in res.quarantine)  # where its conversation starts


@FUZZ
@given(st.lists(st.tuples(texts, st.sampled_from(["human", "assistant", "robot", None]),
                          st.booleans()), min_size=1, max_size=15))
def test_claude_exports_with_duplicate_ids_and_bad_senders(
        msgs: list[tuple[str, str | None, bool]]) -> None:
    chat, good, bad = [], {}, 0
    for i, (text, sender, reuse) in enumerate(msgs):
        uid = next(iter(good)) if reuse and good else f"u{i}"
        chat.append({"uuid": uid, "sender": sender, "text": text,
                     "created_at": "2026-10-05T08:00:00Z"})
        if sender not in ("human", "assistant"):
            bad += 1
        elif uid in good:
            bad += good[uid] != text.strip()
        else:
            good[uid] = text.strip()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "conversations.json"
        path.write_text(json.dumps([{"uuid": "c1", "chat_messages": chat}]), encoding="utf-8")
        res = ingest_paths([path], S)
    assert {m["message_id"]: m["text"] for m in res.messages} == good
    assert len(res.quarantine) == bad


@given(st.one_of(st.text(), st.floats(allow_nan=True), st.integers(), st.none(),
                 st.booleans(), st.datetimes()))
def test_time_parsers_fail_only_with_their_own_error(value: Any) -> None:
    with contextlib.suppress(BadTimestamp):
        parse_ts(value)
    try:
        out = epoch_ts(value)
    except BadRecord:
        return
    assert "0000" not in out[:4]


@settings(max_examples=150, deadline=None)
@given(texts, st.sampled_from(["user", "assistant"]), st.one_of(st.none(), texts))
def test_extractors_never_crash(text: str, role: str, speaker: str | None) -> None:
    msg = {"message_id": "m1", "owner": "o", "conversation_id": "c", "session_id": "s",
           "ts": "2026-01-01T00:00:00+00:00", "role": role, "speaker": speaker, "text": text,
           "importance": None}
    for cand in extract_memories([msg], S):
        assert cand.content.strip() and 1 <= cand.importance <= 5
