"""Preference retrieval cases: is fusion ever below its best stream?

Two sets, each searched with the keyword stream alone (``fts``), the vector stream alone
(``semantic``) and the default fusion (``hybrid``), recall@5 and recall@10 in one run:

* **MADial-Bench Preferences**: the 160-memory archive of :mod:`.madial`; the dialogues whose
  relevant memories include one of the 45 "Preferences" memories, recall counted on those
  memories only (:func:`.madial.preference_runs`).
* **Synthetic-Persona-Chat persona recall**: the persona sentences of the first N test
  conversations are one owner's preference memories (a haystack of ~9 N); every turn that
  restates one of its own speaker's persona sentences (lexical rule, or MiniLM cosine
  >= 0.6, :mod:`.matching`) is a query, and the memories of those sentences (with any
  identical sentence of another conversation) are its relevant memories.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evals.madial import (
    DEFAULT_QUERY,
    MODES,
    QUERY_VARIANTS,
    MadialDialogue,
    MadialMemory,
    build_madial_store,
    madial_query,
    preference_ids,
    ranked_ids,
)
from evals.matching import SemanticMatcher, lexical_match
from evals.metrics import retrieval_metrics
from evals.spc import SpcConversation
from kore_pipeline.extract.importance import score_importance
from kore_pipeline.ids import text_hash
from kore_pipeline.settings import KoreSettings

SPC_OWNER = "spc-personas"
SPC_CREATED = "2024-01-01T00:00:00+00:00"
SPC_NOW = "2024-01-02T00:00:00+00:00"
"""Every persona memory is a day old at search time: decay weighs them alike."""
SPC_DEFAULT_LIMIT = 100
"""Conversations whose personas make the haystack when ``--limit`` is not given."""


@dataclass
class PersonaCase:
    """One query: a turn, the ids of the persona memories it restates, how it was chosen."""

    text: str
    relevant: list[int]
    rule: str  # "lexical" | "semantic"


def _norm(text: str) -> str:
    return " ".join(text.lower().strip().rstrip(".!").split())


def persona_cases(convs: Sequence[SpcConversation], matcher: SemanticMatcher | None = None
                  ) -> tuple[list[tuple[int, str]], list[PersonaCase]]:
    """(memory id, persona sentence) of every conversation, and the turns that restate one.

    A turn restates a persona sentence of its own speaker when the lexical rule matches
    (or, with ``matcher``, the MiniLM cosine reaches its threshold); identical sentences
    (case and final stop aside) of other conversations are relevant too.
    """
    pool: list[tuple[int, str]] = []
    by_text: dict[str, list[int]] = {}
    owned: list[dict[str, list[tuple[int, str]]]] = []
    for conv in convs:
        mine: dict[str, list[tuple[int, str]]] = {}
        for speaker, sents in conv.personas.items():
            for sent in sents:
                mid = len(pool) + 1
                pool.append((mid, sent))
                by_text.setdefault(_norm(sent), []).append(mid)
                mine.setdefault(speaker, []).append((mid, sent))
        owned.append(mine)
    if matcher is not None:
        matcher.prepare([t for c in convs for _, t in c.turns] + [s for _, s in pool])
    cases: list[PersonaCase] = []
    for conv, mine in zip(convs, owned, strict=True):
        for speaker, text in conv.turns:
            lexical = [s for _, s in mine.get(speaker, []) if lexical_match(text, s)]
            semantic = [s for _, s in mine.get(speaker, [])
                        if matcher is not None and s not in lexical and matcher(text, s)]
            hit = lexical + semantic
            if hit:
                rel = sorted({m for s in hit for m in by_text[_norm(s)]})
                cases.append(PersonaCase(text, rel, "lexical" if lexical else "semantic"))
    return pool, cases


def build_persona_store(settings: KoreSettings, pool: Sequence[tuple[int, str]],
                        embedder: Any) -> None:
    """Insert the persona sentences as preference memories of one owner and index them
    (each its own session: persona lines are not turns of a conversation)."""
    from kore_pipeline.embed.cache import EmbeddingCache
    from kore_pipeline.index.sync import sync_index
    from kore_pipeline.store.db import connect, transaction

    conn = connect(settings.db_path())
    cache = EmbeddingCache(settings.cache_path())
    try:
        with transaction(conn):
            conn.execute("DELETE FROM memories WHERE owner = ?", (SPC_OWNER,))
            conn.executemany(
                "INSERT INTO memories(id, owner, subject, key, type, category, content,"
                " content_hash, language, importance, importance_explicit,"
                " source_message_ids, session_id, created_at, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [(mid, SPC_OWNER, "user", f"preference:spc-{mid}", "factual", "preference",
                  text, text_hash(text), "en", score_importance(text, "preference"), 0,
                  json.dumps([f"spc-persona-{mid}"]), f"spc-{mid}", SPC_CREATED, SPC_CREATED)
                 for mid, text in pool])
        sync_index(conn, settings, embedder, cache)
    finally:
        cache.close()
        conn.close()


def _by_mode(searcher: Any, queries: Sequence[str], relevant: Sequence[list[int]], now: str,
             owner: str) -> dict[str, dict[str, float]]:
    return {mode: retrieval_metrics([(ranked_ids(searcher, q, mode, now, owner), rel)
                                     for q, rel in zip(queries, relevant, strict=True)])
            for mode in MODES}


def evaluate_madial_preferences(memories: Sequence[MadialMemory],
                                dialogues: Sequence[MadialDialogue], settings: KoreSettings,
                                embedder: Any, now: str) -> dict[str, Any]:
    """fts / semantic / hybrid recall@k of the Preferences memories, per query variant."""
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.store.db import connect

    pref = preference_ids(memories)
    chosen = [d for d in dialogues if any(r in pref for r in d.relevant)]
    names = list(dict.fromkeys(d.user for d in dialogues if d.user)) or ["Bart", "Lisa"]
    build_madial_store(settings, memories, names, embedder, now)
    embedder.encode_queries(list(dict.fromkeys(
        madial_query(d, v)[:4000] for v in QUERY_VARIANTS for d in chosen)))
    conn = connect(settings.db_path())
    out: dict[str, Any] = {"memories": len(pref), "dialogues": len(chosen),
                           "relevant": sum(len([r for r in d.relevant if r in pref])
                                           for d in chosen),
                           "default_query": DEFAULT_QUERY, "now": now, "variants": {}}
    try:
        searcher = Searcher(settings, embedder=embedder, conn=conn)
        for variant in QUERY_VARIANTS:
            texts = [madial_query(d, variant) for d in chosen]
            rel = [[r for r in d.relevant if r in pref] for d in chosen]
            out["variants"][variant] = _by_mode(searcher, texts, rel, now, "madial")
    finally:
        conn.close()
    out["fusion"] = {v: fusion_verdicts(modes) for v, modes in out["variants"].items()}
    return out


def evaluate_persona_recall(convs: Sequence[SpcConversation], settings: KoreSettings,
                            embedder: Any, now: str = SPC_NOW) -> dict[str, Any]:
    """fts / semantic / hybrid recall@k of the persona memories a turn restates."""
    from kore_pipeline.serve.search import Searcher
    from kore_pipeline.store.db import connect

    pool, cases = persona_cases(convs, SemanticMatcher(embedder))
    build_persona_store(settings, pool, embedder)
    # one batch for every query vector (Searcher encodes query[:4000]; the memo serves it)
    embedder.encode_queries(list(dict.fromkeys(c.text[:4000] for c in cases)))
    conn = connect(settings.db_path())
    try:
        searcher = Searcher(settings, embedder=embedder, conn=conn)
        modes = _by_mode(searcher, [c.text for c in cases], [c.relevant for c in cases], now,
                         SPC_OWNER)
    finally:
        conn.close()
    return {"conversations": len(convs), "memories": len(pool), "queries": len(cases),
            "by_rule": {r: sum(c.rule == r for c in cases) for r in ("lexical", "semantic")},
            "now": now, "modes": modes, "fusion": fusion_verdicts(modes)}


def fusion_verdicts(modes: dict[str, dict[str, float]], ks: Sequence[int] = (5, 10)
                    ) -> dict[str, dict[str, Any]]:
    """Per cut-off: hybrid, the best single stream, and whether hybrid >= it."""
    out: dict[str, dict[str, Any]] = {}
    for k in ks:
        key = f"recall@{k}"
        best = max(("fts", "semantic"), key=lambda m: modes[m][key])
        out[key] = {"hybrid": modes["hybrid"][key], "best_stream": best,
                    "best": modes[best][key], "ok": modes["hybrid"][key] >= modes[best][key]}
    return out
