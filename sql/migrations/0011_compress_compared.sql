-- 0011: incremental compression. A row says "this memory, with its current text, owner,
-- subject, type and status, has been compared with every active memory of its group": a
-- day's compression then compares only the memories without a row (new or changed) with
-- their groups, not every pair again. Triggers drop the row whenever one of those columns
-- changes (a merge, an upsert, forgetting, a restore) or the memory is deleted.
CREATE TABLE IF NOT EXISTS compress_compared (
    memory_id INTEGER PRIMARY KEY  -- memories.id
);
CREATE TRIGGER IF NOT EXISTS memories_compared_au
AFTER UPDATE OF content, owner, subject, type, category, status ON memories BEGIN
    DELETE FROM compress_compared WHERE memory_id = old.id;
END;
CREATE TRIGGER IF NOT EXISTS memories_compared_ad AFTER DELETE ON memories BEGIN
    DELETE FROM compress_compared WHERE memory_id = old.id;
END;
