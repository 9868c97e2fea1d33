-- 0016: keyword search stems words (FTS5 `porter` over `unicode61`), so "painting" finds
-- "paint", "kids" finds "kid" and "volunteered" finds "volunteering"; and an index on each
-- session's memories in time order, which search reads to find a hit's neighbouring turns;
-- and every memory is embedded again, since the embedded text is now the content alone (the
-- subject's name is left out: search prefers a named subject's memories instead).
-- The FTS index is dropped here, created by schema.sql with the new tokenizer and rebuilt
-- from `memories` (store.ensure_schema does the rebuild).
DROP TRIGGER IF EXISTS memories_ai;
DROP TRIGGER IF EXISTS memories_ad;
DROP TRIGGER IF EXISTS memories_au;
DROP TABLE IF EXISTS memories_fts;
CREATE INDEX IF NOT EXISTS memories_session_time ON memories(owner, session_id, created_at);
UPDATE memories SET embedded_hash = NULL;
