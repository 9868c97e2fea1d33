"""Why a hit ranked where it did: keyword rank, vector rank, decay (with its half-life, and
whether the hit is a durable fact), importance, fused score.

One function, :func:`explain_hit`, used by ``kore search --explain``, the HTTP API, MCP and
the browser's playground. When the search itself records an explanation (``hit.explain``),
that is returned as is; otherwise it is rebuilt from the hit's fields and the settings with
the formula of :mod:`kore_pipeline.serve.search`.
"""

from __future__ import annotations

from typing import Any

from kore_pipeline.serve.fusion import relevance_weight
from kore_pipeline.serve.hits import SearchHit
from kore_pipeline.settings import KoreSettings


def explain_hit(hit: SearchHit, settings: KoreSettings) -> dict[str, Any]:
    """``{keyword_rank, vector_rank, keyword_rrf, vector_rrf, rrf, decay, importance,
    relevance_weight, fused_score, rule}`` of one hit (ranks start at 1; ``None``: not in
    that stream's candidates; ``rule``: the extraction rule that found the memory, ``None``
    when none did)."""
    recorded = getattr(hit, "explain", None)
    if isinstance(recorded, dict) and recorded:
        return {**recorded, "rule": recorded.get("rule", hit.rule)}
    k = settings.rrf_k
    keyword = settings.fts_weight / (k + hit.fts_rank) if hit.fts_rank else 0.0
    vector = settings.vector_weight / (k + hit.vector_rank) if hit.vector_rank else 0.0
    weight = relevance_weight(hit.decay_score, hit.importance, settings.decay_weight,
                              settings.importance_weight)
    return {"keyword_rank": hit.fts_rank, "vector_rank": hit.vector_rank,
            "keyword_rrf": round(keyword, 6), "vector_rrf": round(vector, 6),
            "rrf": round(keyword + vector, 6), "decay": hit.decay_score,
            "importance": hit.importance, "relevance_weight": round(weight, 6),
            "fused_score": hit.score, "rule": hit.rule}


def _half_life(explain: dict[str, Any]) -> str:
    """`` (half-life 365 d, durable fact)`` when the explain has it, else nothing."""
    half = explain.get("half_life_days")
    if half is None:
        return ""
    return f" (half-life {half:.0f} d{', durable fact' if explain.get('durable') else ''})"


def explain_line(explain: dict[str, Any]) -> str:
    """One line for the terminal: ``keyword #2 · vector #1 · decay 0.91 · ... · found by
    en.profile.employer``."""
    def rank(value: Any) -> str:
        return f"#{value}" if value else "-"

    signals = "".join(f" · {label}" for key, label in (
        ("subject_named", "named subject"), ("asks_for_several", "asks for several"),
        ("only_asks", "only asks"),
        ("added_as_neighbour", "neighbouring turn")) if explain.get(key))
    if explain.get("rare_term"):
        signals += f" · rare word {explain['rare_term']!r}"
    if explain.get("in_time_window"):
        signals += f" · said {explain['in_time_window']}"
    if explain.get("neighbour_bonus"):
        signals += f" · neighbours +{explain['neighbour_bonus']:.5f}"
    if explain.get("in_place_of"):
        signals += f" · in place of episode {explain['in_place_of'].get('memory_id')}"
    return (f"keyword {rank(explain.get('keyword_rank'))} · vector "
            f"{rank(explain.get('vector_rank'))} · rrf {explain.get('rrf', 0):.5f}{signals}"
            f" · decay {explain.get('decay', 0):.3f}{_half_life(explain)}"
            f" · importance {explain.get('importance')}"
            f" · weight {explain.get('relevance_weight', 1):.4f}"
            f" → {explain.get('fused_score', 0):.5f}"
            + (f" · found by {explain['rule']}" if explain.get("rule") else ""))
