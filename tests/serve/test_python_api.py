"""``from kore_pipeline import Memory``: the Python API over a tmp store (keyword search only,
no model), the same functions the CLI, the HTTP API and MCP call."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kore_pipeline.serve.memory_api import MemoryApiError, MemoryNotFound

T0, T1, T2, T3 = ("2026-09-01T10:00:00Z", "2026-09-02T10:00:00Z", "2026-09-03T10:00:00Z",
                  "2026-09-04T10:00:00Z")


@pytest.fixture
def mem(tmp_path: Path):  # type: ignore[no-untyped-def]
    from kore_pipeline import Memory

    with Memory(tmp_path / "home") as m:
        yield m


def test_import_is_light() -> None:
    code = ("import sys, kore_pipeline; assert kore_pipeline.Memory.__name__ == 'Memory';"
            " print('torch' in sys.modules, 'faiss' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False"]


def test_save_search_explain_update_delete_restore(mem) -> None:  # type: ignore[no-untyped-def]
    saved = mem.save("Anna is allergic to peanuts", "team-alpha", subject="Anna",
                     category="profile", importance=5, now=T0)
    mid = saved["memory_id"]
    hits = mem.search("allergic peanuts", "team-alpha", mode="fts", now=T1, explain=True)
    assert [h["memory_id"] for h in hits] == [mid]
    why = hits[0]["explain"]
    assert why["keyword_rank"] == 1 and why["vector_rank"] is None
    assert why["fused_score"] == hits[0]["score"] and why["importance"] == 5
    assert mem.update(mid, "team-alpha", content="Anna is allergic to hazelnuts",
                      now=T1)["changed"] == ["content"]
    assert mem.search("peanuts", "team-alpha", mode="fts", now=T1) == []
    assert mem.search("hazelnuts", "team-alpha", mode="fts", now=T1)[0]["memory_id"] == mid
    mem.delete(mid, "team-alpha", now=T2)
    assert mem.search("hazelnuts", "team-alpha", mode="fts", now=T2) == []
    assert mem.restore(mid, "team-alpha", now=T3)["previous_status"] == "deleted"
    full = mem.get(mid, "team-alpha")
    assert [e["action"] for e in full["history"]] == ["created", "saved", "updated",
                                                      "deleted", "restored"]
    assert full["history"][2]["detail"]["content"]["from"] == "Anna is allergic to peanuts"


def test_a_delete_is_listed_once_in_the_history(mem) -> None:  # type: ignore[no-untyped-def]
    """A delete writes the archive row and an event of the same act; the history shows it
    once (while deleted, and again after a restore and a second delete), and an archival by a
    pipeline stage (no event) still shows."""
    from kore_pipeline.store.db import transaction
    from kore_pipeline.store.lifecycle import archive

    mid = mem.save("Anna moved to Leipzig", "o", now=T0)["memory_id"]
    mem.delete(mid, "o", now=T1)
    mem.delete(mid, "o", now=T2)  # already deleted: nothing happens
    actions = [e["action"] for e in mem.get(mid, "o")["history"]]
    assert actions == ["created", "saved", "deleted"]
    assert mem.get(mid, "o")["history"][-1]["detail"] == {"previous_status": "active"}
    mem.restore(mid, "o", now=T2)
    mem.delete(mid, "o", now=T3)
    actions = [e["action"] for e in mem.get(mid, "o")["history"]]
    assert actions == ["created", "saved", "deleted", "restored", "deleted"]
    other = mem.save("Anna likes tea", "o", now=T0)["memory_id"]
    with transaction(mem.conn):
        archive(mem.conn, [other], "forgotten", T3, None)
    assert [e["action"] for e in mem.get(other, "o")["history"]] == ["created", "saved",
                                                                     "forgotten"]

def test_other_owner_sees_nothing(mem) -> None:  # type: ignore[no-untyped-def]
    mid = mem.save("Bob likes green tea", "team-beta", subject="Bob", now=T0)["memory_id"]
    for call in (lambda: mem.get(mid, "team-alpha"),
                 lambda: mem.update(mid, ["team-alpha", "x"], content="hacked"),
                 lambda: mem.delete(mid, "team-alpha"), lambda: mem.restore(mid, "team-alpha")):
        with pytest.raises(MemoryNotFound):
            call()
    assert mem.list("team-alpha")["total"] == 0
    assert mem.get(mid, None)["content"] == "Bob likes green tea"


def test_list_timeline_paging_and_filters(mem) -> None:  # type: ignore[no-untyped-def]
    days = [f"2026-09-0{d}T10:00:00Z" for d in range(1, 6)]
    ids = [mem.save(f"note number {i} about the launch", "o", category="decision" if i % 2
                    else "note", now=day)["memory_id"] for i, day in enumerate(days)]
    page = mem.list("o", limit=2)
    assert [m["memory_id"] for m in page["items"]] == ids[::-1][:2]
    assert page["total"] == 5 and page["next_offset"] == 2
    last = mem.list("o", limit=2, offset=4)
    assert last["next_offset"] is None and len(last["items"]) == 1
    assert [m["memory_id"] for m in mem.timeline("o")["items"]] == ids
    assert mem.list("o", category="decision")["total"] == 2
    assert mem.list("o", since="2026-09-04T00:00:00Z")["total"] == 2
    mem.delete(ids[0], "o")
    assert mem.list("o")["total"] == 4 and mem.list("o", status="deleted")["total"] == 1
    with pytest.raises(MemoryApiError, match="limit"):
        mem.list("o", limit=0)


def test_save_many_keeps_going_after_a_bad_item(mem) -> None:  # type: ignore[no-untyped-def]
    out = mem.save_many([{"content": "first fact"}, {"content": ""},
                         {"content": "third", "importance": 9}, {"content": "fourth fact"}],
                        owner="o", now=T0)
    assert [r["ok"] for r in out] == [True, False, False, True]
    assert "importance" in out[2]["error"] and mem.list("o")["total"] == 2
