"""Small builders for hand-written test logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def message(text: str, *, role: str = "user", speaker: str | None = "Anna",
            owner: str = "team-alpha", ts: str = "2026-09-01T09:00:00Z",
            session: str = "s1", conversation: str = "c1", **extra: Any) -> dict[str, Any]:
    """One canonical message record."""
    rec = {"owner": owner, "conversation_id": conversation, "session_id": session, "ts": ts,
           "role": role, "text": text, **extra}
    if speaker is not None:
        rec["speaker"] = speaker
    return rec


def write_jsonl(path: Path, records: list[dict[str, Any] | str]) -> Path:
    """Write records (dicts, or raw lines for bad input) as JSON Lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def two_owner_home(root: Path, embedder: Any, now: str) -> Any:
    """A home built by one small pipeline run at ``now`` (FAISS index included): Anna of
    team-alpha (a coffee preference, a Postgres decision) and Bob of team-beta (green tea)."""
    from kore_pipeline.run.pipeline import run_pipeline
    from kore_pipeline.settings import KoreSettings

    write_jsonl(root / "logs" / "a.jsonl", [
        message("I prefer dark roast coffee, especially from Ethiopia.", message_id="a1"),
        message("I decided to use Postgres for the billing service.", message_id="a2",
                ts="2026-09-01T10:00:00Z"),
        message("I prefer green tea over any coffee.", owner="team-beta", speaker="Bob",
                message_id="b1"),
    ])
    settings = KoreSettings(home=root / "home")
    run_pipeline([root / "logs"], settings, now=now, embedder=embedder)
    return settings


def extracted_home(root: Path, records: list[dict[str, Any]],
                   now: str = "2026-09-10T12:00:00+00:00") -> Any:
    """A home whose store holds ``records`` (message records) and the memories the extract
    stage finds in them, upserted at ``now``: no model, so no vectors (keyword search)."""
    from kore_pipeline.extract.facts import extract_memories, upsert_memories
    from kore_pipeline.ingest.reader import message_key, normalise
    from kore_pipeline.settings import KoreSettings
    from kore_pipeline.store.db import connect, transaction

    settings = KoreSettings(home=root / "home")
    msgs = [normalise(r, settings, "t.jsonl", i) for i, r in enumerate(records, start=1)]
    conn = connect(settings.db_path())
    try:
        with transaction(conn):
            conn.executemany(
                "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts, role,"
                " speaker, text, importance, source_file, source_line, run_id, language)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [(m["message_id"], m["owner"], m["conversation_id"], m["session_id"], m["ts"],
                  m["role"], m.get("speaker"), m["text"], m.get("importance"), "t.jsonl", i,
                  "run-test", m.get("language")) for i, m in enumerate(msgs, start=1)])
        upsert_memories(conn, extract_memories(msgs, settings), now,
                        done_messages=[message_key(m) for m in msgs])
    finally:
        conn.close()
    return settings


def as_schema_21(path: Path) -> None:
    """Turn the store at ``path`` into one of schema 21, as stores were before migration
    0022: no ``rule`` column (in the table and its view), 0022 not recorded."""
    from kore_pipeline.store.db import connect
    from kore_pipeline.store.sqlfiles import load_sql

    view = load_sql("schema").split("CREATE VIEW IF NOT EXISTS memories_scored AS")[1]
    view = view.split(";")[0].replace(", m.rule", "")
    conn = connect(path)
    conn.executescript(f"""
        DROP VIEW memories_scored;
        ALTER TABLE memories DROP COLUMN rule;
        CREATE VIEW memories_scored AS {view};
        DELETE FROM migrations WHERE name = '0022_memory_rule';
        UPDATE meta SET value = '21' WHERE key = 'schema_version';
    """)
    conn.close()


def say(conn: Any, text: str, ts: str, n: int, language: str | None = None) -> None:
    """One user message (id ``m<n>``, said at ``ts``) through extraction and the upsert into
    the store ``conn``, as the pipeline runs them."""
    from kore_pipeline.extract.facts import extract_memories, upsert_memories
    from kore_pipeline.ingest.reader import normalise
    from kore_pipeline.settings import KoreSettings

    settings = KoreSettings()
    rec = message(text, message_id=f"m{n}", ts=ts)
    if language is not None:
        rec["language"] = language
    upsert_memories(conn, extract_memories([normalise(rec, settings, "t.jsonl", n)], settings),
                    ts)
