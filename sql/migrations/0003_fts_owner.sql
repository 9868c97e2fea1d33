-- 0003: the FTS index also holds the owner, so a keyword search narrows to one owner inside
-- the index instead of ranking every owner's matches. The index is dropped here and created
-- by schema.sql, then rebuilt from `memories` (store.ensure_schema does the rebuild).
DROP TRIGGER IF EXISTS memories_ai;
DROP TRIGGER IF EXISTS memories_ad;
DROP TRIGGER IF EXISTS memories_au;
DROP TABLE IF EXISTS memories_fts;
