-- 0014: API keys of `kore api`. A key is stored only as its SHA-256 (keys are 256 random
-- bits, so an unsalted hash is safe); `prefix` is its first characters, shown by
-- `kore keys list` to tell keys apart. A key acts on the owners listed in api_key_owners,
-- or on every owner when `admin` is 1; a revoked key is kept (with its time) for audit.
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
-- The FTS index is declared with content="memories" (double quotes), the form sqlite-utils
-- and datasette recognise as an FTS index of `memories`; it is dropped here, created by
-- schema.sql and rebuilt from `memories` (store.ensure_schema does the rebuild).
DROP TRIGGER IF EXISTS memories_ai;
DROP TRIGGER IF EXISTS memories_ad;
DROP TRIGGER IF EXISTS memories_au;
DROP TABLE IF EXISTS memories_fts;
