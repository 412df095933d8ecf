-- Links to the account's files as zips (Settings › Account › Download my files), so the browser
-- downloads them itself, streamed to disk, instead of the page holding gigabytes in memory. Like a
-- media grant: only the hash of the link's random token is kept, with whose files it opens and
-- until when.
CREATE TABLE download_grants (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
);
CREATE INDEX download_grants_user ON download_grants (user_id);
