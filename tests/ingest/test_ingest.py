"""Ingest: formats, defaults, stable ids, quarantine of bad records."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from hypothesis import given
from hypothesis import strategies as st

from kore_pipeline.ingest.reader import ingest_paths, normalise
from kore_pipeline.settings import KoreSettings

S = KoreSettings()


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def msg(**kw: object) -> str:
    base = {"owner": "o", "conversation_id": "c", "session_id": "s", "ts": "2026-01-02T10:00:00Z",
            "role": "user", "speaker": "Anna", "text": "I prefer tea."}
    base.update(kw)
    return json.dumps({k: v for k, v in base.items() if v is not ...})


def test_canonical_jsonl_with_defaults_and_stable_ids(tmp_path: Path) -> None:
    f = write_lines(tmp_path / "a.jsonl", [
        msg(), json.dumps({"ts": "2026-01-02T11:00:00+02:00", "role": "assistant",
                           "text": "Noted."})])
    first = ingest_paths([f], S)
    again = ingest_paths([f], S)
    assert [m["message_id"] for m in first.messages] == [m["message_id"] for m in again.messages]
    a, b = first.messages
    assert a["owner"] == "o" and a["speaker"] == "Anna"
    assert b["owner"] == "default" and b["conversation_id"] == "a" and b["session_id"] == "a"
    assert b["ts"] == "2026-01-02T09:00:00+00:00"  # converted to UTC
    assert first.quarantine == []


def test_bad_records_are_quarantined_with_line_and_reason(tmp_path: Path) -> None:
    f = write_lines(tmp_path / "bad.jsonl", [
        msg(text="first good one here"),
        "{not json",
        msg(text=...),
        msg(text="   "),
        msg(ts="yesterday"),
        msg(text=42),
        msg(role="robot"),
        "[1, 2]",
        msg(importance=9),
        msg(text="last good one here"),
    ])
    res = ingest_paths([f], S)
    assert [m["text"] for m in res.messages] == ["first good one here", "last good one here"]
    reasons = {q["source_line"]: q["reason"] for q in res.quarantine}
    assert set(reasons) == {2, 3, 4, 5, 6, 7, 8, 9}
    assert "invalid JSON" in reasons[2]
    assert "missing field 'text'" in reasons[3]
    assert "empty" in reasons[4]
    assert "ISO 8601" in reasons[5]
    assert "must be a string" in reasons[6]
    assert "unknown role" in reasons[7]
    assert "JSON object" in reasons[8]
    assert "importance" in reasons[9]
    assert all(q["source_file"] == str(f) for q in res.quarantine)


def test_oversize_record_quarantined_and_long_text_cut_to_tail(tmp_path: Path) -> None:
    small = KoreSettings(max_record_bytes=2000, max_message_bytes=100)
    f = write_lines(tmp_path / "big.jsonl", [msg(text="x" * 5000),
                                             msg(text="head " + "y" * 300 + " THE END")])
    res = ingest_paths([f], small)
    assert res.quarantine[0]["source_line"] == 1 and "larger than" in res.quarantine[0]["reason"]
    (kept,) = res.messages
    assert kept["text"].endswith("THE END") and len(kept["text"].encode()) <= 100


def test_openai_style_lines(tmp_path: Path) -> None:
    line = {"owner": "agent-7", "conversation_id": "conv-1", "ts": "2026-10-02T10:00:00Z",
            "user": "Priya", "messages": [
                {"role": "system", "content": "You are helpful."},
                {"role": "user", "content": [{"type": "text", "text": "I love hiking."}]},
                {"role": "assistant", "content": "Nice!"}]}
    f = write_lines(tmp_path / "oa.jsonl", [json.dumps(line), json.dumps({"messages": "nope"})])
    res = ingest_paths([f], S)
    assert [m["role"] for m in res.messages] == ["system", "user", "assistant"]
    user = res.messages[1]
    assert user["text"] == "I love hiking." and user["speaker"] == "Priya"
    assert user["owner"] == "agent-7" and user["ts"] == "2026-10-02T10:00:01+00:00"
    assert res.quarantine[0]["source_line"] == 2


def test_csv_and_parquet(tmp_path: Path) -> None:
    (tmp_path / "c.csv").write_text(
        "owner,conversation_id,session_id,message_id,ts,role,speaker,text\n"
        "o,c,s,m1,2026-01-01T00:00:00Z,user,Kai,I usually swim at 7am\n"
        "o,c,s,m2,not-a-time,user,Kai,broken\n", encoding="utf-8")
    pq.write_table(pa.table({"ts": ["2026-01-01T00:00:00Z"], "role": ["user"],
                             "text": ["I live in Oslo"], "owner": ["p"]}), tmp_path / "p.parquet")
    res = ingest_paths([tmp_path], S)
    assert sorted(m["text"] for m in res.messages) == ["I live in Oslo", "I usually swim at 7am"]
    assert res.quarantine[0]["source_line"] == 3  # CSV line numbers count the header


def test_skips_known_files_and_dedupes_ids(tmp_path: Path) -> None:
    f = write_lines(tmp_path / "a.jsonl", [msg(message_id="m1"), msg(message_id="m1")])
    res = ingest_paths([f], S)
    assert len(res.messages) == 1
    sha = res.files[0][1]
    assert ingest_paths([f], S, skip_hashes={sha}).skipped_files == [str(f)]


@given(st.dictionaries(st.text(max_size=8), st.one_of(st.none(), st.integers(), st.text(),
                                                       st.booleans(), st.lists(st.integers()))))
def test_normalise_never_crashes_on_arbitrary_records(rec: dict) -> None:
    from kore_pipeline.ingest.reader import BadRecord

    try:
        out = normalise(rec, S, "f.jsonl", 1)
    except BadRecord:
        return
    assert out["role"] in ("user", "assistant", "system") and out["text"].strip()


def test_a_bad_byte_in_a_csv_keeps_the_other_rows(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_bytes(b"ts,role,text\n2026-01-01T00:00:00Z,user,I live in Oslo\n"
                     b"2026-01-01T00:01:00Z,user,caf\xe9 au lait\n")
    res = ingest_paths([path], S)
    assert [m["text"] for m in res.messages] == ["I live in Oslo", "caf\ufffd au lait"]
