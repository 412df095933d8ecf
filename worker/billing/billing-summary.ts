import { SUBSCRIPTION_STATUS } from "../accounts/contracts/auth.ts";
import { subscriptionStatus, type UserRow } from "../accounts/users.ts";
import { quotaSeconds, usedSecondsOf } from "../live/usage.ts";
import { storageUsedBy } from "../recordings/storage-used.ts";
import type { BillingResponse } from "./contracts/billing.ts";
import { PLANS, type PlanId, planLimits, storageQuotaBytes } from "./contracts/plans.ts";
import type { OrderRow } from "./orders.ts";
import { paidOrdersOf } from "./orders.ts";
import { type SubscriptionRow, subscriptionOf } from "./store.ts";

/**
 * What Settings › Billing shows: the plan, its renewal, the card, the receipts and this period's
 * use against the plan's allowance. It reads payments', live transcription's and storage's tables,
 * so it sits above their stores, in one D1 batch.
 */
export async function billingSummary(db: D1Database, user: UserRow, billingNow: Date): Promise<BillingResponse> {
  const [subscriptionRows, orderRows, liveRows, storageRows] = await db.batch([
    subscriptionOf(db, user.id),
    paidOrdersOf(db, user.id),
    usedSecondsOf(db, user.id),
    storageUsedBy(db, user.id),
  ]);
  const subscription = (subscriptionRows?.results[0] as SubscriptionRow | undefined) ?? null;
  const orders = (orderRows?.results ?? []) as OrderRow[];
  const liveSeconds = (liveRows?.results[0] as { seconds: number } | undefined)?.seconds ?? 0;
  const storageBytes = (storageRows?.results[0] as { used: number } | undefined)?.used ?? 0;

  const plan = PLANS.find((candidate) => candidate.id === user.plan)?.id ?? null;
  const limits = planLimits(plan);
  const status = statusOf(user, subscription, billingNow);
  const autoRenew = subscription?.auto_renew === 1;
  const price = PLANS.find((candidate) => candidate.id === plan)?.priceNaira ?? null;
  const renews = autoRenew && (status === "active" || status === "grace") && price !== null;
  return {
    plan: plan as PlanId | null,
    status,
    current_period_end: subscription?.period_end ?? user.subscription_expires_at,
    grace_until: status === "grace" ? (subscription?.grace_until ?? null) : null,
    auto_renew: autoRenew,
    next_charge_amount: renews ? price * 100 : null,
    card:
      subscription?.card_brand && subscription.card_last4
        ? { brand: subscription.card_brand, last4: subscription.card_last4 }
        : null,
    receipts: orders.map((order) => ({
      id: order.fulfilment_id ?? order.reference,
      amount: order.amount_kobo,
      currency: "NGN",
      paid_at: order.paid_at ?? order.created_at,
      reference: order.reference,
    })),
    usage: [
      {
        tool: "live",
        label: "Live transcription (VoxScribe)",
        unit: "seconds",
        used: liveSeconds,
        allowance: quotaSeconds(plan),
      },
      {
        tool: "storage",
        label: "Storage across the tools",
        unit: "bytes",
        used: storageBytes,
        allowance: storageQuotaBytes(limits),
      },
    ],
  };
}

function statusOf(user: UserRow, subscription: SubscriptionRow | null, now: Date): BillingResponse["status"] {
  const at = now.toISOString();
  if (subscription) {
    if (subscription.state === "lapsed") return "lapsed";
    if (subscription.state === "grace")
      return subscription.grace_until && subscription.grace_until > at ? "grace" : "lapsed";
    // A due renewal the sweep has not reached yet still counts as active.
    if (subscription.period_end > at || subscription.auto_renew === 1) return "active";
    return "lapsed";
  }
  const held = subscriptionStatus(user, now.getTime());
  if (held === SUBSCRIPTION_STATUS.paid) return "active";
  if (held === SUBSCRIPTION_STATUS.trial) return "trial";
  return "none";
}
