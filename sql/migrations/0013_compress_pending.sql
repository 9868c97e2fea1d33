-- 0013: incremental compression. A row names a memory not yet compared, with its current
-- text, owner, subject, type and status, with the other active memories of its group: new,
-- changed, merged into, restored or moved. Triggers add it; a compression pass compares only
-- those with their groups (read through the (owner, subject, key) index) and removes them.
-- Existing stores need no rows: the first pass finds no recorded setup and compares all.
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
