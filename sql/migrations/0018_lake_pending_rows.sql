-- 0018: the lake's log-like tables (access_log, quarantine, runs, run_stages) published by
-- parts. New access_log and quarantine rows are found by id (above the id the lake holds rows
-- up to); this table names the rows a publish must write again: an access_log or quarantine
-- row updated or deleted (decay marking an access applied, `kore forget`), a run or a run's
-- stages inserted, updated or deleted (by run_id). Each row counts its changes, so publish
-- clears only what it read. Existing stores need no rows: their lake (schema 4) is rewritten
-- whole by the next publish.
CREATE TABLE IF NOT EXISTS lake_pending_rows (
    dataset TEXT NOT NULL,   -- access_log | quarantine | runs | run_stages
    row_key NOT NULL,        -- access_log.id, quarantine.id (integers), runs.run_id (text)
    changes INTEGER NOT NULL,
    PRIMARY KEY (dataset, row_key)
);
-- The triggers that fill it are in schema.sql (run after the migrations on every open).
