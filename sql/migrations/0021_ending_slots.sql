-- 0021: slots learnt new kinds (issue h18u: habits such as "I drink coffee", age said as
-- "I'm 34" or "I just turned 30", relationship status, "owns:laptop", hobby, places and
-- employers said in passing, an omnivore's diet), so memories stored before have no slot
-- where they now would: "I drink coffee every morning" could never be ended by "I stopped
-- drinking coffee". Slots are read from the text by code, not by SQL: store.ensure_schema
-- fills every memory without a slot again after this migration (validity.backfill_slots).
SELECT 1;
