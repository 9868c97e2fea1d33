"""Evaluation harness: fact extraction and retrieval measured on public data sets.

Three sets, read from a data folder (by default ``<project root>/../shared/data``; never
copied into the project):

* **Synthetic-Persona-Chat** (test split): each conversation's "User 1:" / "User 2:" lines
  become user messages of one owner, ``extract.extract_memories`` runs on them, and every
  speaker's factual memories are compared with that speaker's gold persona sentences:
  precision, recall and F1 (micro-averaged), and *attribution* (of the facts that match a
  persona sentence of either user, the share credited to the right user).
* **MADial-Bench** (en): the 160 memory events are inserted as episodic memories of one
  owner and indexed (FTS5 + FAISS); each dialogue, cut before its first test turn, becomes a
  query; recall@k and hit@k for the fts, semantic and hybrid modes, and for alternative
  hybrid formulas (RRF k, stream weights, decay and importance modifiers).
* **MemoryBank** (en): share of each user's gold hobby and personality terms found in the
  facts extracted from that user's turns.

How a fact matches a gold sentence (see :func:`lexical_match`): content words are
lower-cased, stopwords, number words and generic verbs ("like", "love", "have", "work",
"play", "live", "favorite") are removed and the rest lightly stemmed; a fact matches when
it contains at least half of the gold sentence's content words (and at least one). The semantic rule
(:class:`SemanticMatcher`) instead asks for a MiniLM cosine >= :data:`SEMANTIC_THRESHOLD`
between the fact's clause and the gold sentence.
"""

from __future__ import annotations

import csv
import json
import math
import re
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

from .extract import extract_memories
from .ids import text_hash
from .importance import score_importance
from .ingest import normalise
from .settings import KoreSettings
from .timeutil import iso, parse_ts, resolve_now

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA = PROJECT_ROOT.parent / "shared" / "data"
SETS = ("spc", "madial", "memorybank")
SPC_FILE = Path("synthetic-persona-chat") / "Synthetic-Persona-Chat_test.csv"
MADIAL_DIR = Path("madial-bench")
MADIAL_MEMORY = Path("en") / "MADial-Bench-en-memory.json"
MADIAL_DIALOGUE = Path("en") / "MADial-Bench-en-dialogue.json"
MEMORYBANK_FILE = Path("memorybank") / "en" / "memory_bank_en.json"

LEXICAL_THRESHOLD = 0.5
"""Share of a gold sentence's content words that a fact must contain to match it."""
SEMANTIC_THRESHOLD = 0.6
"""MiniLM cosine (fact clause vs gold sentence) at or above which they match."""
MADIAL_NOW = "2024-10-24T00:00:00+00:00"
"""Fixed clock for decay: the day after the newest MADial memory (2024-10-23)."""
MADIAL_OWNER = "madial"
KS = (1, 5, 10)
QUERY_VARIANTS = ("last_user", "user_turns", "all_turns")
DEFAULT_QUERY = "user_turns"
MODES = ("fts", "semantic", "hybrid")
SPC_BASE_TS = "2024-01-01T00:00:00+00:00"

# Formula variants compared on MADial (hybrid mode). Every field is explicit so that a
# KORE_* variable in the environment cannot change what a row means.
_DEFAULT_FORMULA = {"decay_weight": 0.05, "importance_weight": 0.01, "rrf_k": 60,
                    "fts_weight": 1.0, "vector_weight": 1.0}
FORMULAS: tuple[tuple[str, dict[str, float]], ...] = (
    ("a pure RRF (no modifiers)", {**_DEFAULT_FORMULA, "decay_weight": 0.0,
                                   "importance_weight": 0.0}),
    ("b default (0.05, 0.01)", dict(_DEFAULT_FORMULA)),
    ("c strong modifiers (0.5, 0.1)", {**_DEFAULT_FORMULA, "decay_weight": 0.5,
                                       "importance_weight": 0.1}),
    ("d rrf_k=20", {**_DEFAULT_FORMULA, "rrf_k": 20}),
    ("d rrf_k=60", dict(_DEFAULT_FORMULA)),
    ("d rrf_k=100", {**_DEFAULT_FORMULA, "rrf_k": 100}),
    ("e fts 0.5 / vector 1.0", {**_DEFAULT_FORMULA, "fts_weight": 0.5}),
    ("e fts 1.0 / vector 0.5", {**_DEFAULT_FORMULA, "vector_weight": 0.5}),
    ("f rrf_k=20 + fts 0.5", {**_DEFAULT_FORMULA, "rrf_k": 20, "fts_weight": 0.5}),
)
BASELINE_FORMULA = "b default (0.05, 0.01)"

