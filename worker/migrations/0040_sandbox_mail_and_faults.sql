-- The sandbox outbox keeps each message's HTML part and its headers beside the text, so a person
-- or a test can read a release e-mail as a mail client would show it (List-Unsubscribe included).
ALTER TABLE sandbox_mail ADD COLUMN html TEXT;
ALTER TABLE sandbox_mail ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';

-- A sandbox fault may let the first calls through and fail the ones after (`skip`), so a test can
-- fail the second e-mail of a batch.
ALTER TABLE sandbox_faults ADD COLUMN skip INTEGER NOT NULL DEFAULT 0;
