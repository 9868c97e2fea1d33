-- 0012: time is a dimension. Every memory says when it became true (`valid_from`, when it was
-- said) and when it stopped (`valid_until`, when a later statement superseded it), apart from
-- when it was ingested; `slot`/`slot_value` name what it states ("residence" = "berlin") so a
-- later value of the same slot supersedes it. Existing stores: valid_from = created_at (the
-- time of the first source message); a superseded memory ends when its successor began
-- (else when it was archived). The slots of existing memories are filled by the code right
-- after this migration (store/db.py -> lifecycle/validity.backfill_slots).
ALTER TABLE memories ADD COLUMN valid_from TEXT;
ALTER TABLE memories ADD COLUMN valid_until TEXT;
ALTER TABLE memories ADD COLUMN slot TEXT;
ALTER TABLE memories ADD COLUMN slot_value TEXT;
UPDATE memories SET valid_from = created_at;
UPDATE memories SET valid_until = coalesce(
        (SELECT n.valid_from FROM memories AS n WHERE n.id = memories.merged_into),
        updated_at)  -- set when it was archived
    WHERE status = 'superseded';
DROP VIEW IF EXISTS memories_scored;  -- recreated by schema.sql with the new columns
CREATE INDEX IF NOT EXISTS memories_slot ON memories(owner, subject, slot)
    WHERE slot IS NOT NULL;
