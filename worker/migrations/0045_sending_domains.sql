-- An organisation's own sending domain (issue 43): releases go from it once the mail provider has
-- verified it, and from Vox's MAIL_FROM until then. One domain an account, and a domain belongs to
-- one account (UNIQUE (domain)), so two organisations racing for one cannot both hold it. `status`
-- is the provider's as last read (created, or refreshed by "Check again"); a send reads it here
-- rather than asking the provider for every e-mail. `records` is the JSON list of DNS records the
-- owner publishes. It goes with the account, after the domain is removed at the provider.
CREATE TABLE sending_domains (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  domain TEXT NOT NULL UNIQUE,
  -- The mail provider's id of the domain (Resend's `id`).
  provider_id TEXT NOT NULL,
  -- What comes before the @ of the sender: newsroom@<domain> unless the owner chose another.
  local_part TEXT NOT NULL DEFAULT 'newsroom',
  status TEXT NOT NULL,
  records TEXT NOT NULL DEFAULT '[]',
  checked_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- The sandbox mail provider's domains, as Resend keeps them: `dns_published` is the sandbox's
-- stand-in for the records being in the domain's DNS (`POST /__sandbox/mail/domains/<name>/dns`),
-- and `verify_started_at` when verification was first asked for, so a domain still unverified 72
-- hours later (by the sandbox clock) reads `failed`, as Resend's does.
CREATE TABLE sandbox_mail_domains (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  region TEXT NOT NULL,
  custom_return_path TEXT NOT NULL,
  dkim_key TEXT NOT NULL,
  status TEXT NOT NULL,
  dns_published INTEGER NOT NULL DEFAULT 0,
  verify_started_at TEXT,
  created_at TEXT NOT NULL
);

-- The outbox shows who each message is from and where replies go.
ALTER TABLE sandbox_mail ADD COLUMN reply_to TEXT;
