-- The AssemblyAI emulator answers each transcript with the options it was created with and the
-- heard audio's length, as the provider does.
ALTER TABLE sandbox_assemblyai_uploads ADD COLUMN duration REAL NOT NULL DEFAULT 0;
ALTER TABLE sandbox_assemblyai_transcripts ADD COLUMN request TEXT NOT NULL DEFAULT '{}';
