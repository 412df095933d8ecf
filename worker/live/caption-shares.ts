import { randomToken } from "../accounts/tokens.ts";
import { accountExists, planOf } from "../accounts/users.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";

/**
 * Caption links in D1: at most one working link per live session, revocable by its owner. A link
 * may also be made before recording (`reserveShare`): it names a session id chosen then, which the
 * owner's next session takes (`bindReservation`), so the link the audience already has becomes that
 * session's.
 */

interface ShareLookup {
  readonly sessionId: string;
  /** Set while the link waits for its session to start: the plan of the account that made it. */
  readonly waitingFor?: { readonly plan: string | null };
}

interface Reservation {
  readonly token: string;
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

/**
 * The session a working link shows, or null for an unknown or revoked one. One batch, so a link
 * whose session starts meanwhile is found in exactly one of the two tables.
 */
export async function findShare(db: D1Database, token: string): Promise<ShareLookup | null> {
  const [shared, reserved] = await db.batch([
    db.prepare("SELECT session_id FROM caption_shares WHERE token = ? AND revoked_at IS NULL").bind(token),
    db
      .prepare(
        `SELECT r.session_id, ${planOf("r.user_id")} AS plan FROM caption_reservations r
         WHERE r.token = ? AND ${accountExists("r.user_id")}`,
      )
      .bind(token),
  ]);
  const share = shared?.results[0] as { session_id: string } | undefined;
  if (share) return { sessionId: share.session_id };
  const waiting = reserved?.results[0] as { session_id: string; plan: string | null } | undefined;
  return waiting ? { sessionId: waiting.session_id, waitingFor: { plan: waiting.plan } } : null;
}

/**
 * The account's link for its next session, made if it has none (`created` says so): asking again
 * gives the same link, so the one already on a slide keeps working.
 */
export async function reserveShare(
  db: D1Database,
  userId: string,
): Promise<Reservation & { readonly created: boolean }> {
  const [inserted, current] = await db.batch([
    db
      .prepare(
        `INSERT INTO caption_reservations (token, session_id, user_id, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING token`,
      )
      .bind(randomToken(), crypto.randomUUID(), userId, new Date().toISOString()),
    db.prepare("SELECT token, session_id FROM caption_reservations WHERE user_id = ?").bind(userId),
  ]);
  const row = current?.results[0] as { token: string; session_id: string } | undefined;
  if (!row) throw new Error(`caption reservation for ${userId} was neither made nor found`);
  return { token: row.token, sessionId: row.session_id, created: (inserted?.results.length ?? 0) === 1 };
}

/** Withdraws the account's waiting link; answers it, or null when there was none. */
export async function cancelReservation(db: D1Database, userId: string): Promise<Reservation | null> {
  const row = await db
    .prepare("DELETE FROM caption_reservations WHERE user_id = ? RETURNING token, session_id")
    .bind(userId)
    .first<{ token: string; session_id: string }>();
  return row ? { token: row.token, sessionId: row.session_id } : null;
}

/** The account's link waiting for its next session, if any (erasing the account withdraws it). */
export function reservationOf(db: D1Database, userId: string): RowsStatement<{ token: string; session_id: string }> {
  return db.prepare("SELECT token, session_id FROM caption_reservations WHERE user_id = ?").bind(userId);
}

/** SQL for the session id waiting for `userSql`'s next session, or NULL: what a new ticket carries. */
export const reservedSessionOf = (userSql: string) =>
  `(SELECT session_id FROM caption_reservations WHERE user_id = ${userSql})`;

/**
 * The owner's session started with the reserved id: the waiting link becomes the session's working
 * link, in one batch (run after the session's row exists, which `caption_shares` refers to).
 */
export function bindReservation(db: D1Database, sessionId: string, userId: string): Promise<D1Result[]> {
  return db.batch([
    db
      .prepare(
        `INSERT INTO caption_shares (token, session_id, created_at)
         SELECT token, session_id, created_at FROM caption_reservations WHERE session_id = ?1 AND user_id = ?2`,
      )
      .bind(sessionId, userId),
    db.prepare("DELETE FROM caption_reservations WHERE session_id = ?1 AND user_id = ?2").bind(sessionId, userId),
  ]);
}

/**
 * A page of when one session was shared and revoked, for the account's data export. The link's
 * token is left out: like a session token it is a key, and a file that travels should not hold one.
 */
export function captionSharesOf(
  db: D1Database,
  sessionId: string,
  page: Page,
): RowsStatement<{ created_at: string; revoked_at: string | null }> {
  return pagedStatement(
    db,
    "SELECT created_at, revoked_at FROM caption_shares WHERE session_id = ? ORDER BY created_at, token",
    [sessionId],
    page,
  );
}
