-- 0005: one checkpoint per input file, so each run reads only what was appended since the
-- last one and a rewritten file is noticed. No message text is kept here: only the path, the
-- size and mtime seen, how far the file was read (bytes and lines) and the hash of that prefix.
CREATE TABLE IF NOT EXISTS source_checkpoints (
    path          TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,      -- lines (read incrementally) | whole (read as one document)
    size          INTEGER NOT NULL,   -- file size when last read
    mtime_ns      INTEGER NOT NULL,   -- modification time when last read (cheap change probe)
    position      INTEGER NOT NULL,   -- bytes consumed: complete lines only
    line          INTEGER NOT NULL,   -- lines consumed (the next record's line is line + 1)
    prefix_sha256 TEXT NOT NULL,      -- SHA-256 of the bytes [0, position)
    run_id        TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
