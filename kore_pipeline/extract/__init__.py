"""Extract and score: regex facts and episodes from user turns, importance 1-5, upsert by
(owner, subject, key)."""
