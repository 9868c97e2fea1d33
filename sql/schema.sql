-- kore-pipeline serving store (SQLite). Safe to re-run: every statement is IF NOT EXISTS.
-- Schema version lives in meta('schema_version'); migrations are recorded in `migrations`.

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,   -- 'schema_version', 'embedding_signature', ...
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS migrations (
    name       TEXT PRIMARY KEY,  -- file name under sql/migrations (or 'schema' for the base)
    applied_at TEXT NOT NULL
);

-- Every message accepted by ingest; the provenance that memories point to.
CREATE TABLE IF NOT EXISTS messages (
    message_id      TEXT NOT NULL,         -- as given (unique within owner + conversation) or a hash
    owner           TEXT NOT NULL,
    conversation_id TEXT NOT NULL,
    session_id      TEXT NOT NULL,
    ts              TEXT NOT NULL,     -- ISO 8601, UTC
    role            TEXT NOT NULL,     -- user | assistant | system
    speaker         TEXT,
    text            TEXT NOT NULL,
    importance      INTEGER,           -- explicit importance given in the input, if any
    source_file     TEXT NOT NULL,
    source_line     INTEGER NOT NULL,
    run_id          TEXT NOT NULL,        -- the run that ingested it
    extracted       INTEGER NOT NULL DEFAULT 0, -- 1 once its memories are upserted (crash-safe)
    language        TEXT,                 -- ISO 639-1, detected offline at ingest (0009)
    PRIMARY KEY (owner, conversation_id, message_id)
);
CREATE INDEX IF NOT EXISTS messages_owner_ts ON messages(owner, ts);
CREATE INDEX IF NOT EXISTS messages_pending ON messages(extracted) WHERE extracted = 0;
-- A memory's source messages by id (when it was last said; migration 0020).
CREATE INDEX IF NOT EXISTS messages_owner_id ON messages(owner, message_id, ts);

-- One row per memory, active or archived. `id` is also the FAISS id.
CREATE TABLE IF NOT EXISTS memories (
    id                 INTEGER PRIMARY KEY,
    owner              TEXT NOT NULL,
    subject            TEXT NOT NULL,      -- who the memory is about (the speaker)
    key                TEXT NOT NULL,      -- 'preference:caffè_ristretto', 'episode:<message_id>'
    type               TEXT NOT NULL,      -- factual | episodic | summary
    category           TEXT NOT NULL,      -- preference | decision | habit | profile | episode | summary
    content            TEXT NOT NULL,
    content_hash       TEXT NOT NULL,
    language           TEXT,
    importance         INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 5),
    importance_explicit INTEGER NOT NULL DEFAULT 0,
    source_message_ids TEXT NOT NULL,      -- JSON array of message ids
    session_id         TEXT,
    created_at         TEXT NOT NULL,      -- time of the first source message
    updated_at         TEXT NOT NULL,
    last_accessed_at   TEXT,
    access_count       INTEGER NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'active' CHECK (status IN  -- store/lifecycle.py
                           ('active', 'forgotten', 'merged', 'compacted', 'superseded', 'deleted')),
    merged_into        INTEGER,
    expires_at         TEXT,
    embedded_hash      TEXT,               -- content_hash that the index currently holds
    valid_from         TEXT,               -- when it became true: when it was said (0012)
    valid_until        TEXT,               -- when a later statement superseded it (0012)
    slot               TEXT,               -- what it states: 'residence', 'name:wife' (0012)
    -- (a value 'not coffee' ends 'coffee': issue h18u, slots refilled by 0021)
    slot_value         TEXT,               -- the value it gives the slot: 'berlin' (0012)
    rule               TEXT,               -- the rule that found it: 'en.profile.employer' (0022)
    UNIQUE (owner, subject, key)
);
-- A slot's versions (extraction looks up the current holder of a slot; `kore history`).
CREATE INDEX IF NOT EXISTS memories_slot ON memories(owner, subject, slot)
    WHERE slot IS NOT NULL;
-- Covers the search filter (owner, active, not expired): the ids come from the index alone.
-- Partial (active rows only, migration 0010), so archiving a memory removes one entry.
CREATE INDEX IF NOT EXISTS memories_active_owner ON memories(owner, expires_at)
    WHERE status = 'active';
-- A session's memories in time order: search finds a hit's neighbouring turns (0016).
CREATE INDEX IF NOT EXISTS memories_session_time ON memories(owner, session_id, created_at);
-- Memories the vector index does not hold as they read now (saved or changed since the
-- last index stage): search embeds them itself (serve/pending). Partial: usually empty.
CREATE INDEX IF NOT EXISTS memories_unembedded ON memories(owner, id)
    WHERE embedded_hash IS NOT content_hash;

