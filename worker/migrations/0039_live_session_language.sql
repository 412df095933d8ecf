-- The language a live session was spoken in, kept with its transcript (from its ticket), so the
-- transcript, its data download and a caption link replayed after the session know it. NULL for
-- sessions kept before it: English, unless they ran once Yorùbá and Hausa were offered live.
ALTER TABLE live_sessions ADD COLUMN language TEXT;
