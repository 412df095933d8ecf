import { isoIn, randomToken, sha256Hex } from "./tokens.ts";

/**
 * Password reset grants in D1 (`password_reset_grants`): what a verified recovery code is traded
 * for, spent by setting the new password. Only the grant's hash is stored.
 */

const RESET_GRANT_TTL_MS = 10 * 60 * 1000;

/** Stores a new grant for the user and answers it. */
export async function issueResetGrant(db: D1Database, userId: string): Promise<string> {
  const grant = randomToken();
  await db
    .prepare("INSERT INTO password_reset_grants (grant_hash, user_id, expires_at) VALUES (?, ?, ?)")
    .bind(await sha256Hex(grant), userId, isoIn(RESET_GRANT_TTL_MS))
    .run();
  return grant;
}

/** Deletes the grant and answers its user, or null when it is unknown, spent or expired. */
export async function spendResetGrant(db: D1Database, grant: string): Promise<string | null> {
  const spent = await db
    .prepare("DELETE FROM password_reset_grants WHERE grant_hash = ? AND expires_at > ? RETURNING user_id")
    .bind(await sha256Hex(grant), new Date().toISOString())
    .first<{ user_id: string }>();
  return spent?.user_id ?? null;
}

/** The person's reset grants, moved with them when they hand over their workspace. */
export function moveResetGrants(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE password_reset_grants SET user_id = ?2 WHERE user_id = ?1").bind(from, to);
}
