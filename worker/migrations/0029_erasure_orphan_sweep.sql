-- The orphan sweep (worker/orphan-sweep.ts) lists R2 a few pages per run. The last key it looked
-- at is kept here, so the next run goes on from there; a pass that reaches the end starts over.
CREATE TABLE sweep_positions (
  sweep TEXT PRIMARY KEY,
  after_key TEXT NOT NULL
);

-- For each listed key the sweep asks whether a row names it.
CREATE INDEX uploads_r2_key ON uploads (r2_key);
CREATE INDEX jobs_r2_key ON jobs (r2_key) WHERE r2_key IS NOT NULL;
CREATE INDEX jobs_result_key ON jobs (result_key) WHERE result_key IS NOT NULL;
