-- Single-use tickets for opening the live-transcription WebSocket (browsers cannot send an
-- Authorization header on a WebSocket). Only the SHA-256 of a ticket is stored.
CREATE TABLE live_tickets (
  ticket_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX live_tickets_expires ON live_tickets (expires_at);

-- Seconds of live transcription streamed per user and calendar month (UTC), metered by the relay
-- while a session runs, so a crash loses at most a few seconds.
CREATE TABLE live_usage (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  seconds REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month)
);