# ----------------------------------------------------------------------------- matching

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

    @property
    def dim(self) -> int:
        """Vector dimension of the wrapped model."""
        return int(self.inner.dim)

    @property
    def signature(self) -> str:
        """Index signature of the wrapped model."""
        return str(self.inner.signature)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for ``texts``, from the memo where possible."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._memo))
        if missing:
            for text, vec in zip(missing, self.inner.encode(missing), strict=True):
                self._memo[text] = vec
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._memo[t] for t in texts]).astype(np.float32)


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


# ----------------------------------------------------------------------------- metrics

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
        return _ratio(self.correct, self.facts)

    @property
    def recall(self) -> float:
        """Persona sentences found by their own speaker's facts / persona sentences."""
        return _ratio(self.recalled, self.gold)

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)

    @property
    def attribution(self) -> float:
        """Of the facts matching someone's persona, the share credited to the right speaker."""
        return _ratio(self.matched_any - self.misattributed, self.matched_any)

    def to_dict(self) -> dict[str, Any]:
        """Counts and ratios, JSON-ready."""
        out = asdict(self)
        out.update(precision=self.precision, recall=self.recall, f1=self.f1,
                   attribution=self.attribution)
        return out


def _ratio(num: float, den: float) -> float:
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
        out[f"recall@{k}"] = _ratio(sum(recall_at_k(r, rel, k) for r, rel in runs), len(runs))
        out[f"hit@{k}"] = _ratio(sum(hit_at_k(r, rel, k) for r, rel in runs), len(runs))
    return out


# ----------------------------------------------------------------------------- SPC

_SPC_LINE = re.compile(r"^\s*User\s*([12])\s*:\s*(.*)$", re.IGNORECASE)


@dataclass
class SpcConversation:
    """One Synthetic-Persona-Chat row: personas per speaker and the turns in order."""

    index: int
    personas: dict[str, list[str]]
    turns: list[tuple[str, str]]   # (speaker "User 1" | "User 2", text)


def load_spc(path: Path, limit: int | None = None) -> list[SpcConversation]:
    """Conversations of an SPC CSV (``user 1 personas,user 2 personas,Best Generated ...``).

    A line without a "User N:" prefix continues the previous turn.
    """
    out: list[SpcConversation] = []
    with path.open(encoding="utf-8", newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh)):
            if limit is not None and len(out) >= limit:
                break
            personas = {f"User {n}": [s.strip() for s in (row.get(f"user {n} personas") or "")
                                      .splitlines() if s.strip()] for n in (1, 2)}
            turns: list[tuple[str, str]] = []
            for line in (row.get("Best Generated Conversation") or "").splitlines():
                m = _SPC_LINE.match(line)
                if m:
                    turns.append((f"User {m.group(1)}", m.group(2).strip()))
                elif line.strip() and turns:
                    speaker, text = turns[-1]
                    turns[-1] = (speaker, f"{text} {line.strip()}")
            out.append(SpcConversation(i, personas, [t for t in turns if t[1]]))
    return out


def spc_messages(conv: SpcConversation, settings: KoreSettings) -> list[dict[str, Any]]:
    """The conversation as canonical user messages of owner ``spc-<index>``, one second apart."""
    base = parse_ts(SPC_BASE_TS)
    owner = f"spc-{conv.index}"
    return [normalise({"owner": owner, "conversation_id": owner, "session_id": owner,
                       "message_id": f"{owner}-{j}", "ts": iso(base + timedelta(seconds=j)),
                       "role": "user", "speaker": speaker, "text": text},
                      settings, "spc", j + 1)
            for j, (speaker, text) in enumerate(conv.turns)]


