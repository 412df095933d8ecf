-- A player URL names the account it was handed to, so that signing out everywhere (a password
-- reset or change) revokes it with the sessions, and an account's open URLs can be capped. A URL a
-- job hands its speech provider names nobody: no browser ever holds it, and revoking it would fail
-- the job while the provider is still fetching the recording; it expires in two hours and goes
-- with the recording.
ALTER TABLE media_grants ADD COLUMN user_id TEXT REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX media_grants_user ON media_grants (user_id, expires_at);
