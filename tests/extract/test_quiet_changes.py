"""Changes said without saying they are changes ("our new flat in porto" after "I live in
Lyon"): the later statement's fact is current, the earlier one superseded by it, through the
real extraction and store."""

from __future__ import annotations

from pathlib import Path

import pytest

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import message

S = KoreSettings()


@pytest.mark.parametrize(("earlier", "later", "old", "new"), [
    ("I live in Lyon.", "just unpacked the last boxes in our new flat in porto", "Lyon", "porto"),
    ("I work at Google.", "first week at meta done, exhausted", "Google", "meta"),
    ("Ich arbeite bei Bosch.", "hab bei Bosch gekündigt, bin jetzt bei SAP", "Bosch", "SAP"),
    ("Vivo a Milano.", "finito il trasloco nella nuova casa a bologna", "Milano", "bologna"),
    ("Trabajo en Santander.", "dejé santander, ahora trabajo en bbva", "Santander", "bbva"),
    ("Moro em Lisboa.", "me mudei pro recife ano passado", "Lisboa", "recife"),
    ("Ik woon in Utrecht.", "sinds ik in rotterdam woon fiets ik overal", "Utrecht",
     "rotterdam"),
    ("I drive a Clio.", "my new tesla finally arrived!!", "Clio", "tesla"),
    ("Ho una Panda.", "è arrivata la mia nuova Tesla", "Panda", "Tesla"),
])
def test_a_quiet_change_supersedes_what_was_said_before(tmp_path: Path, earlier: str,
                                                        later: str, old: str,
                                                        new: str) -> None:
    conn = connect(tmp_path / "kore.db")
    for text, mid, ts in ((earlier, "m1", "2026-01-10T09:00:00+00:00"),
                          (later, "m2", "2026-06-10T09:00:00+00:00")):
        recs = [normalise(message(text, message_id=mid, ts=ts), S, "t.jsonl", 1)]
        upsert_memories(conn, extract_memories(recs, S), ts)
    rows = conn.execute("SELECT content, status FROM memories WHERE type = 'factual'").fetchall()
    conn.close()
    assert any(new in r["content"] and r["status"] == "active" for r in rows), rows
    assert any(old in r["content"] and new not in r["content"] and r["status"] == "superseded"
               for r in rows), rows


def test_a_new_phone_supersedes_the_old_one(tmp_path: Path) -> None:
    conn = connect(tmp_path / "kore.db")
    for text, mid, ts in (("I have an iPhone 12.", "m1", "2026-01-10T09:00:00+00:00"),
                          ("I just upgraded to a pixel 8 🙌", "m2", "2026-06-10T09:00:00+00:00")):
        recs = [normalise(message(text, message_id=mid, ts=ts), S, "t.jsonl", 1)]
        upsert_memories(conn, extract_memories(recs, S), ts)
    rows = {r["content"]: (r["status"], r["slot"]) for r in conn.execute(
        "SELECT content, status, slot FROM memories WHERE type = 'factual'")}
    conn.close()
    assert rows["I have an iPhone 12"] == ("superseded", "phone"), rows
    assert ("active", "phone") in rows.values(), rows


@pytest.mark.parametrize(("text", "lang", "slot"), [
    ("moro no porto, lá pros lados da boavista, e a rua é um caos", "pt", ("residence", "porto")),
    ("ik woon in gent, vlak bij de vrijdagmarkt, en ik fiets overal", "nl", ("residence", "gent")),
])
def test_a_place_said_with_its_neighbourhood_is_one_residence(text: str, lang: str,
                                                              slot: tuple[str, str]) -> None:
    recs = [normalise(message(text, message_id="m1"), S, "t.jsonl", 1)]
    slots = [m.slot for m in extract_memories(recs, S) if m.slot and m.slot[0] == "residence"]
    assert slots == [slot]


def test_two_values_said_in_one_message_both_stay(tmp_path: Path) -> None:
    conn = connect(tmp_path / "kore.db")
    text = "I work at Siemens. Oh and I also work at Aldi on weekends."
    recs = [normalise(message(text, message_id="m1", ts="2026-01-10T09:00:00+00:00"), S,
                      "t.jsonl", 1)]
    upsert_memories(conn, extract_memories(recs, S), "2026-01-10T09:00:00+00:00")
    rows = conn.execute("SELECT content, status FROM memories WHERE type = 'factual'"
                        " AND slot = 'employer'").fetchall()
    conn.close()
    assert len(rows) == 2 and all(r["status"] == "active" for r in rows), [tuple(r) for r in rows]
