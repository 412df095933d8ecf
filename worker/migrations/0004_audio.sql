-- Generated and converted audio. The bytes live in R2 under a content address (r2_key), which
-- several items may share when the same text and voice were generated again.
CREATE TABLE audio_items (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('tts', 'voice-conversion')),
  voice_id TEXT NOT NULL,
  text_excerpt TEXT NOT NULL DEFAULT '',
  characters INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL,
  r2_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX audio_items_user_created ON audio_items (user_id, created_at DESC);
CREATE INDEX audio_items_r2_key ON audio_items (r2_key);
