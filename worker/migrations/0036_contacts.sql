-- An account's media list: the journalists its releases go to. Each address is on a list once,
-- with the moment the account affirmed consent to write to it (NDPA 2023 asks a lawful basis for
-- each). An address that unsubscribed stays, marked, so a later import cannot put it back on the
-- sends. The list goes with the account.
CREATE TABLE contacts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  outlet TEXT NOT NULL,
  beat TEXT NOT NULL,
  phone TEXT NOT NULL,
  -- A JSON array of strings.
  tags TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  unsubscribed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, email)
);

-- The list as Settings pages through it, by name.
CREATE INDEX contacts_by_name ON contacts (user_id, name COLLATE NOCASE, email);
