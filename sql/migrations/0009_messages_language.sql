-- 0009: every message records its language (ISO 639-1), detected offline at ingest
-- (kore_pipeline.language). Messages of older stores keep NULL: extraction detects it then.
ALTER TABLE messages ADD COLUMN language TEXT;
