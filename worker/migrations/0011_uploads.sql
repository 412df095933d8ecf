-- Resumable (tus) uploads. While `uploading`, the bytes received so far are R2 multipart parts of
-- equal size (part_size) listed in `parts`, plus at most one part's worth of trailing bytes kept in
-- the R2 object `<r2_key>.tail` (tail_bytes); `offset` counts both. When the last byte arrives the
-- parts become the object `r2_key` and the row is `complete`. A tool that takes the upload moves the
-- object to its own row and deletes this one. Rows past expires_at are swept with their R2 data.
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  length INTEGER NOT NULL CHECK (length > 0),
  offset INTEGER NOT NULL DEFAULT 0 CHECK (offset >= 0 AND offset <= length),
  metadata TEXT NOT NULL,
  r2_key TEXT NOT NULL,
  multipart_id TEXT NOT NULL,
  part_size INTEGER NOT NULL,
  parts TEXT NOT NULL DEFAULT '[]',
  tail_bytes INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('uploading', 'complete')),
  -- The PATCH writing now, if any: a second one waits (423) until this lease is released or lapses.
  lock_token TEXT,
  locked_until TEXT,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id);
CREATE INDEX uploads_expires ON uploads (expires_at);

-- Sentiment reports, kept until their owner deletes them: the finished report is JSON in R2 under
-- report_key. A report on a stored upload is a job whose recording stays in R2 under r2_key; a small
-- file analysed on the spot is not kept (r2_key NULL) and so takes no storage.
CREATE TABLE sentiment_reports (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  r2_key TEXT,
  report_key TEXT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'error')),
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX sentiment_reports_user_created ON sentiment_reports (user_id, created_at DESC);

-- Short-lived capabilities to read one stored recording without a session, handed to speech
-- providers as a URL. Only the token's SHA-256 is kept.
CREATE TABLE media_grants (
  token_hash TEXT PRIMARY KEY,
  r2_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX media_grants_r2_key ON media_grants (r2_key);
