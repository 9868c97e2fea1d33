"""A keyword match of a rare term (few of the owner's memories hold it) is not buried under
memories that only match by meaning."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kore_pipeline import Memory
from kore_pipeline.settings import KoreSettings

NOW = "2026-11-30T12:00:00Z"


class _TopicEmbedder:
    """Every question and every coffee line mean the same thing; any other line means
    something else (orthogonal): the coffee lines are the meaning-only matches."""

    model_name = cache_id = "topic-test"
    dim = 4
    signature = "topic-test:4"
    signature_prefix = "topic-test"

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0, 0, 0] if "coffee" in t else [0, 1.0, 0, 0] for t in texts],
                        dtype=np.float32)

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0, 0, 0] for _ in texts], dtype=np.float32)


def test_a_rare_keyword_match_outranks_meaning_only_matches(tmp_path: Path) -> None:
    with Memory(settings=KoreSettings(home=tmp_path / "home"),
                embedder=_TopicEmbedder()) as mem:
        mem.save_many([{"content": f"Coffee note {i}: a flat coffee tasting {i}."}
                       for i in range(40)], "o", now="2026-11-01T09:00:00Z")
        mem.save_many([{"content": "The gym locker code is written on the fridge."},
                       {"content": "The locker at the station costs five euros."}],
                      "o", now="2026-11-01T09:00:00Z")
        rare = mem.save("My cycling club is called the Kumquat Riders.", "o",
                        now="2026-11-20T09:00:00Z")
        hits = mem.search("kumquat locker", "o", now=NOW, reinforce=False, explain=True)
        assert hits[0]["memory_id"] == rare["memory_id"]
        assert hits[0]["explain"]["rare_term"] == "kumquat"
        # "locker" is in two of 43 memories: still rare next to forty meaning-only matches
        assert {h["content"][:9] for h in hits[1:3]} == {"The gym l", "The locke"}
        plain = mem.search("coffee tasting", "o", now=NOW, reinforce=False, explain=True)
        assert all("rare_term" not in h["explain"] for h in plain)  # forty hold it


def test_no_word_is_rare_among_a_handful_of_memories(tmp_path: Path) -> None:
    with Memory(settings=KoreSettings(home=tmp_path / "home"),
                embedder=_TopicEmbedder()) as mem:
        mem.save_many([{"content": f"Coffee note {i}: a flat coffee tasting {i}."}
                       for i in range(5)], "o", now="2026-11-01T09:00:00Z")
        mem.save("My cycling club is called the Kumquat Riders.", "o",
                 now="2026-11-20T09:00:00Z")
        hits = mem.search("kumquat", "o", now=NOW, reinforce=False, explain=True)
        assert all("rare_term" not in h["explain"] for h in hits)


def test_a_conversation_used_as_a_query_has_no_rare_words(tmp_path: Path) -> None:
    with Memory(settings=KoreSettings(home=tmp_path / "home"),
                embedder=_TopicEmbedder()) as mem:
        mem.save_many([{"content": f"Coffee note {i}: a flat coffee tasting {i}."}
                       for i in range(40)], "o", now="2026-11-01T09:00:00Z")
        mem.save("My cycling club is called the Kumquat Riders.", "o",
                 now="2026-11-20T09:00:00Z")
        for chat in ("I had a long day at work, the meeting ran late and then the train was"
                     " delayed again, so I just grabbed a kumquat on the way home and slept.",
                     "Ugh, the kumquat jam was terrible today."):
            hits = mem.search(chat, "o", now=NOW, reinforce=False, explain=True)
            assert all("rare_term" not in h["explain"] for h in hits)
        asked = mem.search("Which club did I join, the kumquat one?", "o", now=NOW,
                           reinforce=False, explain=True)
        assert asked[0]["explain"]["rare_term"] in ("club", "kumquat")  # both rare here
