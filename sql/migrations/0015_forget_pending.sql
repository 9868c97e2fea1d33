-- Migration 0015: forget records the work it has yet to do, so a killed forget finishes on rerun.
CREATE TABLE IF NOT EXISTS forget_pending (
    owner       TEXT NOT NULL,        -- exact owner being forgotten
    subject     TEXT NOT NULL DEFAULT '',  -- '' = the whole owner
    started_at  TEXT NOT NULL,
    memory_ids  TEXT NOT NULL,        -- JSON array: ids whose vectors and lake rows must go
    cache_keys  TEXT NOT NULL,        -- JSON array: embedding-cache keys to drop (no text kept)
    PRIMARY KEY (owner, subject)
);
