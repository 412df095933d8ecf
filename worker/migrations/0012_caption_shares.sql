-- Links that let an audience read a live session's captions without an account. The token is kept
-- as it is (not hashed) so the owner can be shown the same link again: it only reveals the
-- session's transcript, which this database holds in the clear anyway. A revoked link stays as a
-- row so a second revoke is a no-op, and stops working at once.
CREATE TABLE caption_shares (
  token TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES live_sessions (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
-- At most one working link per session.
CREATE UNIQUE INDEX caption_shares_active ON caption_shares (session_id) WHERE revoked_at IS NULL;
