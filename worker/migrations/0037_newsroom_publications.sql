-- The public newsroom (worker/newsroom): an account's newsroom address, and each release it put
-- there. A release is public once `published_at` is set and its `publish_at` has come by the
-- billing clock; until then (an embargo) it is on no page. Both go with the account or the release.
ALTER TABLE organisations ADD COLUMN slug TEXT;
CREATE UNIQUE INDEX organisations_slug ON organisations (slug) WHERE slug IS NOT NULL;

CREATE TABLE newsroom_releases (
  job_id TEXT PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  publish_at TEXT NOT NULL,
  published_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, slug)
);
CREATE INDEX newsroom_releases_user_publish ON newsroom_releases (user_id, publish_at DESC);
CREATE INDEX newsroom_releases_due ON newsroom_releases (publish_at) WHERE published_at IS NULL;
