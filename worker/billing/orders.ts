import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import type { PaidCard } from "../providers/paystack.ts";
import { type PlanId, plansAbove } from "./contracts/plans.ts";
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

/** SQLite date modifiers for how long each purchasable plan lasts. */
export const PLAN_PERIOD: Record<PlanId, string | null> = {
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

export type Fulfilment = "activated" | "already_paid" | "mismatch" | "unknown";

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

/**
 * The statements that settle a matching payment, for one D1 batch (a transaction); the first is
 * the order's. Everything after it applies only when this call's own fulfilment id won the order,
 * so a callback, a webhook and a sweep arriving together cannot extend the plan twice. A purchase
 * extends from the current expiry when that is still in the future, so unused days are never lost
 * (Yearly bought during Monthly runs a year from the Monthly expiry); a renewal extends from the
 * period it continues. A smaller plan paid while a larger one is active (an order begun before the
 * upgrade) never downgrades it: the larger plan stays and the period paid for is added to its end.
 * Paying also proves the address, like entering the code. `at` is when it was paid: a renewal's is
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
    db
      .prepare(
        `UPDATE users SET
           plan = CASE WHEN subscription_expires_at > ?1 AND plan IN (SELECT value FROM json_each(?2)) THEN plan ELSE ?3 END,
           subscription_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', max(coalesce(?7, subscription_expires_at, ''), ?1), ?4),
           email_verified_at = coalesce(email_verified_at, ?1)
         WHERE id = (SELECT user_id FROM orders WHERE reference = ?5 AND fulfilment_id = ?6)`,
      )
      .bind(
        now,
        JSON.stringify(plansAbove(order.plan)),
        order.plan,
        PLAN_PERIOD[order.plan],
        reference,
        fulfilmentId,
        order.renews_from,
      ),
    settleSubscription(db, reference, fulfilmentId),
  ];
  if (card?.authorization.reusable) statements.push(keepCard(db, reference, fulfilmentId, card));
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
