-- 0006: a quarantined record remembers the owner it names (when it names one), so
-- `kore forget --owner O` can remove the owner's rejected records too. (The table is created
-- in its pre-0006 form first if a very old store lacks it, so the ALTER always applies.)
CREATE TABLE IF NOT EXISTS quarantine (
    id          INTEGER PRIMARY KEY,
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    raw         TEXT,
    run_id      TEXT NOT NULL,
    UNIQUE (source_file, source_line, raw)
);
ALTER TABLE quarantine ADD COLUMN owner TEXT;
