"""The two streams' query and their fusion: the FTS5 MATCH expression of a query
(:func:`fts_match`), Reciprocal Rank Fusion (:func:`rrf`) and the weight decay and
importance give the fused relevance (:func:`relevance_weight`)."""

from __future__ import annotations

import re

from kore_pipeline.text.stopwords import is_stopword

_TOKEN = re.compile(r"\w+", re.UNICODE)
_OWNER_TOKEN = re.compile(r"[^\W_]", re.UNICODE)
MAX_QUERY_TOKENS = 64
"""Words of a query the keyword stream matches at most."""


def fts_query(text: str) -> str | None:
    """A safe FTS5 MATCH expression: each word quoted, OR-ed; None when no word remains.

    Quoting every token neutralises FTS5 syntax (NEAR, *, -, :, ^, parentheses, quotes);
    function words ("which", "did", "che") are dropped unless nothing else is left.
    """
    tokens = query_words(text)
    return " OR ".join(f'"{t}"' for t in tokens) if tokens else None


def query_words(text: str) -> list[str]:
    """The words of a query the keyword stream matches: lower-cased, each once, function
    words dropped unless nothing else is left, at most ``MAX_QUERY_TOKENS``."""
    words = list(dict.fromkeys(t.lower() for t in _TOKEN.findall(text) if t.strip("_")))
    tokens = [t for t in words if not is_stopword(t)] or words  # all stopwords: keep them
    return tokens[:MAX_QUERY_TOKENS]


def fts_match(text: str, owner: str) -> str | None:
    """The whole MATCH expression: content must match, name adds, one owner (sql/search_fts)."""
    words = fts_query(text)
    if words is None:
        return None
    expr = f"content : ({words}) AND {{content subject}} : ({words})"
    phrase = owner.replace("\x00", "").replace('"', '""')  # NUL would end the SQL string
    # FTS5 unicode61 separates on "_" as on punctuation: an owner without a letter or digit
    # has no token to match and is left to the SQL filter.
    if _OWNER_TOKEN.search(phrase):
        expr += ' AND owner : "' + phrase + '"'
    return expr


def rrf(ranks: dict[str, dict[int, int]], weights: dict[str, float], k: int) -> dict[int, float]:
    """Reciprocal Rank Fusion: sum of weight / (k + rank) over streams (ranks start at 1)."""
    fused: dict[int, float] = {}
    for stream, ranking in ranks.items():
        w = weights.get(stream, 1.0)
        for mid, rank in ranking.items():
            fused[mid] = fused.get(mid, 0.0) + w / (k + rank)
    return fused


def relevance_weight(decay: float, importance: int, decay_weight: float = 0.05,
                     importance_weight: float = 0.01) -> float:
    """Multiplier applied to the fused relevance: decay and importance reorder near-ties."""
    return ((1.0 - decay_weight + decay_weight * decay)
            * (1.0 + importance_weight * (importance - 3)))
