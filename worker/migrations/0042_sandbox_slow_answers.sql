-- A sandbox fault may make calls late instead of (or before) failing them, so a test or a person can
-- see what a slow provider does: a Yorùbá final read in English while its correction is on its way.
ALTER TABLE sandbox_faults ADD COLUMN delay_ms INTEGER NOT NULL DEFAULT 0;
