import { z } from "zod";
import { formatNaira } from "./numbers.ts";

/** `GET /api/billing` and `PATCH /api/billing`: the plan held, its renewal, card, receipts and usage. */

export const BILLING_STATUSES = ["trial", "active", "grace", "lapsed", "none"] as const;

export const receiptSchema = z.object({
  id: z.string(),
  /** Kobo. */
  amount: z.number().int(),
  currency: z.literal("NGN"),
  paid_at: z.string(),
  reference: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const usageSchema = z.object({
  tool: z.enum(["live", "storage"]),
  label: z.string(),
  unit: z.enum(["hours", "GB"]),
  used: z.number(),
  /** Null means unlimited. */
  allowance: z.number().nullable(),
});

export const billingResponse = z.object({
  plan: z.enum(["monthly", "yearly", "enterprise"]).nullable(),
  status: z.enum(BILLING_STATUSES),
  current_period_end: z.string().nullable(),
  /** Set while a declined renewal is retried: the tools stay open until then. */
  grace_until: z.string().nullable(),
  auto_renew: z.boolean(),
  /** Kobo; what the next renewal charges, null when nothing will be charged. */
  next_charge_amount: z.number().int().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  receipts: z.array(receiptSchema),
  usage: z.array(usageSchema),
});
export type BillingResponse = z.infer<typeof billingResponse>;

export const billingPatchBody = z.strictObject({
  auto_renew: z.boolean({ error: "auto_renew must be true or false" }),
});

/** Prices include Nigerian VAT at 7.5%; receipts show the part of the amount that is VAT. */
export const VAT_RATE = 0.075;

export function vatIncludedKobo(amountKobo: number): number {
  return Math.round((amountKobo * VAT_RATE) / (1 + VAT_RATE));
}

/** Kobo as receipts write them: `1000000` → `₦10,000.00`. */
export function formatKobo(kobo: number): string {
  return `${formatNaira(Math.trunc(kobo / 100))}.${String(kobo % 100).padStart(2, "0")}`;
}

/** A billing date as everything shows it, in Lagos time: `25 Nov 2027`. */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Africa/Lagos",
  }).format(new Date(iso));
}
