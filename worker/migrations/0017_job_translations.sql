-- A press release asked for in the recording's language too (Yorùbá, Hausa, Igbo): whether it was
-- asked for, kept so a job restarted by the sweep does the same, and the translated release.
ALTER TABLE jobs ADD COLUMN also_in_language INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN translated_text TEXT;
