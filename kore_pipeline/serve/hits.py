"""A search result (:class:`SearchHit`) and the one pass over results that drops a hit
restating a better-ranked one of the same message (:func:`drop_restatements`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from kore_pipeline.text.normalize import fold

HIT_COLUMNS = ("m.id, m.owner, m.subject, m.type, m.category, m.content, m.importance,"
               " m.created_at, m.last_accessed_at, m.access_count, m.source_message_ids,"
               " m.status, m.session_id, m.rule, m.slot, m.valid_until,"
               " julianday(coalesce(m.last_accessed_at, m.created_at)) AS ref_jd")
"""The columns of table alias ``m`` a hit is built from (``ref_jd``: decay's reference day;
``slot``, ``valid_until``: whether it is a durable fact, ``lifecycle.durable``)."""


@dataclass
class SearchHit:
    """One result, as printed by ``kore search``."""

    memory_id: int
    owner: str
    subject: str
    type: str
    category: str
    content: str
    importance: int
    decay_score: float
    score: float
    source_message_ids: list[str]
    created_at: str
    status: str
    fts_rank: int | None = None
    vector_rank: int | None = None
    explain: dict[str, Any] = field(default_factory=dict)
    """The components of its rank (``serve.explain``): ``keyword_rank``, ``vector_rank``
    (None: not in that stream), their RRF parts and ``rrf``, ``decay`` (at the query's
    ``now``) with ``half_life_days`` (after reinforcement) and ``durable`` (a current fact of
    a durable slot: at least ``durable_half_life_days``), ``importance``,
    ``relevance_weight``, ``tier`` (active / forgotten / archived / superseded) and
    ``tier_penalty``, ``signal_factor`` (the ranking signals' product) and ``fused_score``
    (the hit's score: (keyword_rrf + vector_rrf) x signal_factor + neighbour_bonus, x
    tier_penalty x relevance_weight); a fact that took its own episode's place
    (:func:`drop_restatements`) has the episode's explain and score, ``in_place_of`` (the
    episode's ``memory_id``, ranks, tier and ``fused_score``) and ``own`` (the fact's). The
    ranking
    signals (``serve.ranking``) add ``subject_named`` (with ``asks_for_several`` when the
    question asks about several things, ``serve.several``), ``only_asks``, ``other_side``
    (said by the side the question is not about, ``serve.addressed``),
    ``neighbour_bonus`` and ``added_as_neighbour`` where they apply; ``rule``: the
    extraction rule that found the memory (as :attr:`rule`)."""
    valid_from: str | None = None
    """When it became true (when it was said)."""
    valid_until: str | None = None
    """When a later statement superseded it (None while current)."""
    superseded_by: int | None = None
    """The memory that superseded it, if it was."""
    rule: str | None = None
    """The extraction rule that found it (``en.profile.employer``); None for an episode, an
    agent's save, a summary, or a memory stored before rules were recorded."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)



def _folded(text: str) -> str:
    return " ".join(fold(text).casefold().replace(".", " ").split())


def _whole_statement(fact: str, episode: str) -> bool:
    """Whether ``fact`` occurs in ``episode`` ending at a word and number boundary (not the
    "2" of "2,500"): only then can it stand for the episode."""
    at = episode.find(fact)
    if at < 0:
        return False
    after = episode[at + len(fact):]
    return not after or not (after[0].isalnum() or (after[0] in ",." and after[1:2].isdigit()))


def _placed_by(hit: SearchHit) -> dict[str, Any]:
    """A hit's id, ranks and score (an episode whose place a fact took, or the fact's own)."""
    why = hit.explain
    return {"memory_id": hit.memory_id, "keyword_rank": why.get("keyword_rank"),
            "vector_rank": why.get("vector_rank"), "tier": why.get("tier"),
            "tier_penalty": why.get("tier_penalty"), "fused_score": hit.score}


def drop_restatements(hits: Iterable[SearchHit], limit: int | None = None) -> list[SearchHit]:
    """Drop a hit that only restates a better-ranked one from the same message.

    A fact and the episode it was extracted from often both match; the agent needs the
    wording once. Hits are kept in order; one is dropped when a kept hit of the same subject
    shares a source message and one text contains the other, except that a fact replaces
    its own better-ranked episode (at the episode's rank and score: the statement, not the
    chatter). With ``limit``, the first ``limit`` of the whole result: every hit is still
    read, since a fact ranked below the cut may replace an episode above it (the top k is
    always the start of a longer top k).
    """
    kept: list[SearchHit] = []
    seen: list[tuple[str, set[str], str]] = []  # (subject, sources, folded text) of kept
    by_source: dict[tuple[str, str], list[int]] = {}  # (subject, source) -> kept positions
    for hit in hits:
        sources = set(hit.source_message_ids)
        text = _folded(hit.content)
        near = sorted({i for s in sources for i in by_source.get((hit.subject, s), ())})
        same = next((i for i in near if text in seen[i][2] or seen[i][2] in text), None)
        if same is None:
            kept.append(hit)
            seen.append((hit.subject, sources, text))
            for s in sources:
                by_source.setdefault((hit.subject, s), []).append(len(kept) - 1)
        elif hit.type == "factual" and kept[same].type == "episodic" \
                and _whole_statement(text, seen[same][2]):
            # the fact said in that episode takes the episode's place: the agent gets the
            # statement itself ("favourite coffee: Ethiopian dark roast"), ranked and scored
            # as the episode was; its explain is the episode's (it adds up to that score),
            # names the episode and keeps the fact's own ranks and score under "own"
            episode = kept[same]
            explain = {**episode.explain, "rule": hit.rule,
                       "in_place_of": _placed_by(episode), "own": _placed_by(hit)} \
                if hit.explain else hit.explain
            kept[same] = replace(hit, score=episode.score, source_message_ids=list(
                dict.fromkeys(hit.source_message_ids + episode.source_message_ids)),
                explain=explain)
            seen[same] = (hit.subject, sources | seen[same][1], seen[same][2])
            for s in sources:
                if same not in by_source.setdefault((hit.subject, s), []):
                    by_source[(hit.subject, s)].append(same)
    return kept if limit is None else kept[:limit]
