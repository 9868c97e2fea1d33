-- 0019: slots learnt new kinds (`fan`, `learning`, and facts read with the "I" a chat
-- sentence drops: "Moved to Berlin"), so memories stored before have no slot where they now
-- would: "I support Chelsea" could never be superseded by "I support Brighton now". Slots are
-- read from the text by code, not by SQL: store.ensure_schema fills every memory without a
-- slot again after this migration (validity.backfill_slots), as after 0012.
SELECT 1;
