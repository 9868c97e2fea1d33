-- When the turns just before and after each candidate were said, in its session.
-- Parameter 1: a JSON array of [session_id, created_at] pairs; parameter 2: the owner.
-- Each lookup is a seek in memories_session_time (owner, session_id, created_at).
WITH places(session_id, created_at) AS (
    SELECT value ->> 0, value ->> 1 FROM json_each(?1)
)
SELECT p.session_id, p.created_at,
       (SELECT max(m.created_at) FROM memories AS m
         WHERE m.owner = ?2 AND m.session_id = p.session_id
           AND m.created_at < p.created_at) AS before,
       (SELECT min(m.created_at) FROM memories AS m
         WHERE m.owner = ?2 AND m.session_id = p.session_id
           AND m.created_at > p.created_at) AS after
FROM places AS p;
