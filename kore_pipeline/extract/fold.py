"""Folding the candidates of one key said again and again in a batch, in linear time."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kore_pipeline.extract.facts import CandidateMemory


def _ascending(times: list[str]) -> bool:
    return all(a <= b for a, b in zip(times, times[1:], strict=False))


class CandidateFold:
    """One key's candidates folded together, one after the other, in linear time: the
    earliest creation, the union of provenance in order, the higher importance, the latest
    one's content (with the rule that found that content).

    Folding pairwise copies and re-sorts the provenance at every repeat (a key said k times
    in a batch cost k^2); here a later mention appends. The result is the pairwise fold's
    (``tests/extract/test_repeats.py`` keeps that fold as the reference).
    """

    def __init__(self, cand: CandidateMemory) -> None:
        self.head = cand  # owner, subject, key, type and category stay the first one's
        self.last = cand  # the latest-created: its content, rule, language, session, slot
        self.created_at = cand.created_at
        self.importance = cand.importance
        self.explicit = cand.importance_explicit
        self.ids = cand.source_message_ids
        self.seen: set[str] | None = None
        self.times = cand.mentioned_at

    def add(self, new: CandidateMemory) -> None:
        """Fold ``new`` in, as the pairwise fold of the folded and ``new`` would."""
        if self.seen is None:  # first repeat: from here on the lists are this fold's own
            self.ids, self.seen = list(dict.fromkeys(self.ids)), set(self.ids)
            self.times = sorted(self.times)
        if self.created_at <= new.created_at:
            self.last = new
            for mid in new.source_message_ids:
                if mid not in self.seen:
                    self.seen.add(mid)
                    self.ids.append(mid)
        else:  # said earlier than all before it (messages out of time order)
            self.created_at = new.created_at
            self.ids = list(dict.fromkeys(new.source_message_ids + self.ids))
            self.seen = set(self.ids)
        self.importance = max(self.importance, new.importance)
        self.explicit = self.explicit or new.importance_explicit
        times = new.mentioned_at
        if times and (not self.times or times[0] >= self.times[-1]) and _ascending(times):
            self.times.extend(times)
        else:
            self.times = sorted(self.times + times)

    def result(self) -> CandidateMemory:
        """The folded candidate (the one candidate itself if it was never repeated)."""
        if self.seen is None:
            return self.head
        last = self.last
        return replace(self.head, content=last.content, language=last.language,
                       importance=self.importance, importance_explicit=self.explicit,
                       source_message_ids=self.ids, session_id=last.session_id,
                       created_at=self.created_at, mentioned_at=self.times, slot=last.slot,
                       rule=last.rule)
