-- 0007: per-stage timings and counts of each run (start, duration, counts), recorded as the
-- run goes, published to the lake as `run_stages` and shown by `kore report`.
CREATE TABLE IF NOT EXISTS run_stages (
    run_id      TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    stage       TEXT NOT NULL,
    state       TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    duration_s  REAL,
    counts      TEXT,
    PRIMARY KEY (run_id, seq)
);
