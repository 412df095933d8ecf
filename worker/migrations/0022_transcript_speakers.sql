-- Speaker names given once for a whole transcript: label → name as JSON (`{"0": "Ada"}`), NULL
-- until someone names a speaker. A report's or release's transcript is kept with the job (its
-- `result_key` in R2), a live session's as its finals; the names sit beside them.
ALTER TABLE jobs ADD COLUMN speaker_names TEXT;
ALTER TABLE live_sessions ADD COLUMN speaker_names TEXT;

-- What the sandbox transcription provider heard in an upload, sentence by sentence with the
-- speaker of each (JSON `[{"speaker": 0, "text": "…"}]`), so a transcript asked for with
-- `speaker_labels` has turns to answer. NULL for uploads made before: one speaker.
ALTER TABLE sandbox_assemblyai_uploads ADD COLUMN sentences TEXT;
