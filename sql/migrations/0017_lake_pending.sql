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
CREATE TRIGGER IF NOT EXISTS messages_lake_ai AFTER INSERT ON messages BEGIN
    INSERT INTO lake_pending_owners(owner, changes) VALUES (new.owner, 1)
    ON CONFLICT(owner) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS messages_lake_au AFTER UPDATE ON messages BEGIN
    INSERT INTO lake_pending_owners(owner, changes) VALUES (old.owner, 1)
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
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (old.id, 1)
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
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (old.memory_id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (new.memory_id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS archive_lake_ad AFTER DELETE ON archive BEGIN
    INSERT INTO lake_pending_memories(memory_id, changes) VALUES (old.memory_id, 1)
    ON CONFLICT(memory_id) DO UPDATE SET changes = changes + 1;
END;
