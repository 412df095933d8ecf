import { randomToken } from "../auth/tokens.ts";
import type { RowsStatement } from "../d1.ts";

/** Caption links in D1: at most one working link per live session, revocable by its owner. */

export interface ShareLookup {
  readonly sessionId: string;
}

/**
 * The session's working link, made if it has none: asking twice gives the same link, so a reloaded
 * page shows the link its audience already has. `created` says whether this call made it.
 */
export async function shareSession(db: D1Database, sessionId: string): Promise<{ token: string; created: boolean }> {
  const [inserted, current] = await db.batch([
    db
      .prepare(
        `INSERT INTO caption_shares (token, session_id, created_at) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING token`,
      )
      .bind(randomToken(), sessionId, new Date().toISOString()),
    db.prepare("SELECT token FROM caption_shares WHERE session_id = ? AND revoked_at IS NULL").bind(sessionId),
  ]);
  const token = (current?.results[0] as { token: string } | undefined)?.token;
  if (!token) throw new Error(`caption share for ${sessionId} was neither made nor found`);
  return { token, created: (inserted?.results.length ?? 0) === 1 };
}

/** Revokes the session's working link; answers its token, or null when it had none. */
export async function revokeShare(db: D1Database, sessionId: string): Promise<string | null> {
  const row = await db
    .prepare("UPDATE caption_shares SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL RETURNING token")
    .bind(new Date().toISOString(), sessionId)
    .first<{ token: string }>();
  return row?.token ?? null;
}

/** The session a working link shows, or null for an unknown or revoked one. */
export async function findShare(db: D1Database, token: string): Promise<ShareLookup | null> {
  const row = await db
    .prepare("SELECT session_id FROM caption_shares WHERE token = ? AND revoked_at IS NULL")
    .bind(token)
    .first<{ session_id: string }>();
  return row ? { sessionId: row.session_id } : null;
}

/**
 * When each of a user's sessions was shared and revoked, for the account's data export. The link's
 * token is left out: like a session token it is a key, and a file that travels should not hold one.
 */
export function captionSharesOf(
  db: D1Database,
  userId: string,
): RowsStatement<{ session_id: string; created_at: string; revoked_at: string | null }> {
  return db
    .prepare(
      `SELECT c.session_id, c.created_at, c.revoked_at FROM caption_shares c
       JOIN live_sessions s ON s.id = c.session_id WHERE s.user_id = ? ORDER BY c.created_at`,
    )
    .bind(userId);
}