def spc_facts(conv: SpcConversation, settings: KoreSettings
              ) -> tuple[dict[str, list[tuple[str, str]]], int]:
    """speaker -> [(category, clause)] of the extracted factual memories, and provenance errors.

    A provenance error is a fact whose subject is not the speaker of every message it was
    extracted from (the pipeline crediting one user with what another said).
    """
    msgs = spc_messages(conv, settings)
    said_by = {m["message_id"]: m["speaker"] for m in msgs}
    out: dict[str, list[tuple[str, str]]] = {s: [] for s in conv.personas}
    errors = 0
    for cand in extract_memories(msgs, settings):
        if cand.type == "factual":
            out.setdefault(cand.subject, []).append((cand.category, cand.content))
            errors += any(said_by.get(mid) != cand.subject for mid in cand.source_message_ids)
    return out, errors


def evaluate_spc(convs: Sequence[SpcConversation], settings: KoreSettings,
                 embedder: Any = None) -> dict[str, Any]:
    """Lexical (and, with an embedder, semantic) fact scores over the conversations."""
    extracted, provenance_errors = [], 0
    for conv in convs:
        facts, errors = spc_facts(conv, settings)
        extracted.append((facts, conv.personas))
        provenance_errors += errors
    matchers: dict[str, Match] = {"lexical": lexical_match}
    if embedder is not None:
        sem = SemanticMatcher(embedder)
        sem.prepare([t for facts, _ in extracted for v in facts.values() for _, t in v]
                    + [g for _, gold in extracted for v in gold.values() for g in v])
        matchers["semantic"] = sem
    # Ceiling: persona sentences that their own speaker says at all (lexical rule on turns).
    said = sum(1 for c in convs for spk, sents in c.personas.items() for g in sents
               if any(lexical_match(t, g) for s, t in c.turns if s == spk))
    out: dict[str, Any] = {
        "conversations": len(convs), "turns": sum(len(c.turns) for c in convs),
        "provenance_errors": provenance_errors, "gold_said_by_own_speaker": said,
        "match_rules": {"lexical": f"fact holds >= {LEXICAL_THRESHOLD:.0%} of the gold "
                                   "sentence's content words (lower-cased; stopwords, number words "
                                   "and generic verbs removed; light stemming), at least 1",
                        "semantic": f"MiniLM cosine(fact clause, gold sentence) >= "
                                    f"{SEMANTIC_THRESHOLD}"},
    }
    for name, match in matchers.items():
        total = FactScores()
        for facts, gold in extracted:
            total.add(score_facts(facts, gold, match))
        out[name] = total.to_dict()
    return out


# ----------------------------------------------------------------------------- MADial

_TAG = re.compile(r"^\s*<([^<>]{1,40})>\s*:\s*(.*)$", re.DOTALL)


@dataclass
class MadialMemory:
    """One event of the MADial archive."""

    id: int
    time: str
    scene: str
    emotion: str
    event: str


@dataclass
class MadialDialogue:
    """One MADial dialogue: turns (role, text) with ``<BOD>``/``<EOD>`` dropped.

    ``cut`` is the number of turns before the first test turn (the query sees only those).
    """

    index: int
    user: str
    turns: list[tuple[str, str]]
    cut: int
    relevant: list[int]


def _jsonl(path: Path) -> list[Any]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = text[1:-1]
    return text.strip()


def parse_madial_dialogue(index: int, obj: dict[str, Any]) -> MadialDialogue:
    """Turns of one dialogue line; the test turn indexes count ``<BOD>`` as line 0.

    A line tagged ``<Assistant>:`` is the assistant's, one tagged with another name is the
    user's; a line with no speaker tag (a few in the set) takes the role opposite to the
    previous turn, since turns alternate.
    """
    lines = obj["dialogue"]
    turns: list[tuple[str, str]] = []
    user = ""
    first_test = min(obj.get("test-turn") or [len(lines)])
    cut: int | None = None
    for pos, raw in enumerate(lines):
        if raw.strip() in ("<BOD>", "<EOD>"):
            continue
        if pos == first_test:
            cut = len(turns)
        m = _TAG.match(raw)
        if m and m.group(1).strip() == "Assistant":
            role, text = "assistant", m.group(2)
        elif m and " " not in m.group(1).strip():
            role, text, user = "user", m.group(2), user or m.group(1).strip()
        else:
            prev = turns[-1][0] if turns else "assistant"
            role = "assistant" if prev == "user" else "user"
            text = raw.strip().lstrip("<")
        turns.append((role, _unquote(text)))
    return MadialDialogue(index, user, turns, len(turns) if cut is None else cut,
                          [int(r) for r in obj.get("relevant-id", [])])


