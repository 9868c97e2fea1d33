-- Active or forgotten memories of one person and type whose slot (a LIKE pattern) holds a
-- value naming a thing word for word ("renault clio" names "clio"), not an ending: what a
-- statement giving the thing up or replacing it ends ("Cambié el Clio por un Hyundai").
-- ?1 owner, ?2 subject, ?3 slot pattern, ?4 the thing, ?5 type, ?6 the statement's own id.
SELECT id, valid_from, created_at, source_message_ids, content, slot_value
FROM memories
WHERE owner = ?1 AND subject = ?2 AND slot LIKE ?3 AND type = ?5
  AND status IN ('active', 'forgotten') AND id != ?6
  AND slot_value != 'not' AND slot_value NOT LIKE 'not %'
  AND (slot_value = ?4 OR slot_value LIKE ?4 || ' %' OR slot_value LIKE '% ' || ?4
       OR slot_value LIKE '% ' || ?4 || ' %');
