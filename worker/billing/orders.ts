import { extendPlanOf } from "../accounts/users.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import type { PaidCard } from "../providers/paystack.ts";
import { vatIncludedKobo } from "./contracts/billing-figures.ts";
import { type PlanId, plansAbove } from "./contracts/plans.ts";
import { issueInvoice } from "./invoices.ts";
import { keepCard, settleSubscription } from "./store.ts";

export interface OrderRow {
  reference: string;
  /** Null once the buyer deleted the account: paid orders are kept for the accounts. */
  user_id: string | null;
  plan: PlanId;
  amount_kobo: number;
  currency: string;
  status: "pending" | "paid" | "failed";
  fulfilment_id: string | null;
  created_at: string;
  paid_at: string | null;
  /** A renewal's: the end of the period it continues. */
  renews_from: string | null;
}

/** How a renewal's reference begins (`renewalReference` in `renewals.ts`), telling it from a checkout's. */
export const RENEWAL_REFERENCE_PREFIX = "vox-renew-";

/** SQLite date modifiers for how long each purchasable plan lasts. */
const PLAN_PERIOD: Record<PlanId, string | null> = {
  monthly: "+1 months",
  yearly: "+1 years",
  enterprise: null,
};

export function findOrder(db: D1Database, reference: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE reference = ?").bind(reference).first<OrderRow>();
}

export async function createOrder(db: D1Database, userId: string, plan: PlanId, amountKobo: number): Promise<OrderRow> {
  // Paystack takes only letters, digits, "-", "." and "=" in a reference.
  const reference = `vox-${crypto.randomUUID().replaceAll("-", "")}`;
  const order = await db
    .prepare(
      `INSERT INTO orders (reference, user_id, plan, amount_kobo, currency, status, created_at)
       VALUES (?, ?, ?, ?, 'NGN', 'pending', ?) RETURNING *`,
    )
    .bind(reference, userId, plan, amountKobo, new Date().toISOString())
    .first<OrderRow>();
  if (!order) throw new Error("order insert returned nothing");
  return order;
}

export async function markOrderFailed(db: D1Database, reference: string): Promise<void> {
  await db
    .prepare("UPDATE orders SET status = 'failed' WHERE reference = ? AND status = 'pending'")
    .bind(reference)
    .run();
}

type Fulfilment = "activated" | "already_paid" | "mismatch" | "unknown";

export interface Payment {
  readonly amount: number;
  readonly currency: string;
  /** The card paid with, kept for renewals when Paystack says it can be charged again. */
  readonly card?: PaidCard | null;
}

/**
 * Marks the order paid and extends the plan, exactly once: the first of the checkout callback, the
 * webhook and the renewal sweep to settle it. A payment that does not match its order fails it.
 */
export async function fulfilOrder(db: D1Database, reference: string, paid: Payment): Promise<Fulfilment> {
  const order = await findOrder(db, reference);
  if (!order) return "unknown";
  if (order.status === "paid") return "already_paid";
  if (order.status === "failed") return "mismatch";
  if (!paymentMatches(order, paid)) {
    await markOrderFailed(db, reference);
    return "mismatch";
  }
  const [orderUpdate] = await db.batch(fulfilment(db, order, paid.card ?? null));
  return orderUpdate?.meta.changes === 1 ? "activated" : "already_paid";
}

export function paymentMatches(order: OrderRow, paid: Payment): boolean {
  if (PLAN_PERIOD[order.plan] && paid.amount === order.amount_kobo && paid.currency === order.currency) return true;
  console.error(
    `[payments] ${order.reference}: paid ${paid.amount} ${paid.currency}, expected ${order.amount_kobo} ${order.currency}`,
  );
  return false;
}

/** The account that won order `reference` under `fulfilmentId`; nobody when another call won it. */
const WINNER = "(SELECT user_id FROM orders WHERE reference = ? AND fulfilment_id = ?)";

/**
 * The statements that settle a matching payment, for one D1 batch (a transaction); the first is
 * the order's. Everything after it applies only when this call's own fulfilment id won the order,
 * so a callback, a webhook and a sweep arriving together cannot extend the plan twice. A purchase
 * extends from the current expiry when that is still in the future, so unused days are never lost
 * (Yearly bought during Monthly runs a year from the Monthly expiry); a renewal extends from the
 * period it continues. A smaller plan paid while a larger one is active (an order begun before the
 * upgrade) never downgrades it: the larger plan stays and the period paid for is added to its end.
 * Paying also proves the address, like entering the code. The winner's invoice is issued in the same
 * batch, numbered then (first payment and renewal alike). `at` is when it was paid: a renewal's is
 * the billing clock's.
 */
