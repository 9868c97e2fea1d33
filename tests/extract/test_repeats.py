"""A fact said many times, in one batch and across batches; a big batch's upsert (its new rows
go in many per statement) gives the store that inserting them one by one gives."""

from __future__ import annotations

import json
import sqlite3
from functools import reduce
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kore_pipeline.extract.facts import CandidateMemory, extract_memories, upsert_memories
from kore_pipeline.extract.fold import CandidateFold
from kore_pipeline.extract.inserts import CHUNK
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from kore_pipeline.store.validity import slot_history
from tests.helpers import message

S = KoreSettings()


def fold_candidates(old: CandidateMemory, new: CandidateMemory) -> CandidateMemory:
    """The pairwise merge of a repeated fact (what the extractor did before ``CandidateFold``):
    earliest creation, union of provenance, the higher importance."""
    first, last = (old, new) if old.created_at <= new.created_at else (new, old)
    ids = list(dict.fromkeys(first.source_message_ids + last.source_message_ids))
    return CandidateMemory(
        owner=old.owner, subject=old.subject, key=old.key, type=old.type,
        category=old.category, content=last.content, language=last.language,
        importance=max(old.importance, new.importance),
        importance_explicit=old.importance_explicit or new.importance_explicit,
        source_message_ids=ids, session_id=last.session_id, created_at=first.created_at,
        mentioned_at=sorted(old.mentioned_at + new.mentioned_at), slot=last.slot,
        rule=last.rule)


COFFEE = "I prefer dark roast coffee."


def ts(day: int, minute: int = 0) -> str:
    return f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T09:{minute:02d}:00Z"


