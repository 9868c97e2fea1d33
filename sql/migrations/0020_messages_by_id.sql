-- 0020: messages looked up by id within their owner. When a memory was last said is the
-- newest of its source messages (the extract stage's contradiction and slot checks ask it of
-- every rival it meets); a memory's provenance names message ids, not conversations, so
-- without this index each look-up read every message of the owner (a home of one owner:
-- quadratic in its messages). `ts` is in it, so the look-up reads the index alone.
CREATE INDEX IF NOT EXISTS messages_owner_id ON messages(owner, message_id, ts);
