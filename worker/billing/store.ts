import { billingEmailOf, endPlansOf, holdThroughGrace } from "../accounts/users.ts";
import type { RowsStatement } from "../core/d1.ts";
import type { PaidCard } from "../providers/paystack.ts";

/**
 * Subscriptions: the period each paying account's plan runs to, its auto-renew choice, the state of
 * its renewal and the card it renews with. The statements that settle an order are composed into
 * the order's own batch (`orders.ts`), so a plan and its subscription row never disagree.
 */

export interface SubscriptionRow {
  user_id: string;
  period_end: string;
  auto_renew: 0 | 1;
  state: "active" | "grace" | "lapsed";
  grace_until: string | null;
  attempts: number;
  next_attempt_at: string | null;
  authorization_code: string | null;
  authorization_email: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: string | null;
  card_exp_year: string | null;
}

/**
 * After the plan is extended: the subscription of `winner` (the SQL expression for the account that
 * won the order, binding `reference` and `fulfilmentId`) follows its new expiry and starts afresh.
 */
export function settleSubscription(
  db: D1Database,
  winner: string,
  reference: string,
  fulfilmentId: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO subscriptions (user_id, period_end)
       SELECT id, subscription_expires_at FROM users WHERE id = ${winner}
       ON CONFLICT (user_id) DO UPDATE SET
         period_end = excluded.period_end, state = 'active', grace_until = NULL, attempts = 0, next_attempt_at = NULL`,
    )
    .bind(reference, fulfilmentId);
}

/** Keeps the card of a won order for renewals (`winner` as in `settleSubscription`); Paystack charges again only a reusable one. */
export function keepCard(
  db: D1Database,
  winner: string,
  reference: string,
  fulfilmentId: string,
  card: PaidCard,
): D1PreparedStatement {
  const { authorization, customer } = card;
  return db
    .prepare(
      `UPDATE subscriptions SET authorization_code = ?, authorization_email = ?, card_brand = ?, card_last4 = ?,
         card_exp_month = ?, card_exp_year = ?
       WHERE user_id = ${winner}`,
    )
    .bind(
      authorization.authorization_code,
      customer.email,
      authorization.brand,
      authorization.last4,
      authorization.exp_month,
      authorization.exp_year,
      reference,
      fulfilmentId,
    );
}

/** The account's subscription row (none before its first payment), as a statement for a batch. */
export function subscriptionOf(db: D1Database, userId: string): RowsStatement<SubscriptionRow> {
  return db.prepare("SELECT * FROM subscriptions WHERE user_id = ?").bind(userId);
}

/** Answers the updated row, or null when the account has never paid (nothing to renew). */
export function setAutoRenew(db: D1Database, userId: string, autoRenew: boolean): Promise<SubscriptionRow | null> {
  return db
    .prepare("UPDATE subscriptions SET auto_renew = ? WHERE user_id = ? RETURNING *")
    .bind(autoRenew ? 1 : 0, userId)
    .first<SubscriptionRow>();
}

export interface DueRenewal extends SubscriptionRow {
  plan: string | null;
  email: string;
}

/**
 * Renewals to charge now: auto-renew on, the period ending before `windowEnd`, not waiting for a
 * retry. Read in pages by account id, so a sweep moves on even past rows another sweep holds.
 */
export async function dueRenewals(
  db: D1Database,
  at: { now: string; windowEnd: string },
  afterUserId: string,
  limit: number,
): Promise<DueRenewal[]> {
  const { results } = await db
    .prepare(
      `SELECT subscriptions.*, users.plan, ${billingEmailOf("users.id")} AS email FROM subscriptions JOIN users ON users.id = subscriptions.user_id
       WHERE subscriptions.auto_renew = 1 AND subscriptions.state IN ('active', 'grace')
         AND subscriptions.period_end <= ? AND coalesce(subscriptions.next_attempt_at, '') <= ?
         AND subscriptions.user_id > ?
       ORDER BY subscriptions.user_id LIMIT ?`,
    )
    .bind(at.windowEnd, at.now, afterUserId, limit)
    .all<DueRenewal>();
  return results;
}

/**
 * A declined renewal: the first decline of a period opens the grace period (and keeps the tools
 * open until it ends); every decline counts an attempt and waits a day before the next.
 */
export function recordDecline(
  db: D1Database,
  userId: string,
  periodEnd: string,
  at: { graceUntil: string; nextAttemptAt: string },
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE subscriptions SET state = 'grace', grace_until = coalesce(grace_until, ?1), attempts = attempts + 1,
           next_attempt_at = ?2
         WHERE user_id = ?3 AND period_end = ?4 AND state IN ('active', 'grace')`,
      )
      .bind(at.graceUntil, at.nextAttemptAt, userId, periodEnd),
    holdThroughGrace(db, userId),
  ];
}

/** Which ends of a plan a sweep records: a grace period that ran out, or a period left to run out. */
const LAPSING = {
  grace: "state = 'grace' AND grace_until <= ?1",
  notRenewed: "state = 'active' AND auto_renew = 0 AND period_end <= ?1",
} as const;

/**
 * Ends the plans whose grace ran out or whose period ran out with auto-renew off, in one batch. The
 * plan, and any free days left from sign-up, end at `endedAt` (the real time) at the latest: in
 * production both dates have already passed, so only the state changes; under the sandbox's moved
 * billing clock it is what makes the account's `subscription_status` agree with the billing clock.
 */
export async function lapseEnded(
  db: D1Database,
  billingNow: string,
  endedAt: string,
): Promise<{ graceEnded: Array<{ id: string; email: string }>; statements: number }> {
  const endUsers = (which: keyof typeof LAPSING) => endPlansOf(db, LAPSING[which], billingNow, endedAt);
  const markLapsed = (which: keyof typeof LAPSING) =>
    db.prepare(`UPDATE subscriptions SET state = 'lapsed' WHERE ${LAPSING[which]}`).bind(billingNow);
  const statements = [endUsers("grace"), markLapsed("grace"), endUsers("notRenewed"), markLapsed("notRenewed")];
  const [graceEnded] = await db.batch<{ id: string; email: string }>(statements);
  return { graceEnded: graceEnded?.results ?? [], statements: statements.length };
}

/** The subscriptions, with plan and address, of the accounts the SQL expression `owners` lists, unbound. */
export function renewalsOfOwners(db: D1Database, owners: string): D1PreparedStatement {
  return db.prepare(
    `SELECT subscriptions.*, users.plan, ${billingEmailOf("users.id")} AS email FROM subscriptions JOIN users ON users.id = subscriptions.user_id
     WHERE subscriptions.user_id IN ${owners}`,
  );
}

/**
 * Handing a workspace over: the former owner's kept card is forgotten and auto-renew stops, so
 * they are never charged again; the plan runs to its end and the new owner renews it with their
 * own card. Only `when` (a SQL condition: the new owner was made in the same batch).
 */
export function forgetCardOf(db: D1Database, workspaceId: string, when: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE subscriptions SET auto_renew = 0, authorization_code = NULL, authorization_email = NULL,
         card_brand = NULL, card_last4 = NULL, card_exp_month = NULL, card_exp_year = NULL
       WHERE user_id = ?1 AND ${when}`,
    )
    .bind(workspaceId);
}
