-- A caption link made before the speaker starts recording: the session id is chosen when the link
-- is made, and the speaker's next session takes it (the ticket carries it), so the audience's link
-- was the session's from the start. At most one per account, waiting to be taken; when the session
-- starts, the row moves into caption_shares (whose session_id must name a real session). Revoking it
-- before the start deletes the row, which makes the link unknown.
CREATE TABLE caption_reservations (
  token TEXT PRIMARY KEY,
  session_id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);

-- The reserved session a ticket opens, when its account had one waiting as the ticket was given.
ALTER TABLE live_tickets ADD COLUMN session_id TEXT;
