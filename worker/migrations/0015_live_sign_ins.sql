-- The sign-in (the hash of its session token) that minted a live ticket and that opened a live
-- session: a ticket is good only while its sign-in lasts, and signing out ends that sign-in's
-- running sessions. Rows from before this column hold NULL: such a ticket is refused, such a
-- session ends with a password reset or change like every session of its account.
ALTER TABLE live_tickets ADD COLUMN sign_in TEXT;
ALTER TABLE live_sessions ADD COLUMN sign_in TEXT;
CREATE INDEX live_sessions_sign_in ON live_sessions (sign_in) WHERE status = 'active';
