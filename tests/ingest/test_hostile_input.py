"""Input cannot hurt the host or the pipeline."""

from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path

import pytest

from kore_pipeline.ingest.reader import ingest_paths
from kore_pipeline.ingest.sources import csv_records
from kore_pipeline.settings import KoreSettings
from tests.helpers import message, write_jsonl


def _ingest(paths: list[Path], settings: KoreSettings):  # type: ignore[no-untyped-def]
    result: list = []

    def work() -> None:
        result.append(ingest_paths(paths, settings))

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "ingest hangs (it opened a FIFO?)"
    return result[0]


def test_symlink_out_of_the_input_folder_is_not_followed(tmp_path: Path) -> None:
    secret = tmp_path / "outside" / "passwd.jsonl"
    write_jsonl(secret, ["root:x:0:0:root:/root:/bin/bash"])
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [message("I prefer oolong tea in the afternoon.")])
    (logs / "link.jsonl").symlink_to(secret)
    (logs / "inside.jsonl").symlink_to(logs / "a.jsonl")  # inside the root: read once
    settings = KoreSettings(home=tmp_path / "home")
    result = _ingest([logs], settings)
    assert all("root:x" not in q["raw"] for q in result.quarantine)
    assert len(result.messages) == 1
    assert any(p.endswith("link.jsonl") and "outside the input folders" in why
               for p, why in result.refused)
    allowed = _ingest([logs], KoreSettings(home=tmp_path / "home", follow_symlinks=True))
    assert any("root:x" in q["raw"] for q in allowed.quarantine)  # the setting allows it


def test_fifo_and_socket_are_skipped_never_opened(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [message("I prefer oolong tea in the afternoon.")])
    os.mkfifo(logs / "pipe.jsonl")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(logs / "s.jsonl"))
    try:
        result = _ingest([logs], KoreSettings(home=tmp_path / "home"))
        also = _ingest([logs / "pipe.jsonl"], KoreSettings(home=tmp_path / "home"))
    finally:
        sock.close()
    assert len(result.messages) == 1
    reasons = dict(result.refused)
    assert "FIFO" in reasons[str(logs / "pipe.jsonl")]
    assert "socket" in reasons[str(logs / "s.jsonl")]
    assert also.messages == [] and "FIFO" in dict(also.refused)[str(logs / "pipe.jsonl")]


def test_the_home_is_never_ingested(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [message("I prefer oolong tea in the afternoon.")])
    home = logs / ".kore"
    write_jsonl(home / "lake" / "leak.jsonl", [message("from the lake, never read")])
    result = _ingest([logs], KoreSettings(home=home))
    assert [m["text"] for m in result.messages] == ["I prefer oolong tea in the afternoon."]
    direct = _ingest([home / "lake"], KoreSettings(home=home))
    assert direct.messages == [] and direct.refused


@pytest.mark.parametrize("field", ["owner", "conversation_id", "message_id", "speaker"])
@pytest.mark.parametrize("bad", ["x" * 10_000, "ab\x00cd", "line\nbreak", "a\u202eb"])
def test_bad_ids_quarantine_their_record(tmp_path: Path, field: str, bad: str) -> None:
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [message("I prefer oolong tea in the afternoon.",
                                           **{field: bad}),
                                   message("I prefer green tea.", message_id="ok")])
    result = _ingest([logs], KoreSettings(home=tmp_path / "home"))
    assert [m["message_id"] for m in result.messages] == ["ok"]
    assert len(result.quarantine) == 1 and repr(field) in result.quarantine[0]["reason"]


def test_csv_quarantines_per_record(tmp_path: Path) -> None:
    big = "x" * (200 * 1024)  # over csv's 128 KiB default, under the 1 MiB record limit
    huge = "y" * (1100 * 1024)
    rows = ["owner,role,ts,text", f"o,user,2026-11-01T09:00:00Z,{big}",
            "o,user,2026-11-01T09:01:00Z,second row is fine",
            f"o,user,2026-11-01T09:02:00Z,{huge}",
            'o,user,2026-11-01T09:03:00Z,"this quote is never closed',
            "o,user,2026-11-01T09:04:00Z,the row after the bad quote"]
    path = tmp_path / "logs" / "a.csv"
    path.parent.mkdir()
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = _ingest([path.parent], KoreSettings(home=tmp_path / "home"))
    texts = [m["text"] for m in result.messages]
    assert big.endswith(texts[0]) and texts[1:] == ["second row is fine",
                                                    "the row after the bad quote"]
    reasons = sorted((q["source_line"], q["reason"]) for q in result.quarantine)
    assert reasons[0][0] == 4 and "larger than" in reasons[0][1]
    assert reasons[1][0] == 5 and "unclosed quote" in reasons[1][1]


def test_csv_multiline_quoted_fields_stay_whole() -> None:
    text = 'role,text\nuser,"one\ntwo"\nuser,three\n'
    recs = list(csv_records(text, 1024))
    assert [(r.line, r.row) for r in recs] == [(2, {"role": "user", "text": "one\ntwo"}),
                                               (4, {"role": "user", "text": "three"})]


@pytest.mark.slow
def test_long_owner_names_publish(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    from kore_pipeline.lake.publish import query
    from kore_pipeline.run.pipeline import run_pipeline

    cjk = "\U00020000" * 15 + "漢字" * 20  # 4-byte CJK: ~500 bytes percent-encoded
    long_ascii = "o" * 500
    logs = tmp_path / "logs"
    write_jsonl(logs / "a.jsonl", [
        message("I prefer oolong tea in the afternoon, served without sugar.", owner=cjk,
                message_id="c1"),
        message("I always walk my dog Rex before breakfast every single day.",
                owner=long_ascii, message_id="l1"),
        message("too long an owner is quarantined, never a failed run", owner="x" * 10_000,
                message_id="x1")])
    settings = KoreSettings(home=tmp_path / "home")
    summary = run_pipeline([logs], settings, now="2026-11-30T12:00:00Z", embedder=embedder)
    assert summary["state"] == "completed" and summary["ingest"]["quarantined"] == 1
    _cols, rows = query(settings.lake_dir(), "SELECT owner FROM messages ORDER BY 1")
    assert sorted(r[0] for r in rows) == sorted([cjk, long_ascii])  # the full value kept
    assert all(len(p.name.encode()) < 255 for p in settings.lake_dir().rglob("*"))
    json.dumps(summary)
