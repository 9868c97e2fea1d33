-- 0010: decay scores move out of the wide memories rows into the narrow memory_decay table.
-- A daily decay pass rewrites nearly every score; in `memories` (~500 bytes a row with its
-- text) that rewrote every page of the table (1M memories: 5.3 s of a 13.6 s pass). The search
-- filter's index becomes partial (active rows only) and the redundant (owner, status) index
-- goes, so forgetting a memory updates one index entry instead of four.
CREATE TABLE IF NOT EXISTS memory_decay (
    memory_id   INTEGER PRIMARY KEY,
    decay_score REAL NOT NULL
);
INSERT OR REPLACE INTO memory_decay(memory_id, decay_score)
    SELECT id, decay_score FROM memories WHERE decay_score != 1.0;
DROP INDEX IF EXISTS memories_owner_status;
DROP INDEX IF EXISTS memories_owner_status_expires;
ALTER TABLE memories DROP COLUMN decay_score;
CREATE INDEX IF NOT EXISTS memories_active_owner ON memories(owner, expires_at)
    WHERE status = 'active';
