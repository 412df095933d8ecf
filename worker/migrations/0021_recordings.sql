-- A finished upload is a recording the user keeps until they delete it, and any number of jobs
-- use it without copying it: such a job names the recording in `upload_id` and shares its R2
-- object (`r2_key` is the recording's key, so whatever reads a job's audio keeps working). The
-- object belongs to the recording: deleting the job leaves it, deleting the recording removes it
-- and clears `r2_key` on its jobs, which keep their text or report. Storage counts the object once,
-- on the recording. No foreign key: a job outlives its recording.
ALTER TABLE jobs ADD COLUMN upload_id TEXT;
CREATE INDEX jobs_upload ON jobs (upload_id) WHERE upload_id IS NOT NULL;
-- Only unfinished uploads expire now.
DROP INDEX uploads_expires;
CREATE INDEX uploads_unfinished_expires ON uploads (expires_at) WHERE status = 'uploading';
