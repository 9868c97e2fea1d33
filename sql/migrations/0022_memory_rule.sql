-- 0022: a memory names the extraction rule that found it (`rule`: 'en.profile.employer'), so
-- `kore search --explain`, the APIs' explain and the /ui memory page can say "found by ...",
-- and the lake can count memories by rule. Set when extraction inserts a fact; NULL for
-- episodes, agents' saves, summaries, and every memory stored before this migration (which
-- rule found those was never recorded). The view gains the column (schema.sql recreates it).
ALTER TABLE memories ADD COLUMN rule TEXT;
DROP VIEW IF EXISTS memories_scored;
