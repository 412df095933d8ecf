-- Accounts, sessions, password recovery and consultation/contact requests.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  phone_number TEXT NOT NULL,
  organization_name TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  trial_ends_at TEXT NOT NULL,
  -- Set by payments: the plan bought last and when it lapses.
  plan TEXT,
  subscription_expires_at TEXT,
  created_at TEXT NOT NULL
);

-- Tokens are stored only as SHA-256 hashes, so a copy of the database cannot be used to log in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_reset_codes (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT NOT NULL
);

CREATE TABLE password_reset_grants (
  grant_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
);

CREATE TABLE contact_requests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('consultation', 'contact')),
  full_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  company_name TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
