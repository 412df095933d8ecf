/** Download grants in D1 (`download_grants`): the hash of a files link's token, whose files it opens, until when. */

export async function insertDownloadGrant(
  db: D1Database,
  grant: { tokenHash: string; userId: string; expiresAt: string },
): Promise<void> {
  await db
    .prepare("INSERT INTO download_grants (token_hash, user_id, expires_at) VALUES (?, ?, ?)")
    .bind(grant.tokenHash, grant.userId, grant.expiresAt)
    .run();
}

/** Whose files a link's token hash opens, unless it has expired. */
export async function downloadGrantOwner(db: D1Database, tokenHash: string, now: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT user_id FROM download_grants WHERE token_hash = ? AND expires_at > ?")
    .bind(tokenHash, now)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

/** The schedule's clean-up: links that can no longer open anything. */
export async function deleteExpiredDownloadGrants(db: D1Database, now: string): Promise<void> {
  await db.prepare("DELETE FROM download_grants WHERE expires_at <= ?").bind(now).run();
}