def load_madial(folder: Path, limit: int | None = None
                ) -> tuple[list[MadialMemory], list[MadialDialogue]]:
    """The memory archive (all of it) and the dialogues (the first ``limit``)."""
    memories = [MadialMemory(int(k), str(v.get("time", "")), str(v.get("scene", "")),
                             str(v.get("emotion", "")), str(v["event"]))
                for row in _jsonl(folder / MADIAL_MEMORY)
                for k, v in row.items()]
    rows = _jsonl(folder / MADIAL_DIALOGUE)
    if limit is not None:
        rows = rows[:limit]
    dialogues = [parse_madial_dialogue(i, obj) for i, obj in enumerate(rows)]
    return memories, dialogues


def madial_query(dialogue: MadialDialogue, variant: str) -> str:
    """Query text from the turns before the test turn.

    ``last_user``: the last user turn; ``user_turns``: every user turn, joined;
    ``all_turns``: every turn (user and assistant), joined.
    """
    before = dialogue.turns[: dialogue.cut]
    users = [t for r, t in before if r == "user"]
    if variant == "last_user":
        return users[-1] if users else ""
    if variant == "user_turns":
        return " ".join(users)
    if variant == "all_turns":
        return " ".join(t for _, t in before)
    raise ValueError(f"unknown query variant {variant!r} (expected {', '.join(QUERY_VARIANTS)})")


def memory_subject(event: str, names: Iterable[str]) -> str:
    """The first user name (whole word) found in the event, else ``"user"``."""
    for name in names:
        if re.search(rf"\b{re.escape(name)}\b", event):
            return name
    return "user"


def build_madial_store(settings: KoreSettings, memories: Sequence[MadialMemory],
                       names: Sequence[str], embedder: Any, now: str) -> None:
    """Insert the archive as episodic memories of owner ``madial`` (ids kept) and index it.

    Rows of that owner from an earlier run in the same home are replaced.
    """
    from .embed import EmbeddingCache
    from .indexing import sync_index
    from .store import connect, transaction

    conn = connect(settings.db_path())
    cache = EmbeddingCache(settings.cache_path())
    try:
        with transaction(conn):
            conn.execute("DELETE FROM memories WHERE owner = ?", (MADIAL_OWNER,))
            for mem in memories:
                created = iso(parse_ts(mem.time)) if mem.time else now
                conn.execute(
                    "INSERT INTO memories(id, owner, subject, key, type, category, content,"
                    " content_hash, language, importance, importance_explicit,"
                    " source_message_ids, session_id, created_at, updated_at)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (mem.id, MADIAL_OWNER, memory_subject(mem.event, names),
                     f"episode:madial-{mem.id}", "episodic", "episode", mem.event,
                     text_hash(mem.event), "en", score_importance(mem.event, "episode"), 0,
                     json.dumps([f"madial-memory-{mem.id}"]), "madial", created, now))
        sync_index(conn, settings, embedder, cache)
    finally:
        cache.close()
        conn.close()


def _ranked(searcher: Any, query: str, mode: str, now: str) -> list[int]:
    hits = searcher.search(query, MADIAL_OWNER, k=max(KS), now=now, reinforce=False, mode=mode)
    return [h.memory_id for h in hits]


