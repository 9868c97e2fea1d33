-- DuckDB views over the Parquet lake. {lake} is replaced by the lake folder.
CREATE OR REPLACE VIEW messages   AS SELECT * FROM read_parquet('{lake}/messages/*.parquet', union_by_name = true);
CREATE OR REPLACE VIEW memories   AS SELECT * FROM read_parquet('{lake}/memories.parquet');
CREATE OR REPLACE VIEW archive    AS SELECT * FROM read_parquet('{lake}/archive.parquet');
CREATE OR REPLACE VIEW quarantine AS SELECT * FROM read_parquet('{lake}/quarantine.parquet');
CREATE OR REPLACE VIEW runs       AS SELECT * FROM read_parquet('{lake}/runs.parquet');
-- Active memories per owner and category, with their mean importance and decay.
CREATE OR REPLACE VIEW memory_summary AS
SELECT owner, category, count(*) AS memories,
       round(avg(importance), 2) AS avg_importance,
       round(avg(decay_score), 3) AS avg_decay
FROM memories WHERE status = 'active'
GROUP BY owner, category ORDER BY owner, category;
