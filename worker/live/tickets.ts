import { type SessionKey, sessionAccountId, signInLive, signInsOfPerson } from "../accounts/sessions.ts";
import { randomToken, sha256Hex } from "../accounts/tokens.ts";
import { userNamedBy } from "../accounts/users.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../contracts/languages.ts";
import { parseVocabulary, vocabularyOfOwner } from "../preferences/store.ts";
import { reservedSessionOf } from "./caption-shares.ts";
import {
  DEFAULT_LIVE_ENCODING,
  LIVE_ENCODINGS,
  LIVE_TICKET_TTL_SECONDS,
  type LiveEncoding,
} from "./contracts/live-constants.ts";
import { usageOfOwner } from "./usage.ts";

/** Single-use, short-lived tickets that stand in for the bearer token on the WebSocket URL. */

interface NewTicket {
  readonly ticket: string;
  readonly hash: string;
}

export async function newTicket(): Promise<NewTicket> {
  const ticket = randomToken();
  return { ticket, hash: await sha256Hex(ticket) };
}

/**
 * Statements for the gate's batch that store the ticket for the signed-in user when `condition`
 * (SQL binding `?1`, `?2` of the session key) holds, and drop expired tickets. `language` is the
 * one the session will be spoken in, already checked against the routing table. The ticket takes
 * the session id of the user's waiting caption link, if any; the insert answers it as `session_id`.
 */
export function storeTicket(
  db: D1Database,
  key: SessionKey,
  ticket: NewTicket & { readonly language: Language; readonly encoding: LiveEncoding },
  condition: string,
): D1PreparedStatement[] {
  const expiresAt = new Date(Date.now() + LIVE_TICKET_TTL_SECONDS * 1000).toISOString();
  return [
    db.prepare("DELETE FROM live_tickets WHERE expires_at < ?").bind(key.now),
    db
      .prepare(
        `INSERT INTO live_tickets (ticket_hash, user_id, expires_at, sign_in, language, encoding, session_id)
         SELECT ?3, ${sessionAccountId(key)}, ?4, ?1, ?5, ?6, ${reservedSessionOf(sessionAccountId(key))}
         WHERE ${sessionAccountId(key)} IS NOT NULL AND ${condition}
         RETURNING session_id`,
      )
      .bind(key.tokenHash, key.now, ticket.hash, expiresAt, ticket.language, ticket.encoding),
  ];
}

/**
 * Spends a ticket and reads its user, this month's live usage and the account's vocabulary in one
 * batch: the first statement answers the user id, the sign-in that minted the ticket, the
 * session's language and the reserved session id it opens (if any), or nothing when the
 * ticket is unknown, used or expired, or that sign-in has ended (a logout, a password reset or
 * change): a ticket never outlives the sign-in it stands in for.
 */
export async function redeemTicket(db: D1Database, ticket: string, month: string) {
  const now = new Date().toISOString();
  const hash = await sha256Hex(ticket);
  const spentBy = "(SELECT user_id FROM live_tickets WHERE ticket_hash = ?2 AND used_at = ?1)";
  const [spent, user, usage, preferences] = await db.batch([
    db
      .prepare(
        `UPDATE live_tickets SET used_at = ?1 WHERE ticket_hash = ?2 AND used_at IS NULL AND expires_at > ?1
           AND ${signInLive("live_tickets.sign_in", "?1")}
         RETURNING user_id, sign_in, language, encoding, session_id`,
      )
      .bind(now, hash),
    userNamedBy(db, spentBy).bind(now, hash),
    usageOfOwner(db, spentBy).bind(now, hash, month),
    vocabularyOfOwner(db, spentBy).bind(now, hash),
  ]);
  const ticketRow = spent?.results[0] as
    | { sign_in: string; language: string; encoding: string; session_id: string | null }
    | undefined;
  const encoding = LIVE_ENCODINGS.find((known) => known === ticketRow?.encoding);
  return {
    signIn: ticketRow?.sign_in,
    reservedSession: ticketRow?.session_id ?? null,
    language: isLanguage(ticketRow?.language) ? ticketRow.language : DEFAULT_LANGUAGE,
    encoding: encoding ?? DEFAULT_LIVE_ENCODING,
    user: user?.results[0],
    usedSeconds: (usage?.results[0] as { seconds: number } | undefined)?.seconds ?? 0,
    vocabulary: parseVocabulary((preferences?.results[0] as { vocabulary: string } | undefined)?.vocabulary),
  };
}

/** The unspent tickets member `member` minted in workspace `workspaceId`, deleted when they are removed from it. */
export function deleteTicketsOfMember(db: D1Database, workspaceId: string, member: string): D1PreparedStatement {
  return db
    .prepare(`DELETE FROM live_tickets WHERE user_id = ?1 AND sign_in IN ${signInsOfPerson("?2")}`)
    .bind(workspaceId, member);
}
