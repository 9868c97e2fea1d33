"""Metric arithmetic: fact precision/recall/attribution counts, recall@k and hit@k."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

KS = (1, 5, 10)
"""Cut-offs of recall@k and hit@k."""

Match = Callable[[str, str], bool]


@dataclass
class FactScores:
    """Counts behind precision, recall and attribution (add them up for micro-averages)."""

    facts: int = 0            # extracted factual memories
    correct: int = 0          # ... matching a gold sentence of their own speaker
    matched_any: int = 0      # ... matching a gold sentence of any speaker
    misattributed: int = 0    # ... matching only another speaker's gold sentences
    gold: int = 0             # gold persona sentences
    recalled: int = 0         # ... matched by at least one fact of their own speaker
    by_category: dict[str, dict[str, int]] = field(default_factory=dict)
    examples: list[dict[str, str]] = field(default_factory=list)

    def add(self, other: FactScores, max_examples: int = 20) -> None:
        """Fold another conversation's counts into this one."""
        for name in ("facts", "correct", "matched_any", "misattributed", "gold", "recalled"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for cat, counts in other.by_category.items():
            mine = self.by_category.setdefault(cat, {"facts": 0, "correct": 0,
                                                     "misattributed": 0})
            for key, value in counts.items():
                mine[key] += value
        room = max_examples - len(self.examples)
        if room > 0:
            self.examples.extend(other.examples[:room])

    @property
    def precision(self) -> float:
        """Facts matching their own speaker's persona / facts."""
        return ratio(self.correct, self.facts)

    @property
    def recall(self) -> float:
        """Persona sentences found by their own speaker's facts / persona sentences."""
        return ratio(self.recalled, self.gold)

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)

    @property
    def attribution(self) -> float:
        """Of the facts matching someone's persona, the share credited to the right speaker."""
        return ratio(self.matched_any - self.misattributed, self.matched_any)

    def to_dict(self) -> dict[str, Any]:
        """Counts and ratios, JSON-ready."""
        out = asdict(self)
        out.update(precision=self.precision, recall=self.recall, f1=self.f1,
                   attribution=self.attribution)
        return out


def ratio(num: float, den: float) -> float:
    """``num / den``, or 0.0 when ``den`` is 0."""
    return num / den if den else 0.0


def score_facts(facts: dict[str, list[tuple[str, str]]], gold: dict[str, list[str]],
                match: Match) -> FactScores:
    """Score one conversation.

    ``facts``: speaker -> [(category, text)]; ``gold``: speaker -> persona sentences. A fact
    is *correct* if it matches a gold sentence of its own speaker and *misattributed* if it
    matches only gold sentences of other speakers. A gold sentence is *recalled* if some
    fact of its own speaker matches it.
    """
    out = FactScores(gold=sum(len(v) for v in gold.values()))
    for speaker, items in facts.items():
        own = gold.get(speaker, [])
        others = [(s, g) for s, sents in gold.items() if s != speaker for g in sents]
        for category, text in items:
            counts = out.by_category.setdefault(category, {"facts": 0, "correct": 0,
                                                           "misattributed": 0})
            out.facts += 1
            counts["facts"] += 1
            if any(match(text, g) for g in own):
                out.correct += 1
                out.matched_any += 1
                counts["correct"] += 1
                continue
            hit = next(((s, g) for s, g in others if match(text, g)), None)
            if hit is not None:
                out.matched_any += 1
                out.misattributed += 1
                counts["misattributed"] += 1
                out.examples.append({"speaker": speaker, "fact": text,
                                     "matches_persona_of": hit[0], "persona": hit[1]})
    for speaker, sents in gold.items():
        texts = [t for _, t in facts.get(speaker, [])]
        out.recalled += sum(1 for g in sents if any(match(t, g) for t in texts))
    return out


def recall_at_k(ranked: Sequence[int], relevant: Iterable[int], k: int) -> float:
    """Share of the relevant ids found in the first ``k`` of ``ranked``."""
    rel = set(relevant)
    if not rel:
        return 0.0
    return len(rel.intersection(ranked[:k])) / len(rel)


def hit_at_k(ranked: Sequence[int], relevant: Iterable[int], k: int) -> float:
    """1.0 if any relevant id is among the first ``k`` of ``ranked``, else 0.0."""
    rel = set(relevant)
    return 1.0 if rel.intersection(ranked[:k]) else 0.0


def retrieval_metrics(runs: Sequence[tuple[Sequence[int], Iterable[int]]],
                      ks: Sequence[int] = KS) -> dict[str, float]:
    """Mean recall@k and hit@k over (ranked ids, relevant ids) pairs."""
    runs = [(list(r), set(rel)) for r, rel in runs]
    out: dict[str, float] = {"queries": float(len(runs))}
    for k in ks:
        out[f"recall@{k}"] = ratio(sum(recall_at_k(r, rel, k) for r, rel in runs), len(runs))
        out[f"hit@{k}"] = ratio(sum(hit_at_k(r, rel, k) for r, rel in runs), len(runs))
    return out
