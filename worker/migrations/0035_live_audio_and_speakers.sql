-- What a live session's audio frames hold travels from the ticket (the speaker's choice, checked
-- against the live provider the routing table gives the language) to the session; tickets before
-- it were the page's WebM Opus.
ALTER TABLE live_tickets ADD COLUMN encoding TEXT NOT NULL DEFAULT 'webm-opus';

-- Who spoke each final, as the streaming provider labels speakers; NULL where it gave none.
ALTER TABLE live_segments ADD COLUMN speaker TEXT;
