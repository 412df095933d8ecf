-- Where a press release was covered: each article or broadcast the account logs against it, once
-- per address. It goes with the release and with the account.
CREATE TABLE release_coverage (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  outlet TEXT NOT NULL,
  -- The day it ran (YYYY-MM-DD), as the outlet dates it.
  published_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (job_id, url)
);

CREATE INDEX release_coverage_by_day ON release_coverage (job_id, published_at);
CREATE INDEX release_coverage_of_user ON release_coverage (user_id, created_at);