-- Ebbinghaus score of each memory at the last decay pass (or merge), migration 0010. Narrow on
-- purpose: a daily pass rewrites every score, and ~20 bytes a row is ~25x fewer pages than
-- the memories rows. No row means 1.0 (never scored). Serving recomputes decay at its `now`.
CREATE TABLE IF NOT EXISTS memory_decay (
    memory_id   INTEGER PRIMARY KEY,  -- memories.id
    decay_score REAL NOT NULL         -- in [0, 1]
);
CREATE TRIGGER IF NOT EXISTS memories_decay_ad AFTER DELETE ON memories BEGIN
    DELETE FROM memory_decay WHERE memory_id = old.id;
END;
-- Incremental compression (migration 0013): memories not yet compared, with their current
-- text, owner, subject, type and status, with the other active memories of their group (new,
-- changed, merged into, restored). Compression compares only these, then removes them.
CREATE TABLE IF NOT EXISTS compress_pending (
    memory_id INTEGER PRIMARY KEY  -- memories.id
);
CREATE TRIGGER IF NOT EXISTS memories_pending_ai AFTER INSERT ON memories BEGIN
    INSERT OR IGNORE INTO compress_pending(memory_id) VALUES (new.id);
END;
CREATE TRIGGER IF NOT EXISTS memories_pending_au
AFTER UPDATE OF content, owner, subject, type, category, status ON memories
WHEN new.status = 'active' BEGIN
    INSERT OR IGNORE INTO compress_pending(memory_id) VALUES (new.id);
END;
CREATE TRIGGER IF NOT EXISTS memories_pending_ad AFTER DELETE ON memories BEGIN
    DELETE FROM compress_pending WHERE memory_id = old.id;
END;
-- Memories with their stored score, the columns in their historical order (lake, export).
CREATE VIEW IF NOT EXISTS memories_scored AS
SELECT m.id, m.owner, m.subject, m.key, m.type, m.category, m.content, m.content_hash,
       m.language, m.importance, m.importance_explicit, m.source_message_ids, m.session_id,
       m.created_at, m.updated_at, m.last_accessed_at, m.access_count,
       coalesce(d.decay_score, 1.0) AS decay_score, m.status, m.merged_into, m.expires_at,
       m.embedded_hash, coalesce(m.valid_from, m.created_at) AS valid_from, m.valid_until,
       CASE WHEN m.status = 'superseded' THEN m.merged_into END AS superseded_by,
       m.slot, m.slot_value, m.rule
FROM memories AS m LEFT JOIN memory_decay AS d ON d.memory_id = m.id;

-- FTS5 over memories, kept in step by triggers (external content: no copy of the text).
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
    content,            -- the memory text
    subject,            -- the person it is about, so "What did Anna decide" matches by name
    owner,              -- the namespace: a search narrows to one owner inside the index
    content="memories",  -- double quotes: sqlite-utils and datasette detect it
    content_rowid='id',
    -- words stemmed (porter, migration 0016): "painting" finds "paint"; diacritics
    -- folded: "caffe" finds "caffè"
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, content, subject, owner)
    VALUES (new.id, new.content, new.subject, new.owner);
END;
CREATE TRIGGER IF NOT EXISTS memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, content, subject, owner)
    VALUES ('delete', old.id, old.content, old.subject, old.owner);
END;
CREATE TRIGGER IF NOT EXISTS memories_au AFTER UPDATE OF content, subject, owner ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, content, subject, owner)
    VALUES ('delete', old.id, old.content, old.subject, old.owner);
    INSERT INTO memories_fts(rowid, content, subject, owner)
    VALUES (new.id, new.content, new.subject, new.owner);
END;

-- Archive events: a memory leaves the active set, keeping the text it had then.
CREATE TABLE IF NOT EXISTS archive (
    memory_id    INTEGER PRIMARY KEY REFERENCES memories(id),
    archived_at  TEXT NOT NULL,
    reason       TEXT NOT NULL,       -- forgotten | merged | compacted | superseded | deleted
    merged_into  INTEGER,             -- the memory that absorbed or replaced it
    content      TEXT NOT NULL,       -- text at archive time (never overwritten)
    decay_score  REAL,
    run_id       TEXT
);

