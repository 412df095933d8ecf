/** Download grants in D1 (`download_grants`): the hash of a files link's token, whose files it opens, until when. */

/** Stores a grant and revokes the user's older ones past the newest `keep`, in one batch. */
export async function insertDownloadGrant(
  db: D1Database,
  grant: { tokenHash: string; userId: string; expiresAt: string },
  keep: number,
): Promise<void> {
  await db.batch([
    db
      .prepare("INSERT INTO download_grants (token_hash, user_id, expires_at) VALUES (?, ?, ?)")
      .bind(grant.tokenHash, grant.userId, grant.expiresAt),
    db
      .prepare(
        `DELETE FROM download_grants WHERE user_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM download_grants WHERE user_id = ?1 ORDER BY expires_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(grant.userId, keep),
  ]);
}

/** Revokes every files link of the user, as a statement for a sign-out's batch. */
export function deleteDownloadGrantsOf(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM download_grants WHERE user_id = ?").bind(userId);
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

/** The links to the person's data download, moved with them when they hand over their workspace. */
export function moveDownloadGrants(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE download_grants SET user_id = ?2 WHERE user_id = ?1").bind(from, to);
}
