-- Who made each row of work (issue 44: "Download my data" gives what the person created, in every
-- workspace). `user_id` names the workspace the work belongs to; `created_by` names the person who
-- made it, NULL once that person has erased their account. Before workspaces every row was made by
-- its account's owner, so old rows name their account.
ALTER TABLE jobs ADD COLUMN created_by TEXT;
ALTER TABLE uploads ADD COLUMN created_by TEXT;
ALTER TABLE live_sessions ADD COLUMN created_by TEXT;
ALTER TABLE audio_items ADD COLUMN created_by TEXT;

UPDATE jobs SET created_by = user_id;
UPDATE uploads SET created_by = user_id;
UPDATE live_sessions SET created_by = user_id;
UPDATE audio_items SET created_by = user_id;

CREATE INDEX jobs_created_by ON jobs (created_by);
CREATE INDEX uploads_created_by ON uploads (created_by);
CREATE INDEX live_sessions_created_by ON live_sessions (created_by);
CREATE INDEX audio_items_created_by ON audio_items (created_by);
