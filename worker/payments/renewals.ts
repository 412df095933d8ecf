import type { Provider, ProviderEndpoint } from "../config.ts";
import { PLANS } from "../contracts/plans.ts";
import { type MailMessage, sendMail } from "../providers/mail.ts";
import { chargeAuthorization, type PaystackCharge } from "../providers/paystack.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { renewalMail } from "./billing-mail.ts";
import { fulfilment, type OrderRow, paymentMatches } from "./orders.ts";
import { type DueRenewal, dueRenewals, lapseEnded, recordDecline } from "./store.ts";

/** A period is renewed from a day before it ends. */
export const RENEWAL_WINDOW_MS = 86_400_000;
export const GRACE_DAYS = 3;
/** A declined card is tried again a day later, until the grace period ends. */
const RETRY_AFTER_MS = 86_400_000;
/** Renewals read, claimed and settled per D1 batch. */
const PAGE = 200;
/** Charges in flight at once, so a large sweep neither crawls nor floods Paystack. */
const CHARGES_AT_ONCE = 25;

export interface SweepContext {
  readonly db: D1Database;
  readonly provider: (provider: Provider) => ProviderEndpoint;
  readonly mailFrom: string;
  /** Where the e-mails' links point; null when the Worker cannot know its public origin. */
  readonly siteOrigin: string | null;
  /** The billing clock (`billingNow`). */
  readonly now: Date;
}

export interface SweepReport {
  renewed: number;
  declined: number;
  lapsed: number;
  /** Claimed by an overlapping sweep, or still waiting for Paystack's answer. */
  skipped: number;
  /** D1 statements the sweep issued, and the round trips they took. */
  statements: number;
  roundTrips: number;
}

/**
 * Renews the plans that are due, ends those that ran out, and e-mails the receipts and warnings.
 * Each renewal is charged at most once however many sweeps overlap: its order's reference is fixed
 * by account, period and attempt, and only the sweep whose insert creates that order charges it
 * (Paystack would refuse the reference a second time anyway).
 */
export async function sweepRenewals(ctx: SweepContext): Promise<SweepReport> {
  const report: SweepReport = { renewed: 0, declined: 0, lapsed: 0, skipped: 0, statements: 0, roundTrips: 0 };
  const mail: MailMessage[] = [];
  const now = ctx.now.toISOString();

  const lapse = await lapseEnded(ctx.db, now, new Date().toISOString());
  report.statements += lapse.statements;
  report.roundTrips += 1;
  report.lapsed = lapse.graceEnded.length;
  for (const user of lapse.graceEnded) mail.push(renewalMail.lapsed(user.email, ctx.siteOrigin));

  const windowEnd = new Date(ctx.now.getTime() + RENEWAL_WINDOW_MS).toISOString();
  let after = "";
  for (;;) {
    const due = await dueRenewals(ctx.db, { now, windowEnd }, after, PAGE);
    report.statements += 1;
    report.roundTrips += 1;
    const last = due.at(-1);
    if (!last) break;
    after = last.user_id;
    const claimed = await claim(ctx, due, report);
    const settled = await mapLimited(claimed, CHARGES_AT_ONCE, (renewal) => charge(ctx, renewal));
    const statements = settled.flatMap((outcome) => settle(ctx, outcome, report, mail));
    if (statements.length > 0) {
      await ctx.db.batch(statements);
      report.statements += statements.length;
      report.roundTrips += 1;
    }
    if (due.length < PAGE) break;
  }

  await mapLimited(mail, CHARGES_AT_ONCE, (message) =>
    sendMail(ctx.provider("mail"), ctx.mailFrom, message).catch((error: unknown) =>
      console.error(`[billing] mail to ${message.to} failed`, error),
    ),
  );
  return report;
}

interface Claimed {
  readonly renewal: DueRenewal;
  readonly order: OrderRow;
}

/** Paystack takes only letters, digits, "-", "." and "=" in a reference. */
export function renewalReference(userId: string, periodEnd: string, attempt: number): string {
  return `vox-renew-${userId.replaceAll("-", "")}-${periodEnd.slice(0, 10).replaceAll("-", "")}-${attempt}`;
}

