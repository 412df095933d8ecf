-- The language a live session is spoken in travels from the ticket (the speaker's choice, checked
-- against the routing table when the ticket is given) to the session; tickets before it were English.
ALTER TABLE live_tickets ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- A shared session's finals translated for caption readers: once per final and language, kept so a
-- late reader, a reconnecting one and the kept link after the session read them without asking
-- the provider again. Deleted with the session.
CREATE TABLE live_caption_translations (
  session_id TEXT NOT NULL REFERENCES live_sessions (id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  seq INTEGER NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (session_id, language, seq)
);
