"""Evaluation harness: fact extraction and retrieval measured on public data sets and on
the hand-written case lists of ``evals/cases/``.

This package lives beside ``kore_pipeline`` in a checkout and is not in the wheel: it may
import any part of ``kore_pipeline``, nothing there imports it (``kore eval`` finds it in the
checkout, see ``kore_pipeline/cli/eval.py``). The public sets are read from a data folder
(by default ``<checkout>/../shared/data``; never copied into the project):

* **Synthetic-Persona-Chat** (test split): each conversation's "User 1:" / "User 2:" lines
  become user messages of one owner, ``extract.extract_memories`` runs on them, and every
  speaker's factual memories are compared with that speaker's gold persona sentences:
  precision, recall and F1 (micro-averaged), and *attribution* (of the facts that match a
  persona sentence of either user, the share credited to the right user).
* **MADial-Bench** (en): the 160 memory events are inserted as episodic memories of one
  owner and indexed (FTS5 + FAISS); each dialogue, cut before its first test turn, becomes a
  query; recall@k and hit@k for the fts, semantic and hybrid modes, and for alternative
  hybrid formulas (RRF k, stream weights, decay and importance modifiers).
* **Cross-lingual** (:mod:`.crosslingual`): recall@1/5 of a memory's translation, for
  every embedder backend side by side, on the shipped hand-written parallel set (six
  languages) and on MemoryBank's aligned English/Chinese user turns.
* **LoCoMo** (dev half, :mod:`.locomo`): each long two-person conversation one owner, the
  whole default pipeline with real timestamps, the clock a day after the end; turn-level
  recall@1/5/10/20 of the evidence turns per category for default search and
  ``--include-archived``, with raw-turn BM25, dense and RRF baselines in the same run.
* **MemoryBank** (en): share of each user's gold hobby and personality terms found in the
  facts extracted from that user's turns.
* **Requests** (:mod:`.requests`, a hand-written dev set in ``evals/cases/``): does a request
  for a recommendation, a plan or a choice bring the owner's stated preferences and limits
  (preference-in-top-5, with and without the preference pass)?

The case lists are JSON Lines files under ``evals/cases/`` (:mod:`.cases` reads them into
typed records): statements for the extraction coverage figure (:mod:`.coverage`, every
``coverage-*.jsonl``) and update pairs run through the whole pipeline (:mod:`.updates`, every
``updates-*.jsonl``); ``evals/cases/README.md`` lists them.

How a fact matches a gold sentence (see :func:`lexical_match`): content words are
lower-cased, stopwords, number words and generic verbs ("like", "love", "have", "work",
"play", "live", "favorite") are removed and the rest lightly stemmed; a fact matches when
it contains at least half of the gold sentence's content words (and at least one). The semantic rule
(:class:`SemanticMatcher`) instead asks for a MiniLM cosine >= :data:`SEMANTIC_THRESHOLD`
between the fact's clause and the gold sentence.

Modules: :mod:`.matching` (match rules, memoising embedder), :mod:`.metrics` (fact scores,
recall@k, hit@k), :mod:`.spc`, :mod:`.madial`, :mod:`.memorybank`, :mod:`.locomo`,
:mod:`.memorybank_qa`, :mod:`.preferences`, :mod:`.crosslingual` (one per set: loader and
evaluation), :mod:`.cases`, :mod:`.coverage`, :mod:`.updates` (the case lists and their
figures), :mod:`.runner` (:func:`run_all`), :mod:`.report` (tables, JSON).
"""

from __future__ import annotations

from evals.cases import (
    CASES_DIR,
    CaseFileError,
    Statement,
    UpdatePair,
    read_statements,
    read_updates,
)
from evals.coverage import evaluate_coverage
from evals.crosslingual import (
    DEFAULT_BACKENDS,
    PARALLEL_FILE,
    counterpart_recall,
    evaluate_crosslingual,
    evaluate_parallel,
    load_memorybank_pairs,
    load_parallel,
)
from evals.madial import (
    BASELINE_FORMULA,
    DEFAULT_QUERY,
    FORMULAS,
    MADIAL_DIALOGUE,
    MADIAL_DIR,
    MADIAL_MEMORY,
    MADIAL_NOW,
    MADIAL_OWNER,
    MODES,
    QUERY_VARIANTS,
    MadialDialogue,
    MadialMemory,
    build_madial_store,
    evaluate_madial,
    load_madial,
    madial_query,
    memory_subject,
    parse_madial_dialogue,
)
from evals.matching import (
    LEXICAL_THRESHOLD,
    SEMANTIC_THRESHOLD,
    MemoEmbedder,
    SemanticMatcher,
    content_words,
    lexical_match,
    stem,
)
from evals.memorybank import (
    MEMORYBANK_FILE,
    MemoryBankUser,
    evaluate_memorybank,
    load_memorybank,
    split_terms,
)
from evals.metrics import (
    KS,
    FactScores,
    Match,
    hit_at_k,
    ratio,
    recall_at_k,
    retrieval_metrics,
    score_facts,
)
from evals.report import (
    format_report,
    write_json,
)
from evals.runner import (
    DEFAULT_DATA,
    PROJECT_ROOT,
    SETS,
    parse_sets,
    run_all,
)
from evals.spc import (
    SPC_BASE_TS,
    SPC_FILE,
    SpcConversation,
    evaluate_spc,
    load_spc,
    spc_facts,
    spc_messages,
)
from evals.updates import evaluate_update_lists

__all__ = [
    "CASES_DIR",
    "CaseFileError",
    "Statement",
    "UpdatePair",
    "evaluate_coverage",
    "evaluate_update_lists",
    "read_statements",
    "read_updates",
    "DEFAULT_BACKENDS",
    "PARALLEL_FILE",
    "counterpart_recall",
    "evaluate_crosslingual",
    "evaluate_parallel",
    "load_memorybank_pairs",
    "load_parallel",
    "BASELINE_FORMULA",
    "DEFAULT_DATA",
    "DEFAULT_QUERY",
    "FORMULAS",
    "FactScores",
    "KS",
    "LEXICAL_THRESHOLD",
    "MADIAL_DIALOGUE",
    "MADIAL_DIR",
    "MADIAL_MEMORY",
    "MADIAL_NOW",
    "MADIAL_OWNER",
    "MEMORYBANK_FILE",
    "MODES",
    "MadialDialogue",
    "MadialMemory",
    "Match",
    "MemoEmbedder",
    "MemoryBankUser",
    "PROJECT_ROOT",
    "QUERY_VARIANTS",
    "SEMANTIC_THRESHOLD",
    "SETS",
    "SPC_BASE_TS",
    "SPC_FILE",
    "SemanticMatcher",
    "SpcConversation",
    "build_madial_store",
    "content_words",
    "evaluate_madial",
    "evaluate_memorybank",
    "evaluate_spc",
    "format_report",
    "hit_at_k",
    "lexical_match",
    "load_madial",
    "load_memorybank",
    "load_spc",
    "madial_query",
    "memory_subject",
    "parse_madial_dialogue",
    "parse_sets",
    "ratio",
    "recall_at_k",
    "retrieval_metrics",
    "run_all",
    "score_facts",
    "spc_facts",
    "spc_messages",
    "split_terms",
    "stem",
    "write_json",
]
