-- Keyword stream: bm25 over content and subject within one owner's filtered memories.
-- Parameters, in order: the sanitised FTS5 expression (quoted words OR-ed, built by
-- search.fts_query) twice, the filter parameters, the limit. {filters} is the condition on
-- alias m built by search.SearchFilters.where (owner, status, subject, session, type,
-- category, time range, expiry, retention).
-- A memory must match the query in its content; a match on its subject (the person's name)
-- then adds to its score, so "what did Anna decide" prefers Anna's decisions but never
-- returns everything Anna said merely because it names her.
SELECT m.id, bm25(memories_fts, 1.0, 0.5) AS rank
FROM memories_fts
JOIN memories AS m ON m.id = memories_fts.rowid
WHERE memories_fts MATCH ?
  AND memories_fts.rowid IN (
      SELECT rowid FROM memories_fts WHERE memories_fts MATCH 'content : (' || ? || ')')
  AND {filters}
ORDER BY rank
LIMIT ?;
