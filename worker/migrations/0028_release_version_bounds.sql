-- A press release keeps its generated text and its newest 50 versions (RELEASE_VERSIONS_KEPT). Each
-- version now keeps its number, so numbers stay the same when older versions are pruned and a page
-- of versions can start before a given one.
ALTER TABLE press_release_versions ADD COLUMN number INTEGER NOT NULL DEFAULT 0;

UPDATE press_release_versions
SET number = (
  SELECT COUNT(*) FROM press_release_versions AS earlier
  WHERE earlier.job_id = press_release_versions.job_id
    AND (earlier.created_at < press_release_versions.created_at
      OR (earlier.created_at = press_release_versions.created_at AND earlier.rowid <= press_release_versions.rowid))
);

DELETE FROM press_release_versions
WHERE number > 1
  AND number <= (SELECT MAX(newest.number) FROM press_release_versions AS newest
                 WHERE newest.job_id = press_release_versions.job_id) - 50;

CREATE INDEX press_release_versions_job_number ON press_release_versions (job_id, number);
