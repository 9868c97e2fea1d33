"""A stored fact names the extraction rule that found it (``memories.rule``): the rule
``extract_facts`` reports for the sentence, kept when another rule says the same fact again;
episodes, agents' saves and summaries have none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kore_pipeline.extract.facts import extract_memories, upsert_memories
from kore_pipeline.extract.patterns import extract_facts
from kore_pipeline.ingest.reader import normalise
from kore_pipeline.memory import Memory
from kore_pipeline.run import partitions as parts
from kore_pipeline.settings import KoreSettings
from kore_pipeline.store.db import connect
from tests.helpers import extracted_home, message

EMPLOYER = "I work at Google"
AGAIN = "I got a job at Google"  # the same fact (profile:google), found by another rule


def trigger(text: str) -> str:
    """The rule ``extract_facts`` says found the one fact of ``text``."""
    facts = extract_facts(text, "en")
    assert len(facts) == 1, facts
    return facts[0].trigger


def rows(settings: KoreSettings) -> list[tuple]:
    conn = connect(settings.db_path())
    try:
        return [tuple(r) for r in conn.execute(
            "SELECT key, type, content, rule FROM memories ORDER BY id")]
    finally:
        conn.close()


def test_a_stored_fact_names_the_rule_that_found_it(tmp_path: Path) -> None:
    settings = extracted_home(tmp_path, [message(EMPLOYER, message_id="m1")])
    rule = trigger(EMPLOYER)
    assert rule and len(rule) <= 120
    assert rows(settings) == [("profile:google", "factual", EMPLOYER, rule)]


def test_episodes_saves_and_summaries_name_no_rule(tmp_path: Path) -> None:
    text = "I work at Google and the commute takes almost an hour every single day."
    settings = extracted_home(tmp_path, [message(text, message_id="m1")])
    with Memory(settings=settings) as mem:
        mem.save("Anna's badge number is 4411", "team-alpha", subject="Anna",
                 now="2026-09-10T12:00:00Z")
    conn = connect(settings.db_path())
    conn.execute("INSERT INTO memories(owner, subject, key, type, category, content,"
                 " content_hash, importance, source_message_ids, created_at, updated_at)"
                 " VALUES ('team-alpha', 'Anna', 'summary:x', 'summary', 'summary', 'Anna"
                 " works at Google', 'h', 3, '[]', '2026-09-10', '2026-09-10')")
    conn.close()
    by_type = {(t, c): r for _k, t, c, r in rows(settings)}
    facts = [r for (t, _c), r in by_type.items() if t == "factual" and r is not None]
    assert facts == [trigger(text.rstrip("."))]  # the fact of the sentence
    assert by_type[("episodic", text)] is None
    assert by_type[("factual", "Anna's badge number is 4411")] is None  # an agent's save
    assert by_type[("summary", "Anna works at Google")] is None


def test_said_again_by_another_rule_keeps_the_first(tmp_path: Path) -> None:
    """The rule stays the one that found the stored text: a later mention grows the
    provenance but changes neither the text nor the rule."""
    first, again = trigger(EMPLOYER), trigger(AGAIN)
    assert first != again
    settings = extracted_home(tmp_path, [message(EMPLOYER, message_id="m1")])
    conn = connect(settings.db_path())
    try:
        later = [normalise(message(AGAIN, message_id="m2", ts="2026-09-20T09:00:00Z"),
                           settings, "t.jsonl", 2)]
        report = upsert_memories(conn, extract_memories(later, settings),
                                 "2026-09-21T00:00:00+00:00")
        assert report.updated == 1  # the fact (its message's episode is new)
        row = conn.execute("SELECT content, rule, source_message_ids FROM memories"
                           " WHERE key = 'profile:google'").fetchone()
    finally:
        conn.close()
    assert tuple(row) == (EMPLOYER, first, '["m1", "m2"]')


def test_in_one_batch_the_rule_goes_with_the_text_kept(tmp_path: Path) -> None:
    """Both sentences in one batch: the memory keeps the later wording, and names the rule
    that found that wording (never one rule beside another rule's text)."""
    settings = extracted_home(tmp_path, [
        message(EMPLOYER, message_id="m1", ts="2026-09-01T09:00:00Z"),
        message(AGAIN, message_id="m2", ts="2026-09-02T09:00:00Z")])
    [(key, _type, content, rule)] = [r for r in rows(settings) if r[0] == "profile:google"]
    assert rule == trigger(content)


def test_partitioned_extraction_carries_the_rule(tmp_path: Path) -> None:
    """The partitioned plan writes candidates to Parquet and reads them back: the rule too."""
    settings = KoreSettings(home=tmp_path / "home")
    msgs = [normalise(message(text, message_id=f"m{i}", speaker=name), settings, "t.jsonl", i)
            for i, (text, name) in enumerate([(EMPLOYER, "Anna"), ("I love green tea", "Bob"),
                                               ("Hello there", "Carl")], start=1)]
    folders = parts.split_messages(msgs, 3, tmp_path / "work")
    for folder in folders:
        parts.extract_partition(folder, settings)
    merged = {c.content: c.rule for c in parts.merged_candidates(folders)}
    assert merged == {EMPLOYER: trigger(EMPLOYER), "I love green tea": trigger("I love green tea")}


def test_the_stored_rule_is_plain_text_in_sqlite(tmp_path: Path) -> None:
    """Analysts read it straight from the store: ``SELECT rule, count(*) ... GROUP BY rule``."""
    settings = extracted_home(tmp_path, [message(EMPLOYER, message_id="m1"),
                                         message("I work at Siemens", message_id="m2",
                                                 ts="2026-09-02T09:00:00Z")])
    conn = sqlite3.connect(settings.db_path())
    try:
        counts = conn.execute("SELECT rule, count(*) FROM memories GROUP BY rule").fetchall()
    finally:
        conn.close()
    assert counts == [(trigger(EMPLOYER), 2)]
