-- DuckDB views over the Parquet lake (docs/lake.md documents every dataset and column).
-- Filled in by kore_pipeline.lake.views_sql: {lake} the lake folder; the decay settings
-- {forget_threshold}, {access_boost}, {reinforcement_factor}, {half_life_1..5},
-- {durable_half_life} and {durable} (lifecycle/durable.py: the predicate of a current fact of
-- a durable slot over the memories' columns).

-- The datasets --------------------------------------------------------------------------
CREATE OR REPLACE VIEW messages   AS SELECT * FROM read_parquet('{lake}/messages/**/*.parquet', hive_partitioning = false, union_by_name = true);
-- memories and archive: base rows, replaced by the delta's rows of the same key (a `_deleted`
-- delta row hides its key); memories take their score from decay.parquet (docs/lake.md).
CREATE OR REPLACE VIEW memories AS
WITH delta AS (SELECT * FROM read_parquet('{lake}/memories/delta.parquet'))
SELECT r.* REPLACE (coalesce(d.decay_score, 1.0) AS decay_score) FROM (
    SELECT * FROM read_parquet('{lake}/memories/base.parquet')
    WHERE id NOT IN (SELECT id FROM delta)
    UNION ALL BY NAME
    SELECT * EXCLUDE (_deleted) FROM delta WHERE NOT _deleted) AS r
