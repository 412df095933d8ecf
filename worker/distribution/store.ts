import type { SuppressionReason } from "../contacts/contracts/contacts.ts";
import { batchRows, type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import type { Recipient, RecipientStatus } from "./contracts/distribution.ts";

/**
 * The `release_sends` and `release_recipients` tables: each press of Send on a release, and each
 * address a release was (or is about to be) mailed to, with what became of the e-mail. An address
 * has one row per release, which is what makes a send exactly once per address. And
 * `release_email_usage`: the e-mails each account queued each month, which outlive the recipients'
 * rows when a release is deleted.
 */

export interface SendRow {
  readonly id: string;
  readonly job_id: string;
  readonly user_id: string;
  readonly subject: string;
  readonly origin: string;
}

interface QueuedRecipientRow {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly token: string | null;
  /** Why the address may no longer be written to, when it became so after it was queued. */
  readonly suppressed: SuppressionReason | null;
}

interface QueueRequest {
  readonly sendId: string;
  readonly jobId: string;
  readonly userId: string;
  readonly subject: string;
  readonly tags: readonly string[];
  readonly origin: string;
  readonly now: string;
  /** Recipients the account may queue in `month` (`YYYY-MM`, the plan's monthly e-mails). */
  readonly allowance: number;
  readonly month: string;
}

interface QueueResult {
  readonly queued: number;
  /** Subscribed contacts the tags pick, whether they had the release before or not. */
  readonly picked: number;
  readonly alreadySent: number;
  /** Recipients queued in the month before this send. */
  readonly used: number;
}

/**
 * The contacts a send picks: subscribed, not suppressed, with one of `?3`'s tags (a JSON array;
 * empty is the whole list), whatever the tag's case.
 */
const PICKED = `
  SELECT c.email, c.name, c.outlet FROM contacts c
  WHERE c.user_id = ?1 AND c.unsubscribed_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM contact_suppressions s WHERE s.user_id = ?1 AND s.email = c.email)
    AND (json_array_length(?3) = 0 OR EXISTS (
      SELECT 1 FROM json_each(c.tags) AS t, json_each(?3) AS w WHERE lower(t.value) = lower(w.value)))`;

/** Whether the release (`?2`) was queued for `alias`'s address already. */
const HAD_IT = (alias: string) =>
  `EXISTS (SELECT 1 FROM release_recipients r WHERE r.job_id = ?2 AND r.email = ${alias}.email)`;

/** The e-mails account `?1` queued in the month the parameter `month` names, as a SQL expression. */
const used = (month: string) =>
  `coalesce((SELECT emails FROM release_email_usage WHERE user_id = ?1 AND month = ${month}), 0)`;

/**
 * Queues a send in one transaction: the send, a recipient for each picked contact that has not had
 * the release (all of them, or none when they would take the account past its allowance), the
 * month's count, and the figures the answer needs. A send that queued nobody leaves no row.
 */
export async function queueSend(db: D1Database, request: QueueRequest): Promise<QueueResult> {
  const { sendId, jobId, userId, subject, tags, origin, now, allowance, month } = request;
  const tagsJson = JSON.stringify(tags);
  const [, counts, inserted] = await batchRows(db, [
    db
      .prepare(
        "INSERT INTO release_sends (id, job_id, user_id, subject, tags, origin, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(sendId, jobId, userId, subject, tagsJson, origin, now),
    db
      .prepare(
        `SELECT COUNT(*) AS picked, count(CASE WHEN ${HAD_IT("p")} THEN 1 END) AS already_sent, ${used("?4")} AS used
         FROM (${PICKED}) AS p`,
      )
      .bind(userId, jobId, tagsJson, month) as RowsStatement<{
      picked: number;
      already_sent: number;
      used: number;
    }>,
    db
      .prepare(
        `INSERT INTO release_recipients (id, send_id, job_id, user_id, email, name, outlet, status, created_at)
         SELECT lower(hex(randomblob(16))), ?4, ?2, ?1, p.email, p.name, p.outlet, 'queued', ?5
         FROM (${PICKED}) AS p
         WHERE NOT ${HAD_IT("p")}
           AND (SELECT COUNT(*) FROM (${PICKED}) AS q WHERE NOT ${HAD_IT("q")}) + ${used("?6")} <= ?7
         ORDER BY p.email
         ON CONFLICT (job_id, email) DO NOTHING
         RETURNING id`,
      )
      .bind(userId, jobId, tagsJson, sendId, now, month, allowance) as RowsStatement<{ id: string }>,
    db
      .prepare(
        `INSERT INTO release_email_usage (user_id, month, emails)
         SELECT ?1, ?2, COUNT(*) FROM release_recipients WHERE send_id = ?3 HAVING COUNT(*) > 0
         ON CONFLICT (user_id, month) DO UPDATE SET emails = emails + excluded.emails`,
      )
      .bind(userId, month, sendId),
    db
      .prepare(
        "DELETE FROM release_sends WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM release_recipients WHERE send_id = ?1)",
      )
      .bind(sendId),
  ]);
  const figures = counts[0] ?? { picked: 0, already_sent: 0, used: 0 };
  return { queued: inserted.length, picked: figures.picked, alreadySent: figures.already_sent, used: figures.used };
}

export function sendOf(db: D1Database, sendId: string): Promise<SendRow | null> {
  return db
    .prepare("SELECT id, job_id, user_id, subject, origin FROM release_sends WHERE id = ?")
    .bind(sendId)
    .first<SendRow>();
}

/** The send's next recipients still to mail, each with whatever suppresses its address now. */
export async function queuedRecipients(db: D1Database, send: SendRow, limit: number): Promise<QueuedRecipientRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.email, r.name, r.token, s.reason AS suppressed FROM release_recipients r
       LEFT JOIN contact_suppressions s ON s.user_id = r.user_id AND s.email = r.email
       WHERE r.send_id = ? AND r.status = 'queued' ORDER BY r.created_at, r.id LIMIT ?`,
    )
    .bind(send.id, limit)
    .all<QueuedRecipientRow>();
  return results;
}

/**
 * Sends with recipients still queued of which none was queued or mailed since `staleBefore`: their
 * Workflow died, ended early or was never started.
 */
export async function stalledSends(db: D1Database, staleBefore: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT q.send_id FROM (SELECT DISTINCT send_id FROM release_recipients WHERE status = 'queued' LIMIT ?2) AS q
       WHERE NOT EXISTS (SELECT 1 FROM release_recipients r
         WHERE r.send_id = q.send_id AND (r.created_at >= ?1 OR r.sent_at >= ?1))`,
    )
    .bind(staleBefore, limit)
    .all<{ send_id: string }>();
  return results.map((row) => row.send_id);
}

