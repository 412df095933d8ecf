-- A trial starts only once the address has been shown to belong to the person who signed up.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
-- Accounts made before verification existed were already in use; they keep working.
UPDATE users SET email_verified_at = created_at;

CREATE TABLE email_verification_codes (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT NOT NULL
);

-- Wrong one-time-code guesses per account and purpose, across every code ever issued, so asking
-- for a fresh code never buys more guesses.
CREATE TABLE otp_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('recovery', 'verify-email')),
  failed_at TEXT NOT NULL
);
CREATE INDEX otp_failures_user_purpose ON otp_failures (user_id, purpose, failed_at);

-- The transcript the provider keeps for a press release, so it can be deleted there too.
ALTER TABLE press_releases ADD COLUMN transcript_id TEXT;

-- When the sandbox transcription provider was told to delete a transcript. Only the sandbox writes here.
ALTER TABLE sandbox_assemblyai_transcripts ADD COLUMN deleted_at TEXT;

-- Paid orders are accounting records and outlive the account, without anything that names the
-- person: deleting a user now clears user_id instead of dropping the order.
CREATE TABLE orders_kept (
  reference TEXT PRIMARY KEY,
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  plan TEXT NOT NULL,
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
  fulfilment_id TEXT,
  created_at TEXT NOT NULL,
  paid_at TEXT
);
INSERT INTO orders_kept SELECT reference, user_id, plan, amount_kobo, currency, status, fulfilment_id, created_at, paid_at
  FROM orders;
DROP TABLE orders;
ALTER TABLE orders_kept RENAME TO orders;
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC);