/** Creates each renewal's order in one batch; only the orders this sweep created are its to charge. */
async function claim(ctx: SweepContext, due: DueRenewal[], report: SweepReport): Promise<Claimed[]> {
  const priced = due.flatMap((renewal) => {
    const price = PLANS.find((plan) => plan.id === renewal.plan)?.priceNaira;
    return price ? [{ renewal, amountKobo: price * 100 }] : [];
  });
  if (priced.length === 0) return [];
  const createdAt = new Date().toISOString();
  const results = await ctx.db.batch<OrderRow>(
    priced.map(({ renewal, amountKobo }) =>
      ctx.db
        .prepare(
          `INSERT INTO orders (reference, user_id, plan, amount_kobo, currency, status, created_at, renews_from)
           VALUES (?, ?, ?, ?, 'NGN', 'pending', ?, ?) ON CONFLICT (reference) DO NOTHING RETURNING *`,
        )
        .bind(
          renewalReference(renewal.user_id, renewal.period_end, renewal.attempts + 1),
          renewal.user_id,
          renewal.plan,
          amountKobo,
          createdAt,
          renewal.period_end,
        ),
    ),
  );
  report.statements += priced.length;
  report.roundTrips += 1;
  return priced.flatMap(({ renewal }, index) => {
    const order = results[index]?.results[0];
    if (order) return [{ renewal, order }];
    report.skipped += 1;
    return [];
  });
}

type Outcome =
  | { readonly kind: "paid"; readonly claimed: Claimed; readonly charge: PaystackCharge }
  | { readonly kind: "declined"; readonly claimed: Claimed; readonly reason: string }
  | { readonly kind: "unanswered"; readonly claimed: Claimed };

async function charge(ctx: SweepContext, claimed: Claimed): Promise<Outcome> {
  const { renewal, order } = claimed;
  if (!renewal.authorization_code) return { kind: "declined", claimed, reason: "No card is kept for this account." };
  try {
    const answer = await chargeAuthorization(ctx.provider("paystack"), {
      email: renewal.authorization_email ?? renewal.email,
      amount: order.amount_kobo,
      authorization_code: renewal.authorization_code,
      reference: order.reference,
      currency: "NGN",
    });
    if (answer.status === "success") return { kind: "paid", claimed, charge: answer };
    return { kind: "declined", claimed, reason: answer.gateway_response };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`[billing] renewal ${order.reference} not charged`, error);
    // An outage may have charged the card without telling us: the order stays claimed, never charged twice.
    if (error.retryable) return { kind: "unanswered", claimed };
    return { kind: "declined", claimed, reason: error.detail ?? "The card could not be charged." };
  }
}

function settle(ctx: SweepContext, outcome: Outcome, report: SweepReport, mail: MailMessage[]): D1PreparedStatement[] {
  const { renewal, order } = outcome.claimed;
  if (outcome.kind === "unanswered") {
    report.skipped += 1;
    return [];
  }
  if (outcome.kind === "paid" && paymentMatches(order, outcome.charge)) {
    report.renewed += 1;
    mail.push(renewalMail.receipt(renewal.email, order, ctx.siteOrigin));
    return fulfilment(ctx.db, order, null);
  }
  report.declined += 1;
  const failedAt = ctx.now.getTime();
  const graceFrom = Math.max(Date.parse(renewal.period_end), failedAt);
  const graceUntil = new Date(graceFrom + GRACE_DAYS * 86_400_000).toISOString();
  // Only the first decline of a period opens the grace period and says so.
  if (renewal.state === "active") mail.push(renewalMail.declined(renewal.email, graceUntil, ctx.siteOrigin));
  return [
    ctx.db
      .prepare("UPDATE orders SET status = 'failed' WHERE reference = ? AND status = 'pending'")
      .bind(order.reference),
    ...recordDecline(ctx.db, renewal.user_id, renewal.period_end, {
      graceUntil,
      nextAttemptAt: new Date(failedAt + RETRY_AFTER_MS).toISOString(),
    }),
  ];
}

/** Runs `work` over `items` with at most `limit` in flight; answers in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