-- Every search hit: the decay stage turns unapplied rows into reinforcement.
CREATE TABLE IF NOT EXISTS access_log (
    id          INTEGER PRIMARY KEY,
    memory_id   INTEGER NOT NULL,
    owner       TEXT NOT NULL,
    accessed_at TEXT NOT NULL,
    query       TEXT,
    applied     INTEGER NOT NULL DEFAULT 0   -- 1 once the decay stage counted it
);
CREATE INDEX IF NOT EXISTS access_log_pending ON access_log(applied, memory_id);

-- Records that failed validation, with where they came from and why.
CREATE TABLE IF NOT EXISTS quarantine (
    id          INTEGER PRIMARY KEY,
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    raw         TEXT,
    run_id      TEXT NOT NULL,
    owner       TEXT,                 -- the owner the record names, if known (0006)
    UNIQUE (source_file, source_line, raw)
);

-- Input files already ingested (by content hash), so re-runs skip them.
CREATE TABLE IF NOT EXISTS ingested_files (
    sha256      TEXT PRIMARY KEY,
    path        TEXT NOT NULL,
    messages    INTEGER NOT NULL,
    quarantined INTEGER NOT NULL,
    run_id      TEXT NOT NULL
);

-- Per-file read checkpoints (migration 0005): appended lines are read once, rewrites noticed.
CREATE TABLE IF NOT EXISTS source_checkpoints (
    path          TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,      -- lines (read incrementally) | whole (read as one document)
    size          INTEGER NOT NULL,   -- file size when last read
    mtime_ns      INTEGER NOT NULL,   -- modification time when last read (cheap change probe)
    position      INTEGER NOT NULL,   -- bytes consumed: complete lines only
    line          INTEGER NOT NULL,   -- lines consumed (the next record's line is line + 1)
    prefix_sha256 TEXT NOT NULL,      -- SHA-256 of the bytes [0, position)
    run_id        TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

-- One row per pipeline/decay/compress run, with an explicit state.
CREATE TABLE IF NOT EXISTS runs (
    run_id      TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,        -- pipeline | decay | compress
    state       TEXT NOT NULL,        -- started | completed | failed
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    now         TEXT NOT NULL,        -- the clock the run used
    stats       TEXT                  -- JSON summary
);

-- Each stage of each run: when it started, how long it took, what it counted (migration 0007).
CREATE TABLE IF NOT EXISTS run_stages (
    run_id      TEXT NOT NULL,        -- runs.run_id
    seq         INTEGER NOT NULL,     -- 1, 2, ... in the order the stages started
    stage       TEXT NOT NULL,        -- ingest | embed | extract | index | decay | compress | publish
    state       TEXT NOT NULL,        -- started | completed | failed
    started_at  TEXT NOT NULL,        -- wall clock (UTC), not the run's `now`
    duration_s  REAL,                 -- seconds, NULL while running
    counts      TEXT,                 -- JSON object of the stage's numeric counts
    PRIMARY KEY (run_id, seq)
);

-- API keys of `kore api` (hashed) and the owners each may act on (migration 0014).
CREATE TABLE IF NOT EXISTS api_keys (
    id          INTEGER PRIMARY KEY,
    key_hash    TEXT NOT NULL UNIQUE,
    prefix      TEXT NOT NULL,
    label       TEXT,
    admin       INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    revoked_at  TEXT
);
CREATE TABLE IF NOT EXISTS api_key_owners (
    key_id  INTEGER NOT NULL REFERENCES api_keys(id),
    owner   TEXT NOT NULL,
    PRIMARY KEY (key_id, owner)
);

-- What the serving API did to a memory (saved, updated, deleted, restored), for its history
-- page; merges, supersessions and forgetting are read from `archive` and `memories`.
CREATE TABLE IF NOT EXISTS memory_events (
    id         INTEGER PRIMARY KEY,
    memory_id  INTEGER NOT NULL,
    owner      TEXT NOT NULL,
    at         TEXT NOT NULL,
    action     TEXT NOT NULL,   -- saved | updated | deleted | restored
    detail     TEXT             -- JSON object: what changed
);
CREATE INDEX IF NOT EXISTS memory_events_memory ON memory_events(memory_id, at);

-- Forgets not yet finished (migration 0015): vectors, cache entries and lake rows still to
-- remove after the store rows went; `kore forget` run again finishes them.
CREATE TABLE IF NOT EXISTS forget_pending (
    owner       TEXT NOT NULL,        -- exact owner being forgotten
    subject     TEXT NOT NULL DEFAULT '',  -- '' = the whole owner
    started_at  TEXT NOT NULL,
    memory_ids  TEXT NOT NULL,        -- JSON array: ids whose vectors and lake rows must go
    cache_keys  TEXT NOT NULL,        -- JSON array: embedding-cache keys to drop (no text kept)
    PRIMARY KEY (owner, subject)
);

-- Incremental publish (migration 0017): what changed since the lake last took it (see the
-- migration for the why); publish clears the rows it read, counter by counter.
CREATE TABLE IF NOT EXISTS lake_pending_owners (
    owner   TEXT PRIMARY KEY,     -- messages.owner
    changes INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS lake_pending_memories (
    memory_id INTEGER PRIMARY KEY,  -- memories.id (its row, its archive entry)
    changes   INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS messages_lake_ai AFTER INSERT ON messages BEGIN
    INSERT INTO lake_pending_owners(owner, changes) VALUES (new.owner, 1)
    ON CONFLICT(owner) DO UPDATE SET changes = changes + 1;
END;
-- An update records the row's key once; its old key too only if the update changed it
-- (every message marked extracted, every memory embedded fires these: one write, not two).
CREATE TRIGGER IF NOT EXISTS messages_lake_au AFTER UPDATE ON messages BEGIN
    INSERT INTO lake_pending_owners(owner, changes) SELECT old.owner, 1
    WHERE old.owner IS NOT new.owner
    ON CONFLICT(owner) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_owners(owner, changes) VALUES (new.owner, 1)
    ON CONFLICT(owner) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS messages_lake_ad AFTER DELETE ON messages BEGIN
    INSERT INTO lake_pending_owners(owner, changes) VALUES (old.owner, 1)
    ON CONFLICT(owner) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS memories_lake_ai AFTER INSERT ON memories BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (new.id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS memories_lake_au AFTER UPDATE ON memories BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) SELECT old.id, 1
    WHERE old.id IS NOT new.id
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (new.id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS memories_lake_ad AFTER DELETE ON memories BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (old.id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS archive_lake_ai AFTER INSERT ON archive BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (new.memory_id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS archive_lake_au AFTER UPDATE ON archive BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) SELECT old.memory_id, 1
    WHERE old.memory_id IS NOT new.memory_id
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (new.memory_id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS archive_lake_ad AFTER DELETE ON archive BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (old.memory_id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;

-- The log-like tables, published by parts (migration 0018): rows to write again (an
-- update or delete of an access_log / quarantine row; any change to a run or its stages, by
-- run_id). New access_log and quarantine rows need none: publish takes the ids above the
-- lake's. Publish clears the rows it read, counter by counter.
CREATE TABLE IF NOT EXISTS lake_pending_rows (
    dataset TEXT NOT NULL,   -- access_log | quarantine | runs | run_stages
    row_key NOT NULL,        -- access_log.id, quarantine.id (integers), runs.run_id (text)
    changes INTEGER NOT NULL,
    PRIMARY KEY (dataset, row_key)
);
CREATE TRIGGER IF NOT EXISTS access_log_lake_au AFTER UPDATE ON access_log BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) SELECT 'access_log', old.id, 1
    WHERE old.id IS NOT new.id
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('access_log', new.id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS access_log_lake_ad AFTER DELETE ON access_log BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('access_log', old.id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS quarantine_lake_au AFTER UPDATE ON quarantine BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) SELECT 'quarantine', old.id, 1
    WHERE old.id IS NOT new.id
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('quarantine', new.id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS quarantine_lake_ad AFTER DELETE ON quarantine BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('quarantine', old.id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS runs_lake_ai AFTER INSERT ON runs BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('runs', new.run_id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS runs_lake_au AFTER UPDATE ON runs BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) SELECT 'runs', old.run_id, 1
    WHERE old.run_id IS NOT new.run_id
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('runs', new.run_id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS runs_lake_ad AFTER DELETE ON runs BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('runs', old.run_id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS run_stages_lake_ai AFTER INSERT ON run_stages BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('run_stages', new.run_id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS run_stages_lake_au AFTER UPDATE ON run_stages BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) SELECT 'run_stages', old.run_id, 1
    WHERE old.run_id IS NOT new.run_id
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('run_stages', new.run_id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS run_stages_lake_ad AFTER DELETE ON run_stages BEGIN
    INSERT INTO lake_pending_rows(dataset, row_key, changes) VALUES ('run_stages', old.run_id, 1)
    ON CONFLICT(dataset, row_key) DO UPDATE SET changes = changes + 1;
END;
