-- 0002: messages remember whether their memories were extracted, so a run that fails between
-- ingest and extraction loses nothing. Messages of older stores were extracted already.
ALTER TABLE messages ADD COLUMN extracted INTEGER NOT NULL DEFAULT 1;