/** Gives a queued recipient its token unless it has one; the caller reads back which one it has. */
export function assignToken(db: D1Database, recipientId: string, token: string, tokenHash: string) {
  return db
    .prepare("UPDATE release_recipients SET token = ?, token_hash = ? WHERE id = ? AND token IS NULL")
    .bind(token, tokenHash, recipientId);
}

export async function tokenOf(db: D1Database, recipientId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT token FROM release_recipients WHERE id = ?")
    .bind(recipientId)
    .first<{ token: string | null }>();
  return row?.token ?? null;
}

/** The e-mail is out (or will never be): its token is forgotten, only its hash stays. */
export function settleRecipient(
  db: D1Database,
  recipientId: string,
  status: Extract<RecipientStatus, "sent" | "failed" | "bounced" | "complained" | "unsubscribed">,
  now: string,
  providerId: string | null = null,
) {
  return db
    .prepare(
      `UPDATE release_recipients SET status = ?2, token = NULL, provider_id = ?3,
         sent_at = CASE WHEN ?2 = 'sent' THEN ?4 ELSE sent_at END
       WHERE id = ?1 AND status = 'queued'`,
    )
    .bind(recipientId, status, providerId, now)
    .run();
}

interface TrackedRecipient {
  readonly id: string;
  readonly job_id: string;
  readonly user_id: string;
  readonly email: string;
}

/** Counts the recipient's first open; null for a token no recipient has. */
export function recordOpen(db: D1Database, tokenHash: string, now: string): Promise<TrackedRecipient | null> {
  return db
    .prepare(
      `UPDATE release_recipients SET opened_at = coalesce(opened_at, ?2) WHERE token_hash = ?1
       RETURNING id, job_id, user_id, email`,
    )
    .bind(tokenHash, now)
    .first<TrackedRecipient>();
}

