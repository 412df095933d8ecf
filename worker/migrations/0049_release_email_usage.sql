-- Release e-mails queued per account and calendar month, counted against the plan's
-- `releaseEmailsMonthly` (worker/distribution/store.ts). The recipients' rows go with their release,
-- so counting them let an account that deleted each release once sent mail its list again and again
-- within the month; the e-mails of a deleted release were sent all the same. Goes with the account.
CREATE TABLE release_email_usage (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  emails INTEGER NOT NULL,
  PRIMARY KEY (user_id, month)
);

INSERT INTO release_email_usage (user_id, month, emails)
SELECT user_id, substr(created_at, 1, 7), COUNT(*) FROM release_recipients GROUP BY user_id, substr(created_at, 1, 7);
