-- What a published release carries beside its text (issue 43): images the account uploads, each with
-- the alt text a reader without sight hears, and the choice to attach the release's own recording as
-- an audio clip. An image's bytes are in R2 under `attachments/<user>/<release>/<id>`; the clip is the
-- job's recording itself, so it is served only while the job still keeps one. Both go with the
-- release and with the account.
CREATE TABLE release_attachments (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  r2_key TEXT NOT NULL,
  -- The type its bytes are (image/jpeg, image/png or image/webp), whatever the upload declared.
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  alt TEXT NOT NULL,
  caption TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX release_attachments_of_job ON release_attachments (job_id, created_at);
CREATE INDEX release_attachments_of_user ON release_attachments (user_id, created_at);
CREATE INDEX release_attachments_by_key ON release_attachments (r2_key);

-- A release whose recording is attached as an audio clip has a row here.
CREATE TABLE release_audio_clips (
  job_id TEXT PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX release_audio_clips_of_user ON release_audio_clips (user_id, created_at);
