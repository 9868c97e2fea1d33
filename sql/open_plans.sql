-- The plans a fact carries out (parameters: owner, subject, the plan's slot "plan:<slot>",
-- the fact's value, the fact's id): active or forgotten facts of that person whose plan slot
-- holds the very value ("I'm going to move to Porto" when "we moved to Porto" is said).
-- Served by the index on (owner, subject, slot).
SELECT id, valid_from, created_at, source_message_ids
FROM memories
WHERE owner = ?1 AND subject = ?2 AND slot = ?3 AND slot_value = ?4 AND type = 'factual'
  AND status IN ('active', 'forgotten') AND id != ?5;
