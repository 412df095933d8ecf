-- The scheduled run deletes sessions and known browsers that have ended (worker/accounts/sign-in-expiry.ts),
-- found by when they end, so it reads only those.
CREATE INDEX sessions_expiry ON sessions (expires_at);
CREATE INDEX known_devices_expiry ON known_devices (expires_at);