/** Counts the recipient's first click, and an open with it (its mail client may load no images). */
export function recordClick(db: D1Database, tokenHash: string, now: string): Promise<TrackedRecipient | null> {
  return db
    .prepare(
      `UPDATE release_recipients SET clicked_at = coalesce(clicked_at, ?2), opened_at = coalesce(opened_at, ?2)
       WHERE token_hash = ?1 RETURNING id, job_id, user_id, email`,
    )
    .bind(tokenHash, now)
    .first<TrackedRecipient>();
}

export function recipientOfToken(db: D1Database, tokenHash: string): Promise<TrackedRecipient | null> {
  return db
    .prepare("SELECT id, job_id, user_id, email FROM release_recipients WHERE token_hash = ?")
    .bind(tokenHash)
    .first<TrackedRecipient>();
}

export function recipientOfProviderId(db: D1Database, providerId: string): Promise<TrackedRecipient | null> {
  return db
    .prepare("SELECT id, job_id, user_id, email FROM release_recipients WHERE provider_id = ?")
    .bind(providerId)
    .first<TrackedRecipient>();
}

/**
 * Marks every recipient row of the address in the account, so each release's figures count it:
 * `unsubscribed` where the e-mail was out or still queued, `bounced`/`complained` on the one the
 * provider named. Statement for the caller's batch.
 */
export function markUnsubscribed(db: D1Database, userId: string, email: string, now: string) {
  return db
    .prepare(
      `UPDATE release_recipients SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, ?3),
         token = CASE WHEN status = 'queued' THEN NULL ELSE token END
       WHERE user_id = ?1 AND email = ?2`,
    )
    .bind(userId, email, now);
}

export function markBounced(db: D1Database, recipientId: string, status: "bounced" | "complained", now: string) {
  return db
    .prepare("UPDATE release_recipients SET status = ?2, bounced_at = coalesce(bounced_at, ?3) WHERE id = ?1")
    .bind(recipientId, status, now);
}

interface FiguresRow {
  readonly sent: number;
  readonly opened: number;
  readonly clicked: number;
  readonly unsubscribed: number;
  readonly bounced: number;
}

/** A release's figures and its newest recipients. */
export async function distributionOf(db: D1Database, jobId: string, userId: string, shown: number) {
  const [figures, recipients] = await batchRows(db, [
    db
      .prepare(
        `SELECT count(sent_at) AS sent, count(opened_at) AS opened, count(clicked_at) AS clicked,
           count(unsubscribed_at) AS unsubscribed, count(bounced_at) AS bounced
         FROM release_recipients WHERE job_id = ? AND user_id = ?`,
      )
      .bind(jobId, userId) as RowsStatement<FiguresRow>,
    db
      .prepare(
        `SELECT email, outlet, status, opened_at, clicked_at FROM release_recipients
         WHERE job_id = ? AND user_id = ? ORDER BY created_at DESC, email LIMIT ?`,
      )
      .bind(jobId, userId, shown) as RowsStatement<Recipient>,
  ]);
  return { figures: figures[0] ?? { sent: 0, opened: 0, clicked: 0, unsubscribed: 0, bounced: 0 }, recipients };
}

/** Every send of the account, a page at a time, for its data download. */
export function sendsOf(db: D1Database, userId: string, page: Page) {
  return pagedStatement<{ id: string; job_id: string; subject: string; tags: string; created_at: string }>(
    db,
    "SELECT id, job_id, subject, tags, created_at FROM release_sends WHERE user_id = ? ORDER BY created_at, id",
    [userId],
    page,
  );
}

/** Every recipient of the account's sends, a page at a time, for its data download (no tokens). */
export function recipientsOf(db: D1Database, userId: string, page: Page) {
  return pagedStatement<Recipient & { send_id: string; job_id: string; name: string; sent_at: string | null }>(
    db,
    `SELECT send_id, job_id, email, name, outlet, status, sent_at, opened_at, clicked_at, unsubscribed_at, bounced_at,
       created_at FROM release_recipients WHERE user_id = ? ORDER BY created_at, id`,
    [userId],
    page,
  );
}

/** The e-mails the account queued in each month it sent, for its data download. */
export function monthlyEmailsOf(db: D1Database, userId: string): RowsStatement<{ month: string; emails: number }> {
  return db.prepare("SELECT month, emails FROM release_email_usage WHERE user_id = ? ORDER BY month").bind(userId);
}
