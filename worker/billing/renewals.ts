import type { InvoiceIssuer, Provider, ProviderEndpoint } from "../core/config.ts";
import { type MailMessage, sendMail } from "../providers/mail.ts";
import { chargeAuthorization, type PaystackCharge, verifyTransaction } from "../providers/paystack.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { renewalMail } from "./billing-mail.ts";
import { PLANS } from "./contracts/plans.ts";
import { mailReceipts } from "./invoice-mail.ts";
import {
  claimRenewalOrder,
  failOrder,
  fulfilment,
  type OrderRow,
  PENDING_RENEWAL_OWNERS,
  paymentMatches,
  pendingRenewalOrders,
  RENEWAL_REFERENCE_PREFIX,
} from "./orders.ts";
import { type DueRenewal, dueRenewals, lapseEnded, recordDecline, renewalsOfOwners } from "./store.ts";

/**
 * The parts of a renewal sweep. Each is small enough to be one durable step of the sweep's Workflow
 * (`renewal-sweep.ts`), and each can run again after a crash without charging or mailing anyone twice:
 * a renewal is charged only by the part whose insert created its order, and every e-mail carries an
 * idempotency key fixed by what it is about, so the provider delivers it once however often it is sent.
 */

/** A period is renewed from a day before it ends. */
const RENEWAL_WINDOW_MS = 86_400_000;
const GRACE_DAYS = 3;
/** A declined card is tried again a day later, until the grace period ends. */
const RETRY_AFTER_MS = 86_400_000;
/** Renewals read, claimed and settled per D1 batch, and per step of a sweep. */
export const RENEWAL_PAGE = 200;
/** Charges (and verifications) in flight at once, so a page neither crawls nor floods Paystack. */
const CHARGES_AT_ONCE = 25;
/**
 * A claimed renewal still pending this long after its claim lost its charge's answer (an outage, a
 * crash between the claim and the settlement), so a sweep asks Paystack what became of it.
 */
export const VERIFY_PENDING_AFTER_MS = 10 * 60_000;

export interface SweepContext {
  readonly db: D1Database;
  readonly provider: (provider: Provider) => ProviderEndpoint;
  readonly mailFrom: string;
  /** Vox's registered details, for the invoices the receipts carry. */
  readonly issuer: InvoiceIssuer;
  /** Where the e-mails' links point; null when the Worker cannot know its public origin. */
  readonly siteOrigin: string | null;
  /** The billing clock (`billingNow`) when the sweep began. */
  readonly now: Date;
  /** Renewals per page. */
  readonly pageSize: number;
}

/** What a part of a sweep did; a sweep's report is the sum of its parts'. */
export interface SweepTally {
  renewed: number;
  declined: number;
  lapsed: number;
  /** Pending charges settled after asking Paystack. */
  recovered: number;
  /** Claimed by an overlapping sweep, or still waiting for Paystack's answer. */
  skipped: number;
  /** E-mails handed to the provider. */
  mailed: number;
  /** D1 statements issued, and the round trips they took. */
  statements: number;
  roundTrips: number;
}

export const emptyTally = (): SweepTally => ({
  renewed: 0,
  declined: 0,
  lapsed: 0,
  recovered: 0,
  skipped: 0,
  mailed: 0,
  statements: 0,
  roundTrips: 0,
});

export function addTally(into: SweepTally, part: SweepTally): void {
  for (const key of Object.keys(into) as Array<keyof SweepTally>) into[key] += part[key];
}

/** An e-mail and the key that makes sending it again harmless. */
interface KeyedMail extends MailMessage {
  readonly key: string;
}

export interface PartResult {
  readonly tally: SweepTally;
  /** What to e-mail, in a step of its own. */
  readonly mail: KeyedMail[];
  /**
   * The orders whose receipts to send in that step, each with its invoice. Only references: the
   * invoices are read and rendered when sent, so a step's saved result stays small.
   */
  readonly receipts: string[];
}

interface PageResult extends PartResult {
  /** The account id to read the next page after; null after the last page. */
  readonly next: string | null;
}

/** Ends the plans whose grace ran out or whose period ran out with auto-renew off. */
export async function endLapsed(ctx: SweepContext): Promise<PartResult> {
  const tally = emptyTally();
  const lapse = await lapseEnded(ctx.db, ctx.now.toISOString(), new Date().toISOString());
  tally.statements += lapse.statements;
  tally.roundTrips += 1;
  tally.lapsed = lapse.graceEnded.length;
  const mail = lapse.graceEnded.map((user) => ({
    ...renewalMail.lapsed(user.email, ctx.siteOrigin),
    key: `lapsed-${user.id}-${ctx.now.toISOString().slice(0, 10)}`,
  }));
  return { tally, mail, receipts: [] };
}

