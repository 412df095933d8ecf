import { z } from "zod";

/** `GET /api/billing` and `PATCH /api/billing`: the plan held, its renewal, card, receipts and usage. */

const BILLING_STATUSES = ["trial", "active", "grace", "lapsed", "none"] as const;

const receiptSchema = z.object({
  id: z.string(),
  /** Kobo. */
  amount: z.number().int(),
  currency: z.literal("NGN"),
  paid_at: z.string(),
  reference: z.string(),
});

/** Seconds of live transcription or bytes of storage, written for people by `usage-format.ts`. */
const usageSchema = z.object({
  tool: z.enum(["live", "storage"]),
  label: z.string(),
  unit: z.enum(["seconds", "bytes"]),
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
