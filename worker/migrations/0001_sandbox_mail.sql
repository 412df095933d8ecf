-- Outbox of the sandbox e-mail provider. Only the sandbox writes here; production leaves it empty.
CREATE TABLE sandbox_mail (
  id TEXT PRIMARY KEY,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX sandbox_mail_recipient_created ON sandbox_mail (recipient, created_at DESC);
