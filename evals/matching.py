"""Match rules: when does an extracted fact say what a gold sentence says?

*Lexical* (:func:`lexical_match`, the main rule): content words are lower-cased, stopwords,
number words and generic verbs ("like", "love", "have", "work", "play", "live", "favorite")
are removed and the rest lightly stemmed (:func:`stem`); a fact matches when it contains at
least :data:`LEXICAL_THRESHOLD` of the gold sentence's content words (and at least one).
*Semantic* (:class:`SemanticMatcher`): MiniLM cosine >= :data:`SEMANTIC_THRESHOLD` between
the fact's clause and the gold sentence. :class:`MemoEmbedder` encodes each text once per
harness run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

LEXICAL_THRESHOLD = 0.5
"""Share of a gold sentence's content words that a fact must contain to match it."""
SEMANTIC_THRESHOLD = 0.6
"""MiniLM cosine (fact clause vs gold sentence) at or above which they match."""

_WORD_RX = re.compile(r"[a-z0-9]+")
_MATCH_STOPWORDS = frozenset("""
a an the and or but if of to in on at by for with from about into over as is are was were be
been being am do does did done have has had having i me my mine myself you your yours he him
his she her hers it its we us our ours they them their theirs what which who whom whose when
where why how this that these those there here not no yes so than then too very can could
should would will shall may might must just also any some all each more most other such only
own same s t m d ll re ve don didn doesn isn wasn aren won let up out off down again really
lot lots much many like likes liked love loves loved enjoy enjoys enjoyed prefer favorite
favourite get got go going thing things well kind sort user name work play live spare time
currently one two three four five six seven eight nine ten
""".split())  # noqa: SIM905 - a word list reads best as text


def stem(word: str) -> str:
    """Light suffix stripping so that "dogs"/"dog", "dancing"/"dance", "movies"/"movie" meet."""
    for suffix, repl in (("ies", "i"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                break
            word = word[: -len(suffix)] + repl
            if suffix in ("ing", "ed") and len(word) >= 4 and word[-1] == word[-2] \
                    and word[-1] not in "aeiouls":
                word = word[:-1]  # running -> run, swimming -> swim (but not "fall", "sell")
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 2 and word.endswith("y"):
        word = word[:-1] + "i"
    return word


def content_words(text: str) -> frozenset[str]:
    """Lower-cased, stopword-free, lightly stemmed words of ``text`` (apostrophes split)."""
    stems = (stem(w) for w in _WORD_RX.findall(text.lower()) if w not in _MATCH_STOPWORDS)
    return frozenset(s for s in stems if s not in _STOP_STEMS)


_STOP_STEMS = frozenset(stem(w) for w in _MATCH_STOPWORDS if len(w) > 3)


def lexical_match(fact: str, gold: str, threshold: float = LEXICAL_THRESHOLD) -> bool:
    """True when ``fact`` holds at least ``threshold`` of ``gold``'s content words (>= 1)."""
    g = content_words(gold)
    if not g:
        return False
    shared = len(content_words(fact) & g)
    return shared >= 1 and shared >= threshold * len(g)


class MemoEmbedder:
    """Wraps an ``embed.Embedder``: identical texts are encoded once per harness run."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.model_name = inner.model_name
        self._memo: dict[str, np.ndarray] = {}
        self._query_memo: dict[str, np.ndarray] = {}

    @property
    def dim(self) -> int:
        """Vector dimension of the wrapped model."""
        return int(self.inner.dim)

    @property
    def signature(self) -> str:
        """Index signature of the wrapped model."""
        return str(self.inner.signature)

    @property
    def cache_id(self) -> str:
        """Embedding-cache identity of the wrapped model."""
        return str(getattr(self.inner, "cache_id", self.model_name))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for stored ``texts``, from the memo where possible."""
        return self._memoised(texts, self._memo, self.inner.encode)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for query ``texts`` (the backend may prefix queries differently)."""
        return self._memoised(texts, self._query_memo, self.inner.encode_queries)

    def _memoised(self, texts: Sequence[str], memo: dict[str, np.ndarray],
                  encode: Any) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in memo))
        if missing:
            for text, vec in zip(missing, encode(missing), strict=True):
                memo[text] = vec
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([memo[t] for t in texts]).astype(np.float32)


class SemanticMatcher:
    """Match rule ``cosine(fact, gold) >= threshold`` with MiniLM vectors (call ``prepare``)."""

    def __init__(self, embedder: Any, threshold: float = SEMANTIC_THRESHOLD) -> None:
        self.embedder = embedder
        self.threshold = threshold
        self._vec: dict[str, np.ndarray] = {}

    def prepare(self, texts: Iterable[str]) -> None:
        """Encode, in one batch, every text that will be compared."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._vec]
        if todo:
            self._vec.update(zip(todo, self.embedder.encode(todo), strict=True))

    def cosine(self, a: str, b: str) -> float:
        """Cosine of two prepared (or newly encoded) texts."""
        self.prepare([a, b])
        return float(np.dot(self._vec[a], self._vec[b]))

    def __call__(self, fact: str, gold: str) -> bool:
        return self.cosine(fact, gold) >= self.threshold
