/** Media grants in D1 (`media_grants`): the hash of a media URL's capability, the R2 key it opens and until when. */

export interface MediaGrantRow {
  token_hash: string;
  r2_key: string;
  content_type: string;
  expires_at: string;
}

export async function insertMediaGrant(db: D1Database, grant: MediaGrantRow): Promise<void> {
  await db
    .prepare("INSERT INTO media_grants (token_hash, r2_key, content_type, expires_at) VALUES (?, ?, ?, ?)")
    .bind(grant.token_hash, grant.r2_key, grant.content_type, grant.expires_at)
    .run();
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

/** Drops every grant for a user's job recordings, for erasing the account. */
export function deleteMediaGrantsOf(db: D1Database, userId: string): D1PreparedStatement {
  return db
    .prepare("DELETE FROM media_grants WHERE r2_key IN (SELECT r2_key FROM jobs WHERE user_id = ?1)")
    .bind(userId);
}
