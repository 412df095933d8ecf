-- Every multi-step job (press releases, sentiment reports) in one table: one status vocabulary,
-- one store, one quota sum. The row is the job's public state; the Workflow instance with the same
-- id runs its steps. A kept result lives in `text` (a press release) or as JSON in R2 under
-- `result_key` (a sentiment report). `r2_key` is the recording, NULL when only the result was kept
-- (a small file analysed on the spot). `origin` is the site the job was started from, which the
-- provider fetches the media from and which a resumed job starts again with. `provider_ref` is the
-- transcript the provider keeps, deleted there with the job.
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('press_release', 'sentiment')),
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  r2_key TEXT,
  origin TEXT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'error')),
  text TEXT,
  result_key TEXT,
  error TEXT,
  provider_ref TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_user_kind_created ON jobs (user_id, kind, created_at DESC);
CREATE INDEX jobs_unfinished ON jobs (updated_at) WHERE status IN ('queued', 'processing');

INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, status, text, error, provider_ref,
  created_at, updated_at)
SELECT id, user_id, 'press_release', file_name, content_type, bytes, r2_key, status, text, error, transcript_id,
  created_at, updated_at
FROM press_releases;

INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, status, result_key, error,
  created_at, updated_at)
SELECT id, user_id, 'sentiment', file_name, content_type, bytes, r2_key, status, report_key, error,
  created_at, updated_at
FROM sentiment_reports;

DROP TABLE press_releases;
DROP TABLE sentiment_reports;
