-- An account's press kit (the facts every new press release states about the organisation) and
-- the saved versions of each press release's text. A kit row exists once it was saved; until then
-- the kit is the organisation named at sign-up, datelined Lagos. Both go with the account.
CREATE TABLE organisations (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  boilerplate TEXT NOT NULL,
  spokespeople TEXT NOT NULL,
  media_contact TEXT NOT NULL,
  dateline_city TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Every text a press release has had: the generated one is kept as the first version when the
-- release is first edited. Deleting the release (its jobs row) or the account deletes them.
CREATE TABLE press_release_versions (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX press_release_versions_job_created ON press_release_versions (job_id, created_at DESC);
