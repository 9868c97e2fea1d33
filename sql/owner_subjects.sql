-- The distinct subjects of one owner's memories (parameter 1: the owner), one index seek
-- per subject through UNIQUE (owner, subject, key): a skip scan, not a read of every row.
WITH RECURSIVE subjects(subject) AS (
    SELECT min(subject) FROM memories WHERE owner = ?1
    UNION ALL
    SELECT (SELECT min(m.subject) FROM memories AS m
             WHERE m.owner = ?1 AND m.subject > subjects.subject)
    FROM subjects WHERE subjects.subject IS NOT NULL
)
SELECT subject FROM subjects WHERE subject IS NOT NULL;
