-- One row per live-transcription session: who owns it, the hash of its resume token, whether it is
-- still running (alive_at is refreshed by the relay every few seconds, so a session whose relay
-- vanished stops counting as active), the audio the provider reported processing, and a title.
CREATE TABLE live_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resume_token_hash TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
  audio_seconds REAL NOT NULL DEFAULT 0,
  started_at TEXT NOT NULL,
  alive_at TEXT NOT NULL,
  ended_at TEXT
);
CREATE INDEX live_sessions_user ON live_sessions (user_id, started_at);

-- Final transcript segments, written as they arrive so a crash loses none already shown.
CREATE TABLE live_segments (
  session_id TEXT NOT NULL REFERENCES live_sessions (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  text TEXT NOT NULL,
  start REAL NOT NULL,
  duration REAL NOT NULL,
  PRIMARY KEY (session_id, seq)
);
