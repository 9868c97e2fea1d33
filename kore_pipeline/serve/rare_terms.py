"""Rare words of a question: an exact keyword match of a word few memories hold.

In fusion one keyword rank weighs ``fts_weight`` (0.5) of a vector rank, so the only memory
that holds a question's rare word ("kumquat", a code, a street) ranked below every memory
that merely means something close. Here each word of the question is looked up in the
owner's keyword index, reading at most ``rare_term_max_matches`` + 1 rows: a word held by
at most ``rare_term_max_matches`` memories, and by at most ``RARE_SHARE`` of the owner's
memories, is rare, and those memories get ``x (1 + rare_term_boost)`` (explain:
``rare_term``). In a handful of memories no word is rare: one of six is no evidence, and
every memory fits in the top ten anyway. Only a question or request (``text.when.asks``)
of at most ``MAX_QUERY_WORDS`` words the keyword stream matches, or a few keywords (at most
``MAX_KEYWORDS``), is read so: they say what they look for in each word, while a chat turn
used as a query holds rare words by chance (MADial, hybrid: R@5 54.7 -> 42.7 with every
query read; 46.9 -> 42.3 for the last user turn alone with every short query read). A
question that wants a set of answers (serve/covering: "which books…", "how many…") is not
read so: its answers are several turns, and one rare word's single turn took the place of
one of them (LoCoMo multi-hop R@5 45.7 -> 43.8 with it read).
"""

from __future__ import annotations

import sqlite3

from kore_pipeline.serve.fusion import fts_match, query_words
from kore_pipeline.text.when import asks

MAX_QUERY_WORDS = 10
"""Longest question (in words the keyword stream matches) whose rare words are looked up."""
MAX_KEYWORDS = 4
"""Longest query that is not a question read as keywords ("oat milk")."""
RARE_SHARE = 0.05
"""Largest share of the owner's (active) memories a rare word may be held by."""


def rare_term_holders(conn: sqlite3.Connection, text: str, owner: str,
                      max_matches: int) -> dict[int, str]:
    """The owner's memories that hold a rare word of ``text``, with that word (the rarest
    when several: the one fewest memories hold)."""
    if max_matches <= 0:
        return {}
    words = query_words(text)
    if len(words) > (MAX_QUERY_WORDS if asks(text) else MAX_KEYWORDS):
        return {}
    enough = int(round(max_matches / RARE_SHARE))
    owned = int(conn.execute(  # the owner's memories, counted up to ``enough``
        "SELECT count(*) FROM (SELECT 1 FROM memories AS m WHERE m.owner = ?"
        " AND m.status = 'active' LIMIT ?)", (owner, enough)).fetchone()[0])
    found: dict[int, tuple[int, str]] = {}
    for word in words:
        match = fts_match(word, owner)
        if match is None:
            continue
        ids = [int(r[0]) for r in conn.execute(
            # CROSS JOIN: the keyword index first (else every memory of the owner is
            # matched against it one by one)
            "SELECT m.id FROM memories_fts CROSS JOIN memories AS m"
            " ON m.id = memories_fts.rowid"
            " WHERE memories_fts MATCH ? AND m.owner = ? AND m.status != 'deleted' LIMIT ?",
            (match, owner, max_matches + 1))]
        if not ids or len(ids) > max_matches or len(ids) > RARE_SHARE * owned:
            continue
        for mid in ids:
            if mid not in found or len(ids) < found[mid][0]:
                found[mid] = (len(ids), word)
    return {mid: word for mid, (_n, word) in found.items()}
