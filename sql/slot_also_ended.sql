-- Active or forgotten memories of one person and type in the slots a statement also ends
-- ("I'm single" ends "my boyfriend is Luke"; "I switched from tennis to padel" ends "I play
-- tennis"): ?1 owner, ?2 subject, ?3 slot (a LIKE pattern), ?4 its value or NULL (any),
-- ?5 type, ?6 the statement's own memory id.
SELECT id, valid_from, created_at, source_message_ids, content, slot_value
FROM memories
WHERE owner = ?1 AND subject = ?2 AND slot LIKE ?3 AND (?4 IS NULL OR slot_value = ?4)
  AND type = ?5 AND status IN ('active', 'forgotten') AND id != ?6;
