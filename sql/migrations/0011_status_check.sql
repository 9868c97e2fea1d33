-- 0011: memories.status may only hold a lifecycle status (kore_pipeline/store/lifecycle.py).
-- SQLite adds a CHECK only by rebuilding the table: copy the rows into a new table, drop the
-- old one, rename. The view, triggers and index on `memories` go with the old table and are
-- recreated by sql/schema.sql right after the migrations; the FTS index (external content,
-- same rowids) is rebuilt then too. The rows' ids, and so the FAISS ids, do not change.
DROP VIEW IF EXISTS memories_scored;
DROP TRIGGER IF EXISTS memories_ai;
DROP TRIGGER IF EXISTS memories_ad;
DROP TRIGGER IF EXISTS memories_au;
DROP TRIGGER IF EXISTS memories_decay_ad;
CREATE TABLE memories_0011 (
    id                 INTEGER PRIMARY KEY,
    owner              TEXT NOT NULL,
    subject            TEXT NOT NULL,
    key                TEXT NOT NULL,
    type               TEXT NOT NULL,
    category           TEXT NOT NULL,
    content            TEXT NOT NULL,
    content_hash       TEXT NOT NULL,
    language           TEXT,
    importance         INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 5),
    importance_explicit INTEGER NOT NULL DEFAULT 0,
    source_message_ids TEXT NOT NULL,
    session_id         TEXT,
    created_at         TEXT NOT NULL,
    updated_at         TEXT NOT NULL,
    last_accessed_at   TEXT,
    access_count       INTEGER NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'active' CHECK (status IN
                           ('active', 'forgotten', 'merged', 'compacted', 'superseded', 'deleted')),
    merged_into        INTEGER,
    expires_at         TEXT,
    embedded_hash      TEXT,
    UNIQUE (owner, subject, key)
);
INSERT INTO memories_0011(id, owner, subject, key, type, category, content, content_hash,
    language, importance, importance_explicit, source_message_ids, session_id, created_at,
    updated_at, last_accessed_at, access_count, status, merged_into, expires_at, embedded_hash)
SELECT id, owner, subject, key, type, category, content, content_hash,
    language, importance, importance_explicit, source_message_ids, session_id, created_at,
    updated_at, last_accessed_at, access_count, status, merged_into, expires_at, embedded_hash
FROM memories;
DROP TABLE memories;
ALTER TABLE memories_0011 RENAME TO memories;
