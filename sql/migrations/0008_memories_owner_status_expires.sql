-- 0008: a covering index for the set of memories a search may return (one owner, active, not
-- expired). The vector stream reads that set's ids for every query; with only
-- memories_owner_status SQLite looked up every row (about 20,000 random reads for one owner
-- of a million memories: hundreds of ms); this index answers from the index alone.
CREATE INDEX IF NOT EXISTS memories_owner_status_expires ON memories(owner, status, expires_at);
