import { randomToken, sha256Hex } from "../auth/tokens.ts";
import { LIVE_TICKET_TTL_SECONDS } from "../contracts/live.ts";

/** Single-use, short-lived tickets that stand in for the bearer token on the WebSocket URL. */

export async function issueTicket(db: D1Database, userId: string): Promise<string> {
  const ticket = randomToken();
  const expiresAt = new Date(Date.now() + LIVE_TICKET_TTL_SECONDS * 1000).toISOString();
  await db.batch([
    db.prepare("DELETE FROM live_tickets WHERE expires_at < ?").bind(new Date().toISOString()),
    db
      .prepare("INSERT INTO live_tickets (ticket_hash, user_id, expires_at) VALUES (?, ?, ?)")
      .bind(await sha256Hex(ticket), userId, expiresAt),
  ]);
  return ticket;
}

/** Spends a ticket; answers its user, or null when it is unknown, used or expired. */
export async function redeemTicket(db: D1Database, ticket: string): Promise<string | null> {
  const row = await db
    .prepare(
      `UPDATE live_tickets SET used_at = ?1 WHERE ticket_hash = ?2 AND used_at IS NULL AND expires_at > ?1
       RETURNING user_id`,
    )
    .bind(new Date().toISOString(), await sha256Hex(ticket))
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}