def evaluate_madial(memories: Sequence[MadialMemory], dialogues: Sequence[MadialDialogue],
                    settings: KoreSettings, embedder: Any, now: str = MADIAL_NOW
                    ) -> dict[str, Any]:
    """Recall@k / hit@k per mode and query variant, then per hybrid formula."""
    from .search import Searcher
    from .store import connect

    names = list(dict.fromkeys(d.user for d in dialogues if d.user)) or ["Bart", "Lisa"]
    build_madial_store(settings, memories, names, embedder, now)
    queries = {v: [madial_query(d, v) for d in dialogues] for v in QUERY_VARIANTS}
    # one batch for every query vector (Searcher encodes query[:4000]; the memo serves it)
    embedder.encode(list(dict.fromkeys(q[:4000] for texts in queries.values() for q in texts
                                       if q.strip())))
    per_query: dict[str, list[float]] = {}
    conn = connect(settings.db_path())
    out: dict[str, Any] = {"memories": len(memories), "dialogues": len(dialogues), "now": now,
                           "default_query": DEFAULT_QUERY, "k": max(KS), "modes": {},
                           "formulas": {}}
    try:
        searcher = Searcher(settings, embedder=embedder, conn=conn)
        for variant, texts in queries.items():
            for mode in MODES:
                runs = [(_ranked(searcher, q, mode, now), d.relevant)
                        for q, d in zip(texts, dialogues, strict=True)]
                out["modes"][f"{mode}/{variant}"] = retrieval_metrics(runs)
        for name, overrides in FORMULAS:
            variant_settings = settings.model_copy(update=overrides)
            searcher = Searcher(variant_settings, embedder=embedder, conn=conn)
            row: dict[str, Any] = {"settings": overrides}
            for variant, texts in queries.items():
                runs = [(_ranked(searcher, q, "hybrid", now), d.relevant)
                        for q, d in zip(texts, dialogues, strict=True)]
                row[variant] = retrieval_metrics(runs)
                if variant == DEFAULT_QUERY:
                    per_query[name] = [recall_at_k(r, rel, max(KS)) for r, rel in runs]
            out["formulas"][name] = row
    finally:
        conn.close()
    base = per_query.get(BASELINE_FORMULA)
    for name, row in out["formulas"].items():
        if base is not None:
            pairs = list(zip(per_query[name], base, strict=True))
            row["vs_default"] = {"better": sum(a > b for a, b in pairs),
                                 "worse": sum(a < b for a, b in pairs)}
    return out


# ----------------------------------------------------------------------------- MemoryBank

_TERM_SPLIT = re.compile(r",|;|\band\b", re.IGNORECASE)


@dataclass
class MemoryBankUser:
    """One MemoryBank user: the gold profile and the user's turns (date, text)."""

    name: str
    hobbies: list[str]
    personality: list[str]
    turns: list[tuple[str, str]]


def split_terms(text: str) -> list[str]:
    """Gold profile terms: "painting, reading and tea" -> ["painting", "reading", "tea"]."""
    return [t.strip(" .") for t in _TERM_SPLIT.split(text or "") if t.strip(" .")]


