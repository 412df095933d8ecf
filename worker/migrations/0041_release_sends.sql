-- Sending a release to the media list (worker/distribution). A send is one press of Send; each
-- address gets a release once, whichever send queued it (UNIQUE (job_id, email)), so sending again
-- reaches only those not reached yet. A recipient's tracking token is random: the row keeps its
-- SHA-256 (`token_hash`), and the token itself only until its e-mail is out (`token`), so a retried
-- delivery mails the same links. All of it goes with the release and with the account.
CREATE TABLE release_sends (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject TEXT NOT NULL,
  -- A JSON array of the tags it was sent to; empty for the whole list.
  tags TEXT NOT NULL,
  -- The origin links in its e-mails point at (the newsroom's and the tracking paths').
  origin TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX release_sends_of_job ON release_sends (job_id, created_at);
CREATE INDEX release_sends_of_user ON release_sends (user_id, created_at);

CREATE TABLE release_recipients (
  id TEXT PRIMARY KEY,
  send_id TEXT NOT NULL REFERENCES release_sends (id) ON DELETE CASCADE,
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  outlet TEXT NOT NULL,
  -- queued, sent, failed (the provider refused it), bounced, complained or unsubscribed.
  status TEXT NOT NULL,
  token TEXT,
  token_hash TEXT UNIQUE,
  -- The provider's id of the e-mail, which its bounce and complaint events name.
  provider_id TEXT,
  sent_at TEXT,
  opened_at TEXT,
  clicked_at TEXT,
  unsubscribed_at TEXT,
  bounced_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (job_id, email)
);
CREATE INDEX release_recipients_queued ON release_recipients (send_id, created_at) WHERE status = 'queued';
-- A send's rows by when they went out: whether it still moves (worker/distribution/send-release.ts).
CREATE INDEX release_recipients_of_send ON release_recipients (send_id, sent_at);
CREATE INDEX release_recipients_of_user ON release_recipients (user_id, created_at);
CREATE INDEX release_recipients_by_provider_id ON release_recipients (provider_id) WHERE provider_id IS NOT NULL;

-- Addresses an account may no longer write to: they unsubscribed, bounced or complained. Kept
-- apart from the list, so a contact deleted and imported again stays unsubscribed.
CREATE TABLE contact_suppressions (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  -- unsubscribed, bounced or complained.
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, email)
);