/** Reads, claims, charges and settles one page of the renewals due, those after account `after`. */
export async function renewPage(ctx: SweepContext, after: string): Promise<PageResult> {
  const tally = emptyTally();
  const now = ctx.now.toISOString();
  const windowEnd = new Date(ctx.now.getTime() + RENEWAL_WINDOW_MS).toISOString();
  const due = await dueRenewals(ctx.db, { now, windowEnd }, after, ctx.pageSize);
  tally.statements += 1;
  tally.roundTrips += 1;
  const claimed = await claim(ctx, due, tally);
  const outcomes = await mapLimited(claimed, CHARGES_AT_ONCE, (renewal) => charge(ctx, renewal));
  const { mail, receipts } = await settleAll(ctx, outcomes, tally);
  const next = due.length < ctx.pageSize ? null : (due.at(-1)?.user_id ?? null);
  return { tally, mail, receipts, next };
}

/**
 * Settles the renewal charges left pending (an outage cut off the answer, or a crash came between
 * the claim and the settlement) once they are `VERIFY_PENDING_AFTER_MS` old: Paystack's verify says
 * whether the card was charged. A charge Paystack never received is made now, under the same
 * reference, so it can still be taken only once.
 */
export async function recoverPending(ctx: SweepContext, claimedBefore: Date): Promise<PartResult> {
  const tally = emptyTally();
  const pending = await pendingRenewals(ctx.db, claimedBefore.toISOString(), ctx.pageSize);
  tally.statements += pending.statements;
  tally.roundTrips += 1;
  const renewals = new Map(pending.renewals.map((renewal) => [renewal.user_id, renewal]));
  const claimed = pending.orders.flatMap((order) => {
    const renewal = order.user_id ? renewals.get(order.user_id) : undefined;
    return renewal ? [{ renewal: { ...renewal, period_end: order.renews_from ?? renewal.period_end }, order }] : [];
  });
  const outcomes = await mapLimited(claimed, CHARGES_AT_ONCE, (each) => verify(ctx, each));
  const { mail, receipts } = await settleAll(ctx, outcomes, tally);
  tally.recovered = outcomes.filter((outcome) => outcome.kind !== "unanswered").length;
  return { tally, mail, receipts };
}

