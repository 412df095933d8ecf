-- Press release jobs. The row is the job's public state (what the site polls); the Durable Object
-- named by the id drives the work and keeps its own step state. The uploaded recording stays in R2
-- under r2_key until the job is deleted, and the plan's storage quota counts its bytes.
CREATE TABLE press_releases (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  r2_key TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'error')),
  text TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX press_releases_user_created ON press_releases (user_id, created_at DESC);

-- The sandbox transcription provider's uploads and transcripts. Only the sandbox writes here.
CREATE TABLE sandbox_assemblyai_uploads (
  id TEXT PRIMARY KEY,
  bytes INTEGER NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE sandbox_assemblyai_transcripts (
  id TEXT PRIMARY KEY,
  upload_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'error')),
  polls INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL
);

-- Failures the sandbox providers are told to answer next (tests and manual checks of error paths).
CREATE TABLE sandbox_faults (
  target TEXT PRIMARY KEY,
  remaining INTEGER NOT NULL CHECK (remaining >= 0),
  status INTEGER NOT NULL
);
