-- The turns (episodes) said just before or after a top hit that neither stream found.
-- Parameter 1: a JSON array of [session_id, created_at] places; parameter 2: the owner; then
-- the filter parameters. {columns} are search's hit columns on alias m; {filters} is the
-- search's condition on alias m (search.SearchFilters.where), so an added turn obeys the
-- same owner, status, time and expiry rules as the streams' hits.
-- CROSS JOIN keeps the places outside: one seek in memories_session_time each.
SELECT {columns}
FROM json_each(?) AS p
CROSS JOIN memories AS m
WHERE m.owner = ?
  AND m.session_id = p.value ->> 0
  AND m.created_at = p.value ->> 1
  AND m.type = 'episodic'
  AND {filters};