export function fulfilment(
  db: D1Database,
  order: OrderRow,
  card: PaidCard | null,
  at: Date = new Date(),
): D1PreparedStatement[] {
  const fulfilmentId = crypto.randomUUID();
  const now = at.toISOString();
  const { reference } = order;
  const statements = [
    db
      .prepare(
        "UPDATE orders SET status = 'paid', paid_at = ?, fulfilment_id = ? WHERE reference = ? AND status = 'pending'",
      )
      .bind(now, fulfilmentId, reference),
    extendPlanOf(db, "(SELECT user_id FROM orders WHERE reference = ?5 AND fulfilment_id = ?6)").bind(
      now,
      JSON.stringify(plansAbove(order.plan)),
      order.plan,
      PLAN_PERIOD[order.plan],
      reference,
      fulfilmentId,
      order.renews_from,
    ),
    settleSubscription(db, WINNER, reference, fulfilmentId),
    ...issueInvoice(db, {
      reference,
      fulfilmentId,
      issuedAt: now,
      periodBack: (PLAN_PERIOD[order.plan] ?? "").replace("+", "-"),
      vatKobo: vatIncludedKobo(order.amount_kobo),
    }),
  ];
  if (card?.authorization.reusable) statements.push(keepCard(db, WINNER, reference, fulfilmentId, card));
  return statements;
}

/** The account's paid orders (its receipts), newest first, as a statement for a batch. */
export function paidOrdersOf(db: D1Database, userId: string, limit = 100): D1PreparedStatement {
  return db
    .prepare("SELECT * FROM orders WHERE user_id = ? AND status = 'paid' ORDER BY paid_at DESC LIMIT ?")
    .bind(userId, limit);
}

/** Drops a user's unpaid orders; paid ones stay, without the user, as accounting records. */
export function deleteUnpaidOrders(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM orders WHERE user_id = ? AND status != 'paid'").bind(userId);
}

/** A page of the account's orders, paid or not, oldest first, for the account's data export. */
export function ordersOf(db: D1Database, userId: string, page: Page): RowsStatement<OrderRow> {
  return pagedStatement(db, "SELECT * FROM orders WHERE user_id = ? ORDER BY created_at, reference", [userId], page);
}

const PENDING_RENEWALS = `SELECT * FROM orders WHERE status = 'pending' AND renews_from IS NOT NULL AND created_at < ?1
  ORDER BY created_at LIMIT ?2`;

/** Renewal orders claimed before `?1` and still pending, oldest first, at most `?2`, unbound. */
export const pendingRenewalOrders = (db: D1Database) => db.prepare(PENDING_RENEWALS);

/** The accounts of `pendingRenewalOrders`, as a SQL expression over the same parameters. */
export const PENDING_RENEWAL_OWNERS = `(SELECT user_id FROM (${PENDING_RENEWALS}))`;

/** A renewal's order, unless one with its reference exists; answers the row it created. */
export function claimRenewalOrder(
  db: D1Database,
  order: Pick<OrderRow, "reference" | "user_id" | "amount_kobo" | "created_at"> & {
    plan: string | null;
    renews_from: string;
  },
): RowsStatement<OrderRow> {
  return db
    .prepare(
      `INSERT INTO orders (reference, user_id, plan, amount_kobo, currency, status, created_at, renews_from)
       VALUES (?, ?, ?, ?, 'NGN', 'pending', ?, ?) ON CONFLICT (reference) DO NOTHING RETURNING *`,
    )
    .bind(order.reference, order.user_id, order.plan, order.amount_kobo, order.created_at, order.renews_from);
}

/** A pending order whose charge was declined. */
export function failOrder(db: D1Database, reference: string): D1PreparedStatement {
  return db.prepare("UPDATE orders SET status = 'failed' WHERE reference = ? AND status = 'pending'").bind(reference);
}

/** Renewal orders counted by status, for the sandbox's bench. */
export function renewalOrdersByStatus(db: D1Database): RowsStatement<{ status: string; count: number }> {
  return db.prepare("SELECT status, count(*) AS count FROM orders WHERE renews_from IS NOT NULL GROUP BY status");
}
