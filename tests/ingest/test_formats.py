"""Input formats: ChatGPT and Claude exports (hand-made samples), detection by content."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kore_pipeline.ingest.documents import sniff
from kore_pipeline.ingest.reader import ingest_paths
from kore_pipeline.run.pipeline import execute, open_run, run_pipeline, stage_ingest
from kore_pipeline.serve.search import Searcher
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"
CHATGPT = EXPORTS / "chatgpt_conversations.json"
CLAUDE = EXPORTS / "claude_conversations.json"
S = KoreSettings()
NOW = "2026-11-30T12:00:00Z"


def test_chatgpt_export_follows_current_node_and_quarantines_bad_nodes() -> None:
    res = ingest_paths([CHATGPT], S)
    got = [(m["conversation_id"][-2:], m["message_id"], m["role"], m["text"], m["ts"])
           for m in res.messages]
    assert got == [
        ("01", "n-1", "user", "I'm allergic to shellfish, so skip the seafood places in Lisbon.",
         "2026-10-01T09:00:10+00:00"),
        ("01", "n-2", "assistant", "Noted, no seafood restaurants on the list.",
         "2026-10-01T09:00:20+00:00"),
        # multimodal: the image part is left out; the tool node and the regenerated draft too
        ("01", "n-4", "user", "I prefer trains over buses for the day trips.",
         "2026-10-01T09:01:40+00:00"),
        # create_time null: the conversation's own create_time stands in
        ("02", "b-2", "user", "I always water the plants on Sunday mornings.",
         "2026-10-02T09:00:00+00:00"),
    ]
    assert all(m["owner"] == "default" and m["source_file"] == str(CHATGPT)
               for m in res.messages)
    assert {m["source_line"] for m in res.messages} == {2, 40}  # where each conversation starts
    bad = {(q["source_line"], q["reason"]) for q in res.quarantine}
    assert len(bad) == 3
    reasons = " | ".join(r for _, r in sorted(bad))
    assert "node 2 ('b-1'): field 'create_time' out of range: -5.0" in reasons
    assert "node 4 ('b-3'): field 'text' is empty" in reasons
    assert "field 'mapping' must be an object" in reasons
    assert {line for line, _ in bad} == {40, 58}


def test_claude_export_messages_and_bad_records() -> None:
    res = ingest_paths([CLAUDE], S)
    got = [(m["message_id"], m["role"], m["text"], m["ts"]) for m in res.messages]
    assert got == [
        ("cm-0001", "user", "My favourite flower is the blue hydrangea.",
         "2026-10-05T08:00:05+00:00"),
        ("cm-0002", "assistant", "Hydrangeas like acidic soil for the blue colour.",
         "2026-10-05T08:00:09+00:00"),
        ("cm-0003", "user", "I decided to plant them along the north fence.",
         "2026-10-05T08:02:00+00:00"),
        # no created_at: the conversation's time stands in
        ("cm-0104", "user", "I usually cycle to work when it is dry.",
         "2026-10-06T09:00:00+00:00"),
    ]
    assert {m["conversation_id"] for m in res.messages} == {
        "c0ffee00-0000-4000-8000-000000000001", "c0ffee00-0000-4000-8000-000000000002"}
    reasons = sorted(q["reason"] for q in res.quarantine)
    assert len(reasons) == 4 and all(q["source_line"] == 22 for q in res.quarantine)
    assert any("message 1: unknown role 'robot'" in r for r in reasons)
    assert any("message 2: not an ISO 8601 time: '99999-01-01T00:00:00Z'" in r for r in reasons)
    assert any("message 3: field 'text' must be a string" in r for r in reasons)
    assert any("message 4: message must be an object" in r for r in reasons)


def test_formats_are_detected_by_content_not_by_name(tmp_path: Path) -> None:
    misnamed = tmp_path / "chatgpt.jsonl"
    shutil.copy(CHATGPT, misnamed)
    assert sniff(misnamed) == "document"
    assert len(ingest_paths([misnamed], S).messages) == 4
    # one Claude conversation per line, in a file named .json
    convs = json.loads(CLAUDE.read_text())
    lines = tmp_path / "claude.json"
    lines.write_text("\n".join(json.dumps(c) for c in convs) + "\n")
    assert sniff(lines) == "lines"
    res = ingest_paths([lines], S)
    assert len(res.messages) == 4 and {m["source_line"] for m in res.messages} == {1, 2}
    # a canonical record pretty-printed over several lines is one document
    pretty = tmp_path / "one.json"
    pretty.write_text(json.dumps(message("I live in Porto."), indent=2))
    assert sniff(pretty) == "document"
    assert [m["text"] for m in ingest_paths([pretty], S).messages] == ["I live in Porto."]
    # CSV without the .csv name
    table = tmp_path / "notes.txt"
    table.write_text("ts,role,text\n2026-01-01T00:00:00Z,user,I swim at 7am\n")
    assert sniff(table) == "csv"
    assert [m["text"] for m in ingest_paths([table], S).messages] == ["I swim at 7am"]


def test_a_broken_export_keeps_the_conversations_before_the_error(tmp_path: Path) -> None:
    broken = tmp_path / "conversations.json"
    text = CLAUDE.read_text()
    broken.write_text(text[: text.index('"Bad records"') + 20])  # cut mid-way
    res = ingest_paths([broken], S)
    assert len(res.messages) == 3
    (bad,) = res.quarantine
    assert bad["source_line"] > 22 and "invalid JSON" in bad["reason"]  # where it broke off


def test_a_re_downloaded_export_adds_only_new_messages(tmp_path: Path) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    export = tmp_path / "conversations.json"
    convs = json.loads(CLAUDE.read_text())
    export.write_text(json.dumps(convs[:1]))

    def ingest() -> dict[str, int]:
        ctx = open_run(settings, "pipeline", NOW)
        out: dict[str, int] = {}
        execute(ctx, lambda: out.update(stage_ingest(ctx, [export])))
        return out

    assert ingest()["messages_new"] == 3
    assert ingest()["files_skipped"] == 1
    export.write_text(json.dumps(convs, indent=1))  # the next export: all of it again, and more
    report = ingest()
    assert report["files_rewritten"] == 1 and report["messages_new"] == 1
    conn = connect(settings.db_path())
    try:
        assert conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 4
    finally:
        conn.close()


@pytest.mark.slow
def test_exports_end_to_end_are_searchable(tmp_path: Path, embedder: object) -> None:
    settings = KoreSettings(home=tmp_path / "h")
    summary = run_pipeline([EXPORTS], settings, NOW, embedder)  # type: ignore[arg-type]
    assert summary["state"] == "completed" and summary["ingest"]["messages_new"] == 8
    searcher = Searcher(settings, embedder)  # type: ignore[arg-type]
    try:
        top = searcher.search("what is the user allergic to", "default", k=1, now=NOW)[0]
        flower = searcher.search("favourite flower", "default", k=1, now=NOW)[0]
    finally:
        searcher.close()
    assert "shellfish" in top.content and top.subject == "user"
    assert "hydrangea" in flower.content
