-- What an account chose once and every tool reuses: the language its tools open in, and the names
-- of people, brands and places the recognisers should expect (a JSON array of at most 100 terms).
-- A row exists only once something was chosen; without one the account has English and no terms.
CREATE TABLE preferences (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'yo', 'ha', 'ig', 'pcm')),
  vocabulary TEXT NOT NULL DEFAULT '[]',
  updated_at TEXT NOT NULL
);

-- The language a job's recording is spoken in; rows from before it were all English.
ALTER TABLE jobs ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
