-- Writing a release again with options, and its alternative headlines.
-- The English text a release was written from (the transcript, or its translation), kept so the
-- release can be written again without a new upload or transcription; it goes with the release.
CREATE TABLE press_release_sources (
  job_id TEXT PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  text TEXT NOT NULL
);

-- The release's alternative headlines (a JSON array of strings), and each version's.
ALTER TABLE jobs ADD COLUMN headlines TEXT;
ALTER TABLE press_release_versions ADD COLUMN headlines TEXT;

-- Each request to write a release again: its options (JSON) and where it is. The Workflow instance
-- with the same id runs it; once completed its text is the release's newest version.
CREATE TABLE press_release_regenerations (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  options TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'error')),
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX press_release_regenerations_job ON press_release_regenerations (job_id, created_at DESC);
CREATE INDEX press_release_regenerations_unfinished ON press_release_regenerations (updated_at)
  WHERE status IN ('queued', 'processing');