def load_memorybank(path: Path, limit: int | None = None) -> list[MemoryBankUser]:
    """Users of ``memory_bank_en.json`` (names stripped), turns in date order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    users: list[MemoryBankUser] = []
    for key, user in data.items():
        if limit is not None and len(users) >= limit:
            break
        meta = user.get("meta_information") or {}
        name = str(user.get("name") or meta.get("name") or key).strip()
        turns = [(day, str(pair.get("query") or ""))
                 for day in sorted(user.get("history") or {})
                 for pair in user["history"][day] if str(pair.get("query") or "").strip()]
        users.append(MemoryBankUser(name, split_terms(meta.get("hobbies", "")),
                                    split_terms(meta.get("personality", "")), turns))
    return users


def evaluate_memorybank(users: Sequence[MemoryBankUser], settings: KoreSettings
                        ) -> dict[str, Any]:
    """Share of gold hobby/personality terms found (lexical rule) in each user's memories.

    Three levels: in an extracted fact, in any extracted memory (facts and episodes), and
    in any user turn at all (the ceiling for an extractor that reads only user turns).
    """
    totals = {kind: {"terms": 0, "in_facts": 0, "in_memories": 0, "in_user_turns": 0}
              for kind in ("hobbies", "personality")}
    per_user = []
    for user in users:
        msgs = [normalise({"owner": f"mb-{user.name}", "conversation_id": day,
                           "session_id": day, "message_id": f"mb-{user.name}-{j}",
                           "ts": iso(parse_ts(day) + timedelta(minutes=j)), "role": "user",
                           "speaker": user.name, "text": text}, settings, "memorybank", j + 1)
                for j, (day, text) in enumerate(user.turns)]
        cands = extract_memories(msgs, settings)
        facts = [c.content for c in cands if c.type == "factual"]
        mems = [c.content for c in cands]
        said = [t for _, t in user.turns]
        row: dict[str, Any] = {"user": user.name, "turns": len(user.turns), "facts": len(facts)}
        for kind, terms in (("hobbies", user.hobbies), ("personality", user.personality)):
            found = {
                "in_facts": [t for t in terms if any(lexical_match(f, t) for f in facts)],
                "in_memories": [t for t in terms if any(lexical_match(m, t) for m in mems)],
                "in_user_turns": [t for t in terms if any(lexical_match(s, t) for s in said)],
            }
            totals[kind]["terms"] += len(terms)
            for level, hits in found.items():
                totals[kind][level] += len(hits)
            row[kind] = {"terms": terms, "in_facts": found["in_facts"],
                         "missed_by_facts": [t for t in found["in_user_turns"]
                                             if t not in found["in_facts"]]}
        per_user.append(row)
    out: dict[str, Any] = {"users": len(users), "turns": sum(len(u.turns) for u in users),
                           "per_user": per_user}
    for kind, t in totals.items():
        out[kind] = {**t, **{f"coverage_{lvl}": _ratio(t[lvl], t["terms"])
                             for lvl in ("in_facts", "in_memories", "in_user_turns")}}
    return out


# ----------------------------------------------------------------------------- runner

def parse_sets(text: str | Iterable[str]) -> list[str]:
    """``"spc,madial"`` -> ["spc", "madial"]; unknown names raise ValueError."""
    names = [s.strip().lower() for s in (text.split(",") if isinstance(text, str) else text)]
    names = [s for s in names if s]
    bad = [s for s in names if s not in SETS]
    if bad:
        raise ValueError(f"unknown set(s) {', '.join(bad)} (expected {', '.join(SETS)})")
    return names


def run_all(data: Path | None = None, sets: str | Iterable[str] = SETS,
            limit: int | None = None, home: Path | None = None,
            settings: KoreSettings | None = None, embedder: Any = None,
            semantic: bool = True, now: str = MADIAL_NOW) -> dict[str, Any]:
    """Run the chosen sets on ``data`` and return every figure (JSON-ready).

    ``home``: where the MADial store, index and embedding cache go (a temporary folder,
    deleted afterwards, when None). ``embedder``: an ``embed.Embedder`` (loaded on first need
    when None). ``limit``: at most this many SPC conversations, MADial dialogues (the
    archive is always complete) and MemoryBank users.
    """
    data = Path(data) if data is not None else DEFAULT_DATA
    chosen = parse_sets(sets)
    base = settings or KoreSettings()
    started = time.perf_counter()
    result: dict[str, Any] = {"data": str(data), "sets": chosen, "limit": limit,
                              "semantic": semantic, "timings_s": {}}
    needs_model = "madial" in chosen or (semantic and "spc" in chosen)
    memo = None
    if needs_model:
        if embedder is None:
            from .embed import Embedder

            embedder = Embedder(base)
        memo = embedder if isinstance(embedder, MemoEmbedder) else MemoEmbedder(embedder)
    with tempfile.TemporaryDirectory(prefix="kore-eval-") as tmp:
        root = Path(home) if home is not None else Path(tmp)
        for name in chosen:
            t0 = time.perf_counter()
            if name == "spc":
                convs = load_spc(data / SPC_FILE, limit)
                result["spc"] = evaluate_spc(convs, base, memo if semantic else None)
            elif name == "madial":
                memories, dialogues = load_madial(data / MADIAL_DIR, limit)
                mset = base.model_copy(update={"home": root / "eval-madial"})
                result["madial"] = evaluate_madial(memories, dialogues, mset, memo,
                                                   iso(resolve_now(now)))
            else:
                users = load_memorybank(data / MEMORYBANK_FILE, limit)
                result["memorybank"] = evaluate_memorybank(users, base)
            result["timings_s"][name] = round(time.perf_counter() - t0, 2)
    result["timings_s"]["total"] = round(time.perf_counter() - started, 2)
    return result


# ----------------------------------------------------------------------------- report

def _pct(x: float) -> str:
    return f"{100 * x:5.1f}" if not math.isnan(x) else "  n/a"


def format_report(result: dict[str, Any]) -> str:
    """The figures as plain-text tables."""
    lines: list[str] = [f"data: {result['data']}   limit: {result['limit']}"]
    spc = result.get("spc")
    if spc:
        lines += ["", f"== Synthetic-Persona-Chat (test): {spc['conversations']} conversations,"
                      f" {spc['turns']} turns; facts vs gold persona sentences (micro) ==",
                  f"{'match rule':<10} {'facts':>6} {'gold':>6} {'P%':>6} {'R%':>6} "
                  f"{'F1%':>6} {'attrib%':>8} {'misattr':>8}"]
        for rule in ("lexical", "semantic"):
            s = spc.get(rule)
            if s:
                lines.append(f"{rule:<10} {s['facts']:>6} {s['gold']:>6} {_pct(s['precision']):>6}"
                             f" {_pct(s['recall']):>6} {_pct(s['f1']):>6}"
                             f" {_pct(s['attribution']):>8} {s['misattributed']:>8}")
        lines.append(f"  facts credited to a speaker who did not say them (provenance): "
                     f"{spc['provenance_errors']}")
        if spc.get("lexical"):
            lex, said = spc["lexical"], spc["gold_said_by_own_speaker"]
            lines.append(f"  recall ceiling: {said} of {lex['gold']} persona sentences "
                         f"({_pct(_ratio(said, lex['gold'])).strip()}%) are said by their own"
                         f" speaker (lexical rule on the turns); lexical recall of those: "
                         f"{_pct(_ratio(lex['recalled'], said)).strip()}%")
        for rule in ("lexical", "semantic"):
            s = spc.get(rule)
            if not s:
                continue
            lines.append(f"  per category ({rule}): category facts correct P% misattributed")
            for cat, c in sorted(s["by_category"].items()):
                lines.append(f"    {cat:<11} {c['facts']:>6} {c['correct']:>6} "
                             f"{_pct(_ratio(c['correct'], c['facts']))} {c['misattributed']:>6}")
        for rule, text in spc["match_rules"].items():
            if spc.get(rule):
                lines.append(f"  {rule}: {text}")
    mad = result.get("madial")
    if mad:
        lines += ["", f"== MADial-Bench (en): {mad['memories']} memories, {mad['dialogues']}"
                      f" dialogues, k={mad['k']}, now={mad['now']} ==",
                  f"{'mode/query':<22}" + "".join(f"{m:>7}" for m in
                                                  ("R@1", "R@5", "R@10", "H@1", "H@5", "H@10"))]
        for key, m in mad["modes"].items():
            lines.append(f"{key:<22}" + "".join(
                f"{_pct(m[f'{x}@{k}']):>7}" for x in ("recall", "hit") for k in KS))
        other = [v for v in QUERY_VARIANTS if v != mad["default_query"]]
        head = f"{'hybrid formula':<30}{'dw':>5}{'iw':>5}{'k':>5}{'fts':>5}{'vec':>5}"
        head += "".join(f"  {v[:10]:>10} R@5 R@10" for v in [mad["default_query"], *other])
        head += "  R@10 vs b: +/- dialogues"
        lines += ["", f"-- formula comparison (hybrid; recall %, default query "
                      f"'{mad['default_query']}' first) --", head]
        for name, row in mad["formulas"].items():
            st = row["settings"]
            line = (f"{name:<30}{st['decay_weight']:>5g}{st['importance_weight']:>5g}"
                    f"{st['rrf_k']:>5g}{st['fts_weight']:>5g}{st['vector_weight']:>5g}")
            for v in [mad["default_query"], *other]:
                line += f"  {'':>10}{_pct(row[v]['recall@5']):>4}{_pct(row[v]['recall@10']):>5}"
            if "vs_default" in row:
                line += f"  +{row['vs_default']['better']}/-{row['vs_default']['worse']}"
            lines.append(line)
    mb = result.get("memorybank")
    if mb:
        lines += ["", f"== MemoryBank (en): {mb['users']} users, {mb['turns']} user turns;"
                      " gold profile terms found (lexical rule) ==",
                  f"{'terms':<12}{'n':>5}{'in facts%':>11}{'in memories%':>14}"
                  f"{'in user turns%':>16}"]
        for kind in ("hobbies", "personality"):
            c = mb[kind]
            lines.append(f"{kind:<12}{c['terms']:>5}{_pct(c['coverage_in_facts']):>11}"
                         f"{_pct(c['coverage_in_memories']):>14}"
                         f"{_pct(c['coverage_in_user_turns']):>16}")
    lines += ["", "time (s): " + ", ".join(f"{k} {v}" for k, v in result["timings_s"].items())]
    return "\n".join(lines)


def write_json(result: dict[str, Any], path: Path) -> None:
    """Write every figure as indented JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, ensure_ascii=False, indent=2, default=str) + "\n",
                    encoding="utf-8")
