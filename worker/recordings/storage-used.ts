import type { RowsStatement } from "../core/d1.ts";

/**
 * Bytes a user keeps in storage: their uploads (finished ones are their recordings, unfinished ones
 * reserve their length), the recordings jobs hold themselves (a small file sent to a tool) and their
 * releases' images, each with its web renditions. A job made from a recording shares its object, so
 * it is counted once, on the recording. Bound parameter ?1 is the user id. It names three features'
 * tables, so it lives beside the stores rather than in one of them (a store imports no other store),
 * and every quota check (a new upload, a new job, a new image) sums the same.
 */
export const STORAGE_USED_SQL = `(
  (SELECT COALESCE(SUM(bytes), 0) FROM jobs WHERE user_id = ?1 AND r2_key IS NOT NULL AND upload_id IS NULL)
  + (SELECT COALESCE(SUM(length), 0) FROM uploads WHERE user_id = ?1)
  + (SELECT COALESCE(SUM(bytes + renditions_bytes), 0) FROM release_attachments WHERE user_id = ?1))`;

export function storageUsedBy(db: D1Database, userId: string): RowsStatement<{ used: number }> {
  return db.prepare(`SELECT ${STORAGE_USED_SQL} AS used`).bind(userId);
}
