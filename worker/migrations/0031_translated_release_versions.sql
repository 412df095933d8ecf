-- A release's copy in the recording's language is edited and versioned like the English text: its
-- versions sit beside the English ones, told apart by `language` ('en' for the English release).
-- Each copy has its own numbering (version 1 is what was written) and its own bound.
ALTER TABLE press_release_versions ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
CREATE INDEX press_release_versions_job_language_number ON press_release_versions (job_id, language, number);
