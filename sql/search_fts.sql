-- Keyword stream: bm25 over content and subject, one owner, active (or all) memories.
-- :match is a sanitised FTS5 expression built by kore_pipeline.search.fts_query.
SELECT m.id, bm25(memories_fts) AS rank
FROM memories_fts
JOIN memories AS m ON m.id = memories_fts.rowid
WHERE memories_fts MATCH :match
  AND m.owner = :owner
  AND (:include_archived = 1 OR m.status = 'active')
ORDER BY rank
LIMIT :limit;