/** Sends a part's e-mails and receipts; a failure is thrown once all were tried, so the step runs again. */
export async function sendSweepMail(
  ctx: SweepContext,
  { mail, receipts }: Pick<PartResult, "mail" | "receipts">,
): Promise<SweepTally> {
  const tally = emptyTally();
  const failures: unknown[] = [];
  await mapLimited(mail, CHARGES_AT_ONCE, async ({ key, ...message }) => {
    try {
      await sendMail(ctx.provider("mail"), ctx.mailFrom, message, { idempotencyKey: key });
      tally.mailed += 1;
    } catch (error) {
      failures.push(error);
    }
  });
  try {
    tally.mailed += await mailReceipts({ ...ctx, mail: ctx.provider("mail") }, receipts);
  } catch (error) {
    failures.push(error);
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} sends of renewal e-mails failed`, { cause: failures[0] });
  }
  return tally;
}

/**
 * Renewal orders claimed before `claimedBefore` and still pending, oldest first, with their accounts'
 * renewals: what a sweep verifies with Paystack. One D1 round trip.
 */
async function pendingRenewals(
  db: D1Database,
  claimedBefore: string,
  limit: number,
): Promise<{ orders: OrderRow[]; renewals: DueRenewal[]; statements: number }> {
  const [orders, renewals] = await db.batch<OrderRow & DueRenewal>([
    pendingRenewalOrders(db).bind(claimedBefore, limit),
    renewalsOfOwners(db, PENDING_RENEWAL_OWNERS).bind(claimedBefore, limit),
  ]);
  return {
    orders: (orders?.results ?? []) as OrderRow[],
    renewals: (renewals?.results ?? []) as DueRenewal[],
    statements: 2,
  };
}

interface Claimed {
  readonly renewal: DueRenewal;
  readonly order: OrderRow;
}

/** Paystack takes only letters, digits, "-", "." and "=" in a reference. */
export function renewalReference(userId: string, periodEnd: string, attempt: number): string {
  return `${RENEWAL_REFERENCE_PREFIX}${userId.replaceAll("-", "")}-${periodEnd.slice(0, 10).replaceAll("-", "")}-${attempt}`;
}

/** Creates each renewal's order in one batch; only the orders this part created are its to charge. */
async function claim(ctx: SweepContext, due: DueRenewal[], tally: SweepTally): Promise<Claimed[]> {
  const priced = due.flatMap((renewal) => {
    const price = PLANS.find((plan) => plan.id === renewal.plan)?.priceNaira;
    return price ? [{ renewal, amountKobo: price * 100 }] : [];
  });
  if (priced.length === 0) return [];
  const createdAt = new Date().toISOString();
  const results = await ctx.db.batch<OrderRow>(
    priced.map(({ renewal, amountKobo }) =>
      claimRenewalOrder(ctx.db, {
        reference: renewalReference(renewal.user_id, renewal.period_end, renewal.attempts + 1),
        user_id: renewal.user_id,
        plan: renewal.plan,
        amount_kobo: amountKobo,
        created_at: createdAt,
        renews_from: renewal.period_end,
      }),
    ),
  );
  tally.statements += priced.length;
  tally.roundTrips += 1;
  return priced.flatMap(({ renewal }, index) => {
    const order = results[index]?.results[0];
    if (order) return [{ renewal, order }];
    tally.skipped += 1;
    return [];
  });
}

type Outcome =
  | { readonly kind: "paid"; readonly claimed: Claimed; readonly charge: Pick<PaystackCharge, "amount" | "currency"> }
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
    // An outage may have charged the card without telling us: the order stays claimed, never charged
    // again under another reference, until a later sweep verifies it.
    if (error.retryable) return { kind: "unanswered", claimed };
    // Paystack already has a charge under this reference (one whose answer was lost): verify settles it.
    if (error.detail === DUPLICATE_REFERENCE) return { kind: "unanswered", claimed };
    return { kind: "declined", claimed, reason: error.detail ?? "The card could not be charged." };
  }
}

/** Paystack's refusal of a second charge under one reference. */
const DUPLICATE_REFERENCE = "Duplicate Transaction Reference";

/** Paystack's statuses of a charge that has ended without taking the money. */
const UNPAID = new Set(["failed", "abandoned", "reversed"]);

async function verify(ctx: SweepContext, claimed: Claimed): Promise<Outcome> {
  try {
    const transaction = await verifyTransaction(ctx.provider("paystack"), claimed.order.reference);
    if (transaction.status === "success") return { kind: "paid", claimed, charge: transaction };
    if (UNPAID.has(transaction.status)) return { kind: "declined", claimed, reason: transaction.status };
    return { kind: "unanswered", claimed };
  } catch (error) {
    // Paystack never received the charge: making it now under the same reference cannot take it twice.
    if (error instanceof ProviderError && error.status === 404) return charge(ctx, claimed);
    if (!(error instanceof ProviderError)) throw error;
    console.error(`[billing] renewal ${claimed.order.reference} not verified`, error);
    return { kind: "unanswered", claimed };
  }
}

/** Settles a page's answered charges in one D1 batch; answers the e-mails and receipts they call for. */
async function settleAll(
  ctx: SweepContext,
  outcomes: readonly Outcome[],
  tally: SweepTally,
): Promise<Pick<PartResult, "mail" | "receipts">> {
  const mail: KeyedMail[] = [];
  const receipts: string[] = [];
  const statements = outcomes.flatMap((outcome) => settle(ctx, outcome, tally, mail, receipts));
  if (statements.length > 0) {
    await ctx.db.batch(statements);
    tally.statements += statements.length;
    tally.roundTrips += 1;
  }
  return { mail, receipts };
}

function settle(
  ctx: SweepContext,
  outcome: Outcome,
  tally: SweepTally,
  mail: KeyedMail[],
  receipts: string[],
): D1PreparedStatement[] {
  const { renewal, order } = outcome.claimed;
  if (outcome.kind === "unanswered") {
    tally.skipped += 1;
    return [];
  }
  if (outcome.kind === "paid" && paymentMatches(order, outcome.charge)) {
    tally.renewed += 1;
    // The receipt and its invoice, like the order, are dated on the billing clock.
    receipts.push(order.reference);
    return fulfilment(ctx.db, order, null, ctx.now);
  }
  tally.declined += 1;
  const failedAt = ctx.now.getTime();
  const graceFrom = Math.max(Date.parse(renewal.period_end), failedAt);
  const graceUntil = new Date(graceFrom + GRACE_DAYS * 86_400_000).toISOString();
  // Only the first decline of a period opens the grace period and says so.
  if (renewal.state === "active") {
    mail.push({
      ...renewalMail.declined(renewal.email, graceUntil, ctx.siteOrigin),
      key: `declined-${order.reference}`,
    });
  }
  return [
    failOrder(ctx.db, order.reference),
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