def stored(conn: sqlite3.Connection, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Normalise ``records`` and store them as ingest does; returned in extraction order."""
    msgs = [normalise(r, S, "t.jsonl", i) for i, r in enumerate(records, start=1)]
    conn.executemany(
        "INSERT INTO messages(message_id, owner, conversation_id, session_id, ts, role,"
        " speaker, text, importance, source_file, source_line, run_id) VALUES"
        " (?,?,?,?,?,?,?,?,?,?,?,?)",
        [(m["message_id"], m["owner"], m["conversation_id"], m["session_id"], m["ts"],
          m["role"], m["speaker"], m["text"], m.get("importance"), "t.jsonl", 1, "r")
         for m in msgs])
    return sorted(msgs, key=lambda m: (m["ts"], m["message_id"]))


def coffee(conn: sqlite3.Connection) -> sqlite3.Row:
    return conn.execute("SELECT source_message_ids, created_at, last_accessed_at, importance,"
                        " importance_explicit FROM memories WHERE key = ?",
                        ("preference:dark_roast_coffee",)).fetchone()


def test_a_fact_said_many_times_keeps_every_mention_in_time_order(tmp_path: Path) -> None:
    conn = connect(tmp_path / "k.sqlite")
    # 600 mentions in one batch, in several sessions, one of them with importance 4 given
    first = stored(conn, [message(COFFEE, message_id=f"a{i}", ts=ts(i // 10, i % 10),
                                  session=f"s{i // 50}", **({"importance": 4} if i == 7 else {}))
                          for i in range(600)])
    report = upsert_memories(conn, extract_memories(first, S), "2026-03-01T00:00:00+00:00")
    assert report.inserted == 1 and report.updated == 0
    ids, created, last, importance, explicit = coffee(conn)
    assert json.loads(ids) == [f"a{i}" for i in range(600)]  # each once, oldest first
    assert (created, last) == (ts(0, 0).replace("Z", "+00:00"), ts(59, 9).replace("Z", "+00:00"))
    assert (importance, explicit) == (4, 1)
    # a later batch: 200 more, one of them older than everything said before (a late log)
    later = stored(conn, [message(COFFEE, message_id=f"b{i}", ts=ts(60 + i // 10, i % 10))
                          for i in range(199)]
                   + [message(COFFEE, message_id="old", ts="2025-12-31T08:00:00Z")])
    report = upsert_memories(conn, extract_memories(later, S), "2026-04-01T00:00:00+00:00")
    assert report.updated == 1 and report.inserted == 0
    ids, created, last, importance, explicit = coffee(conn)
    assert json.loads(ids) == ([f"a{i}" for i in range(600)] + ["old"]
                               + [f"b{i}" for i in range(199)])
    assert created == "2025-12-31T08:00:00+00:00"  # the first time it was ever said
    assert last == ts(79, 8).replace("Z", "+00:00")  # the latest mention refreshes it
    assert (importance, explicit) == (4, 1)  # a given importance holds
    # the same batch again changes nothing
    assert upsert_memories(conn, extract_memories(later, S), "x").unchanged == 1


def cand(mid: str, at: str, importance: int, explicit: bool) -> CandidateMemory:
    return CandidateMemory(owner="o", subject="Anna", key="preference:tea", type="factual",
                           category="preference", content=f"tea ({mid} at {at})",
                           language="en", importance=importance, importance_explicit=explicit,
                           source_message_ids=[mid], session_id=f"s-{mid}", created_at=at,
                           mentioned_at=[at], slot=("drink", mid), rule=f"en.rule.{mid}")


@given(st.lists(st.tuples(st.sampled_from("abcdefgh"), st.sampled_from(["t1", "t2", "t3"]),
                          st.integers(1, 5), st.booleans()), min_size=1, max_size=30))
@settings(max_examples=200, deadline=None)
def test_folding_a_key_in_one_pass_equals_folding_it_pair_by_pair(
        said: list[tuple[str, str, int, bool]]) -> None:
    """Out of time order, a message said twice, ties of time: the linear fold is the pairwise
    fold (provenance order, first and last mention, which text and rule stay, importance)."""
    cands = [cand(*s) for s in said]
    acc = CandidateFold(cands[0])
    for c in cands[1:]:
        acc.add(c)
    assert acc.result() == reduce(fold_candidates, cands)
    assert cands == [cand(*s) for s in said]  # the candidates themselves are left as they were


def store_rows(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    queries = {
        "memories": "SELECT * FROM memories ORDER BY id",
        "archive": "SELECT * FROM archive ORDER BY memory_id",
        "compress_pending": "SELECT * FROM compress_pending ORDER BY memory_id",
        "lake_pending": "SELECT * FROM lake_pending_memories ORDER BY memory_id",
        "found": "SELECT rowid FROM memories_fts WHERE memories_fts MATCH 'berlin OR jazz OR"
                 " turin OR fact OR rock OR paris OR coffee OR tea' ORDER BY rowid"}
    return {name: [tuple(r) for r in conn.execute(q)] for name, q in queries.items()}


def test_a_big_batch_gives_the_store_of_one_memory_at_a_time(tmp_path: Path) -> None:
    """More new memories than one statement holds; a negation, a move and a fact said twice
    inside the batch while the memories they meet are still waiting to be written; on the
    next day a move and a late log of an older opinion meet the memories of the first."""
    facts, said = [], []
    for owner in ("alpha", "beta"):
        facts += [message(f"I prefer fact number {i} of {owner}.", owner=owner,
                          message_id=f"{owner}-f{i}", ts=ts(i // 60, i % 60 // 6))
                  for i in range(CHUNK + 40)]
        said += [message(text, owner=owner, message_id=f"{owner}-{mid}", ts=ts(day))
                 for mid, day, text in (
                     ("j1", 10, "I like jazz music."), ("j2", 11, "I don't like jazz music."),
                     ("t1", 12, "I live in Turin."), ("b1", 13, "I moved to Berlin."),
                     ("b2", 14, "I live in Berlin, Germany."), ("t2", 15, "I live in Turin."),
                     ("c1", 16, COFFEE), ("c2", 17, COFFEE), ("p1", 18, "I moved to Paris."),
                     ("r1", 19, "I like rock music."),
                     ("r2", 20, "I don't like rock music."), ("g1", 9, "I like green tea."),
                     ("g2", 21, "I don't like green tea."))]
    now = "2026-06-01T00:00:00+00:00"
    stores = []
    for name, one_by_one in (("batch", False), ("single", True)):
        conn = connect(tmp_path / f"{name}.sqlite")
        later = ("t2", "c1", "c2", "p1", "r1", "g2")
        first_day = [r for r in facts + said if r["message_id"][-2:] not in later]
        next_day = stored(conn, [r for r in said if r["message_id"][-2:] in later])
        batches = [extract_memories(stored(conn, first_day), S),
                   # each message extracted on its own: the coffee twice in one upsert
                   [c for m in next_day for c in extract_memories([m], S)]]
        for cands in batches:
            for part in ([[c] for c in cands] if one_by_one else [cands]):
                upsert_memories(conn, part, now)
        stores.append(store_rows(conn))
        # what the user sees: the later statement holds, the earlier one is history
        status = dict(conn.execute("SELECT key, status FROM memories WHERE owner = 'beta' AND"
                                   " category IN ('preference', 'profile') AND key NOT LIKE"
                                   " '%fact_number%'"))
        assert status == {
            "preference:jazz_music": "superseded", "preference:not_jazz_music": "active",
            "preference:rock_music": "superseded", "preference:not_rock_music": "active",
            "profile:turin": "superseded", "profile:berlin": "superseded",
            "profile:berlin_germany": "superseded", "profile:paris": "active",
            "preference:dark_roast_coffee": "active", "preference:green_tea": "superseded",
            "preference:not_green_tea": "active"}, name
        tea = dict(conn.execute("SELECT key, id FROM memories WHERE owner = 'beta' AND key LIKE"
                                " '%green_tea'"))
        assert conn.execute("SELECT merged_into FROM memories WHERE id = ?", (
            tea["preference:green_tea"],)).fetchone()[0] == tea["preference:not_green_tea"]
        history = [(v.value, v.valid_from, v.valid_until)
                   for v in slot_history(conn, "beta", "Anna", "residence")]
        at = {day: ts(day).replace("Z", "+00:00") for day in (13, 14, 15, 18)}
        assert history == [("berlin", at[13], at[15]), ("berlin", at[14], at[15]),
                           ("turin", at[15], at[18]), ("paris", at[18], None)], name
        assert json.loads(coffee(conn)["source_message_ids"]) == ["alpha-c1", "alpha-c2"]
        assert conn.execute("SELECT count(*) FROM memories").fetchone()[0] == 2 * (CHUNK + 51)
    batch, single = stores
    assert batch == single
    assert len(batch["found"]) == 2 * (CHUNK + 51)  # full-text search sees every memory
