-- Browsers that signed in to an account (OWASP's device cookies). The cookie carries a random
-- token, kept here only as its SHA-256 hash, like session tokens; erasing the account erases them.
CREATE TABLE known_devices (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX known_devices_user ON known_devices (user_id);

-- A wrong code entered by a known browser counts against that browser, not against the account.
ALTER TABLE otp_failures ADD COLUMN device TEXT;

-- The known browser a code was asked for from, if any: a stranger may neither replace nor spend it.
ALTER TABLE password_reset_codes ADD COLUMN device TEXT;
ALTER TABLE email_verification_codes ADD COLUMN device TEXT;