LEFT JOIN read_parquet('{lake}/memories/decay.parquet') AS d ON d.memory_id = r.id;
CREATE OR REPLACE VIEW archive AS
WITH delta AS (SELECT * FROM read_parquet('{lake}/archive/delta.parquet'))
SELECT * FROM read_parquet('{lake}/archive/base.parquet')
WHERE memory_id NOT IN (SELECT memory_id FROM delta)
UNION ALL BY NAME
SELECT * EXCLUDE (_deleted) FROM delta WHERE NOT _deleted;
-- the log-like tables: every part of the version (a run's `stats` fields united by name).
CREATE OR REPLACE VIEW access_log AS SELECT * FROM read_parquet('{lake}/access_log/*.parquet', union_by_name = true);
CREATE OR REPLACE VIEW quarantine AS SELECT * FROM read_parquet('{lake}/quarantine/*.parquet', union_by_name = true);
CREATE OR REPLACE VIEW runs       AS SELECT * FROM read_parquet('{lake}/runs/*.parquet', union_by_name = true);
CREATE OR REPLACE VIEW run_stages AS SELECT * FROM read_parquet('{lake}/run_stages/*.parquet', union_by_name = true);

-- The clock and the decay formula of decay.py -------------------------------------------
-- kore_now(): `SET VARIABLE kore_now = TIMESTAMPTZ '...'` (kore sql --now), else the clock
-- of the latest completed run, so forecasts are reproducible.
CREATE OR REPLACE MACRO kore_now() AS coalesce(
    CAST(getvariable('kore_now') AS TIMESTAMPTZ),
    (SELECT max(now) FROM runs WHERE state = 'completed'),
    current_timestamp);
-- `durable`: a current fact of a durable slot (residence, employer, a pet's name...), whose
-- half-life is at least {durable_half_life} days (KORE_DURABLE_HALF_LIFE_DAYS).
CREATE OR REPLACE MACRO kore_importance_half_life(importance) AS
    (CASE least(greatest(coalesce(importance, 3), 1), 5)
        WHEN 1 THEN {half_life_1} WHEN 2 THEN {half_life_2} WHEN 3 THEN {half_life_3}
        WHEN 4 THEN {half_life_4} ELSE {half_life_5} END);
CREATE OR REPLACE MACRO kore_half_life(importance, access_count, durable := false) AS
    (CASE WHEN coalesce(durable, false) THEN greatest(kore_importance_half_life(importance),
                                                      {durable_half_life})
          ELSE kore_importance_half_life(importance) END)
    * pow({reinforcement_factor}, coalesce(access_count, 0));
CREATE OR REPLACE MACRO kore_decay(importance, access_count, ref_ts, at_ts, durable := false) AS
    least(exp(-greatest((epoch(at_ts) - epoch(ref_ts)) / 86400.0, 0.0) * ln(2)
              / kore_half_life(importance, access_count, durable))
          + {access_boost} * coalesce(access_count, 0), 1.0);

-- Active memories (not expired at kore_now()), with their decay score at kore_now(); `durable`
-- marks the current facts of durable slots (they decay with the longer half-life).
CREATE OR REPLACE VIEW current_memories AS
WITH active AS (
    SELECT *, coalesce({durable}, false) AS durable FROM memories
    WHERE status = 'active' AND (expires_at IS NULL OR expires_at > kore_now()))
SELECT id, owner, subject, type, category, key, content, language, importance, access_count,
       session_id, created_at, updated_at, last_accessed_at, expires_at,
       decay_score AS stored_decay_score,
       kore_decay(importance, access_count, coalesce(last_accessed_at, created_at), kore_now(),
                  durable) AS decay_now,
       slot, durable
FROM active;

-- Active memories per owner and category, with their mean importance and stored decay.
CREATE OR REPLACE VIEW memory_summary AS
SELECT owner, category, count(*) AS memories,
       round(avg(importance), 2) AS avg_importance,
       round(avg(decay_score), 3) AS avg_decay
FROM memories WHERE status = 'active'
GROUP BY owner, category ORDER BY owner, category;

-- Current facts (type factual) per owner, category and subject.
CREATE OR REPLACE VIEW facts_by_category_subject AS
SELECT owner, category, subject, count(*) AS facts,
       round(avg(importance), 2) AS avg_importance, max(updated_at) AS last_updated
FROM current_memories WHERE type = 'factual'
GROUP BY owner, category, subject ORDER BY owner, category, facts DESC, subject;

-- Current memories per owner and importance, with the share of the owner's memories.
CREATE OR REPLACE VIEW importance_distribution AS
SELECT owner, importance, count(*) AS memories,
       round(count(*) / sum(count(*)) OVER (PARTITION BY owner), 4) AS share
FROM current_memories GROUP BY owner, importance ORDER BY owner, importance;

-- How many current memories, still above the threshold now, fall below it within 7/30/90
-- days (no further access assumed); `already_below`: below now, archived by the next decay.
-- Durable facts are forecast with their own half-life (`durable_active`: how many of them).
CREATE OR REPLACE VIEW decay_forecast AS
WITH scored AS (
    SELECT owner, importance, access_count, coalesce(last_accessed_at, created_at) AS ref,
           decay_now, durable FROM current_memories)
SELECT s.owner, h.horizon_days, kore_now() + to_days(h.horizon_days) AS at,
       count(*) AS active,
       count(*) FILTER (WHERE s.decay_now < {forget_threshold}) AS already_below,
       count(*) FILTER (WHERE s.decay_now >= {forget_threshold}
           AND kore_decay(s.importance, s.access_count, s.ref,
                          kore_now() + to_days(h.horizon_days), s.durable) < {forget_threshold})
           AS falling_below,
       count(*) FILTER (WHERE s.durable) AS durable_active
FROM scored s CROSS JOIN (VALUES (7), (30), (90)) AS h(horizon_days)
GROUP BY s.owner, h.horizon_days ORDER BY s.owner, h.horizon_days;

-- Memories created per day, owner and type (every status: what the pipeline produced).
CREATE OR REPLACE VIEW memories_by_day AS
SELECT CAST(created_at AS DATE) AS day, owner, type, count(*) AS created
FROM memories GROUP BY ALL ORDER BY day, owner, type;

-- Every memory absorbed by another: merged (compression), compacted, superseded.
CREATE OR REPLACE VIEW merge_history AS
SELECT a.archived_at, a.run_id, a.reason, a.owner, a.subject, a.memory_id,
       a.content AS absorbed_content, a.merged_into, t.content AS into_content,
       t.status AS into_status
FROM archive a LEFT JOIN memories t ON t.id = a.merged_into
WHERE a.reason IN ('merged', 'compacted', 'superseded')
ORDER BY a.archived_at, a.memory_id;

-- Each slot's versions (residence, budget, name:wife, ...) of each person, oldest first: the
-- value, when it was true (valid_from .. valid_until, NULL = still), what superseded it, and
-- its place in the slot's history (1 = first said).
CREATE OR REPLACE VIEW memory_history AS
SELECT owner, subject, slot, slot_value AS value, id AS memory_id, type, content, status,
       valid_from, valid_until, superseded_by,
       row_number() OVER (PARTITION BY owner, subject, slot ORDER BY valid_from, id) AS version,
       valid_until IS NULL AND status = 'active' AS is_current
FROM memories
WHERE slot IS NOT NULL AND status IN ('active', 'superseded', 'forgotten')
ORDER BY owner, subject, slot, valid_from, id;

-- Each stage of each run: start, seconds, state, counts (a map: counts['merged']).
CREATE OR REPLACE VIEW run_stage_timings AS
SELECT s.run_id, r.kind, s.seq, s.stage, s.state, s.started_at, s.duration_s, s.counts
FROM run_stages s LEFT JOIN runs r USING (run_id) ORDER BY s.started_at, s.seq;

-- Per run: what compression merged and decay forgot (counts recorded by the stages).
CREATE OR REPLACE VIEW compression_history AS
SELECT r.run_id, r.kind, r.state, r.started_at, r.now,
       coalesce(sum(CAST(s.counts['merged'] AS BIGINT))
                FILTER (WHERE s.stage = 'compress'), 0) AS merged,
       coalesce(sum(CAST(s.counts['candidates'] AS BIGINT))
                FILTER (WHERE s.stage = 'compress'), 0) AS merge_candidates,
       coalesce(sum(CAST(s.counts['superseded'] AS BIGINT))
                FILTER (WHERE s.stage IN ('extract', 'compress')), 0) AS superseded,
       coalesce(sum(CAST(s.counts['kept_apart'] AS BIGINT))
                FILTER (WHERE s.stage = 'compress'), 0) AS kept_apart,
       coalesce(sum(CAST(s.counts['forgotten'] AS BIGINT))
                FILTER (WHERE s.stage = 'decay'), 0) AS forgotten,
       coalesce(sum(CAST(s.counts['scored'] AS BIGINT))
                FILTER (WHERE s.stage = 'decay'), 0) AS scored
FROM runs r LEFT JOIN run_stages s USING (run_id)
GROUP BY r.run_id, r.kind, r.state, r.started_at, r.now
ORDER BY r.started_at, r.now, r.run_id;  -- runs in one wall second: by their clock

-- Quarantined records per reason class: the reason with quoted values shown as '…', up to
-- its first ':' or '('.
CREATE OR REPLACE VIEW quarantine_by_reason AS
SELECT trim(regexp_extract(regexp_replace(reason, '''[^'']*''|"[^"]*"', '…', 'g'),
                           '^[^:(]*')) AS reason_class,
       count(*) AS records, count(DISTINCT source_file) AS files,
       min(reason) AS example
FROM quarantine GROUP BY 1 ORDER BY records DESC, reason_class;

-- One row per run: its state, wall time and seconds per stage (embed: the new memories'
-- vectors computed before extraction; index embeds what changed after it).
CREATE OR REPLACE VIEW run_history AS
SELECT r.run_id, r.kind, r.state, r.started_at, r.finished_at, r.now,
       round(epoch(r.finished_at) - epoch(r.started_at), 3) AS seconds,
       count(s.seq) AS stages,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'ingest'), 3) AS ingest_s,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'embed'), 3) AS embed_s,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'extract'), 3) AS extract_s,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'index'), 3) AS index_s,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'decay'), 3) AS decay_s,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'compress'), 3) AS compress_s,
       round(sum(s.duration_s) FILTER (WHERE s.stage = 'publish'), 3) AS publish_s,
       string_agg(s.stage || ':' || s.state, ' ' ORDER BY s.seq) FILTER (WHERE s.state <> 'completed')
           AS unfinished_stages
FROM runs r LEFT JOIN run_stages s USING (run_id)
GROUP BY r.run_id, r.kind, r.state, r.started_at, r.finished_at, r.now
ORDER BY r.started_at, r.now, r.run_id;
