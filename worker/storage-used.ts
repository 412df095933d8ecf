/**
 * Bytes a user keeps in storage: the recordings of their jobs and the uploads no tool has taken
 * yet. Bound parameter ?1 is the user id. It names two features' tables, so it lives beside the
 * stores rather than in one of them, and every quota check (a new upload, a new job) sums the same.
 */
export const STORAGE_USED_SQL = `(
  (SELECT COALESCE(SUM(bytes), 0) FROM jobs WHERE user_id = ?1 AND r2_key IS NOT NULL)
  + (SELECT COALESCE(SUM(length), 0) FROM uploads WHERE user_id = ?1))`;
