-- Keyword stream: bm25 over content and subject within one owner's filtered memories.
-- Parameters, in order: the MATCH expression built by search.fts_match (see below), the
-- filter parameters, the limit. {filters} is the condition on alias m built by
-- search.SearchFilters.where (owner, status, subject, session, type, category, time range,
-- expiry, retention).
-- The MATCH expression is `content : (Q) AND {content subject} : (Q) AND owner : "O"`, where
-- Q is the query's words, each quoted, OR-ed: a memory must match in its content; a match on
-- its subject (the person's name) then adds to its score, so "what did Anna decide" prefers
-- Anna's decisions but never returns everything Anna said merely because it names her; the
-- owner phrase narrows the search to one owner inside the index (m.owner = ? stays exact).
SELECT m.id, bm25(memories_fts, 1.0, 0.5, 0.0) AS rank
FROM memories_fts
JOIN memories AS m ON m.id = memories_fts.rowid
WHERE memories_fts MATCH ?
  AND {filters}
ORDER BY rank
LIMIT ?;
