-- 0004: a message is identified by (owner, conversation_id, message_id), not by message_id
-- alone: logs that number their messages per conversation ("1", "2", ...) no longer collide
-- across owners or conversations (which silently dropped the later message).
CREATE TABLE messages_0004 (
    message_id      TEXT NOT NULL,
    owner           TEXT NOT NULL,
    conversation_id TEXT NOT NULL,
    session_id      TEXT NOT NULL,
    ts              TEXT NOT NULL,
    role            TEXT NOT NULL,
    speaker         TEXT,
    text            TEXT NOT NULL,
    importance      INTEGER,
    source_file     TEXT NOT NULL,
    source_line     INTEGER NOT NULL,
    run_id          TEXT NOT NULL,
    extracted       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, conversation_id, message_id)
);
INSERT INTO messages_0004 (message_id, owner, conversation_id, session_id, ts, role, speaker,
    text, importance, source_file, source_line, run_id, extracted)
SELECT message_id, owner, conversation_id, session_id, ts, role, speaker, text, importance,
    source_file, source_line, run_id, extracted FROM messages;
DROP TABLE messages;
ALTER TABLE messages_0004 RENAME TO messages;
