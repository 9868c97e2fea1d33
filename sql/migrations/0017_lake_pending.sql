-- 0017: incremental publish. Rows name what changed in the store since the lake last took it:
-- the owners whose messages changed, the memories whose row or archive entry changed. Each
-- row counts its changes, so publish clears only what it read (a change made meanwhile stays).
-- Existing stores need no rows: their lake (schema 3) holds no store token, so the next
-- publish rewrites it whole.
CREATE TABLE IF NOT EXISTS lake_pending_owners (
    owner   TEXT PRIMARY KEY,     -- messages.owner
    changes INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS lake_pending_memories (
    memory_id INTEGER PRIMARY KEY,  -- memories.id (its row, its archive entry)
    changes   INTEGER NOT NULL
);
-- The triggers that fill them are in schema.sql (run after the migrations on every open): a
-- store old enough may not have every table they watch until then.
