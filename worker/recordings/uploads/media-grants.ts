import { JOB_RECORDING_KEYS_OF_USER } from "../../jobs/store.ts";

/**
 * Media grants in D1 (`media_grants`): the hash of a media URL's capability, the R2 key it opens,
 * until when, and the account whose player it was handed to (null for a job's speech provider).
 */

interface MediaGrantRow {
  token_hash: string;
  r2_key: string;
  content_type: string;
  expires_at: string;
  user_id: string | null;
  /** The member who minted it in someone else's workspace (`user_id`), so removing them revokes it; else null. */
  minted_by?: string | null;
}

/** Stores a grant; a player URL also revokes the account's older ones past its newest `keep`. */
export async function insertMediaGrant(db: D1Database, grant: MediaGrantRow, keep: number): Promise<void> {
  const insert = db
    .prepare(
      "INSERT INTO media_grants (token_hash, r2_key, content_type, expires_at, user_id, minted_by) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(grant.token_hash, grant.r2_key, grant.content_type, grant.expires_at, grant.user_id, grant.minted_by ?? null);
  if (grant.user_id === null) {
    await insert.run();
    return;
  }
  await db.batch([
    insert,
    db
      .prepare(
        `DELETE FROM media_grants WHERE user_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM media_grants WHERE user_id = ?1 ORDER BY expires_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(grant.user_id, keep),
  ]);
}

/** The grant a URL's token hash opens, unless it has expired. */
export function findLiveMediaGrant(
  db: D1Database,
  tokenHash: string,
  now: string,
): Promise<Pick<MediaGrantRow, "r2_key" | "content_type"> | null> {
  return db
    .prepare("SELECT r2_key, content_type FROM media_grants WHERE token_hash = ? AND expires_at > ?")
    .bind(tokenHash, now)
    .first();
}

export async function deleteMediaGrantsFor(db: D1Database, r2Key: string): Promise<void> {
  await db.prepare("DELETE FROM media_grants WHERE r2_key = ?").bind(r2Key).run();
}

export async function deleteExpiredMediaGrants(db: D1Database, now: string): Promise<void> {
  await db.prepare("DELETE FROM media_grants WHERE expires_at <= ?").bind(now).run();
}

/**
 * Revokes every player URL handed to the account, as a statement for a sign-out's batch. A job's
 * provider URLs stay: no browser holds them, and the provider may still be fetching the recording.
 */
export function deletePlayerGrantsOf(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM media_grants WHERE user_id = ?").bind(userId);
}

/** Drops every grant for a user's job recordings, for erasing the account. */
export function deleteMediaGrantsOf(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(`DELETE FROM media_grants WHERE r2_key IN ${JOB_RECORDING_KEYS_OF_USER}`).bind(userId);
}

/** Deletes the player URLs member `mintedBy` holds in workspace `workspaceId`, as a statement for a batch. */
export function deleteMediaGrantsMintedBy(db: D1Database, workspaceId: string, mintedBy: string): D1PreparedStatement {
  return db.prepare("DELETE FROM media_grants WHERE user_id = ? AND minted_by = ?").bind(workspaceId, mintedBy);
}

/** Player URLs the person minted in others' workspaces, named after their new row when they hand over their own. */
export function moveGrantMinter(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE media_grants SET minted_by = ?2 WHERE minted_by = ?1").bind(from, to);
}
