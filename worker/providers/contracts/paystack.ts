import { z } from "zod";

/**
 * Paystack's `POST /transaction/initialize` and `GET /transaction/verify/:reference`, as its
 * published OpenAPI description states them (2025-10). The verify answer's `data` is also the
 * `data` of the `charge.success` webhook.
 */

const CURRENCIES = ["NGN", "USD", "GHS", "ZAR", "KES"] as const;

/** "Only -, ., = and alphanumeric characters allowed." */
export const reference = z.string().regex(/^[A-Za-z0-9.=-]+$/, "Only -, ., = and alphanumeric characters allowed");

export const initializeRequest = z.object({
  email: z.email(),
  // Documented as an integer in the smallest unit; the service also takes it as a numeric string.
  amount: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
  currency: z.enum(CURRENCIES).optional(),
  reference: reference.optional(),
  callback_url: z.url().optional(),
  channels: z.array(z.string()).optional(),
  metadata: z.union([z.string(), z.record(z.string(), z.json())]).optional(),
});
export type InitializeRequest = z.infer<typeof initializeRequest>;

export const initializeAnswer = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }),
});

const nullableString = z.string().nullable();
/** A field the description requires but leaves open (any JSON, null included). */
const present = z.json();

export const customer = z.object({
  id: z.number().int(),
  first_name: nullableString,
  last_name: nullableString,
  email: z.string(),
  customer_code: z.string(),
  phone: nullableString,
  metadata: present,
  risk_action: z.string(),
  international_format_phone: nullableString,
});

export const authorization = z.object({
  authorization_code: z.string(),
  bin: nullableString,
  last4: z.string(),
  exp_month: z.string(),
  exp_year: z.string(),
  channel: z.string(),
  card_type: z.string(),
  bank: z.string(),
  country_code: z.string(),
  brand: z.string(),
  reusable: z.boolean(),
  signature: z.string(),
  account_name: nullableString,
});

const log = z
  .object({
    start_time: z.number().int(),
    time_spent: z.number().int(),
    attempts: z.number().int(),
    errors: z.number().int(),
    success: z.boolean(),
    mobile: z.boolean(),
    input: z.array(present),
    history: z.array(z.object({ type: z.string(), message: z.string(), time: z.number().int() })),
  })
  .nullable();

/** A transaction with every field the description marks required (keys present, null allowed where it says). */
export const transaction = z.object({
  id: z.number().int(),
  domain: z.string(),
  status: z.string(),
  reference: z.string(),
  receipt_number: nullableString,
  amount: z.number().int(),
  message: nullableString,
  gateway_response: z.string(),
  paid_at: nullableString,
  created_at: z.string(),
  channel: z.string(),
  currency: z.string(),
  ip_address: nullableString,
  metadata: present,
  log,
  fees: z.number().int().nullable(),
  fees_split: present,
  authorization: z.union([authorization, z.object({})]),
  customer,
  plan: present,
  split: present,
  order_id: present,
  paidAt: nullableString,
  createdAt: z.string(),
  requested_amount: z.number().int(),
  pos_transaction_data: present,
  source: present,
  fees_breakdown: present,
  connect: present,
  transaction_date: z.string(),
  plan_object: present,
  subaccount: present,
});
export type Transaction = z.infer<typeof transaction>;

export const verifyAnswer = z.object({ status: z.literal(true), message: z.string(), data: transaction });

/** What payments read: enough to accept a payment only if it matches the order. */
export const transactionNeeded = transaction.pick({ reference: true, status: true, amount: true, currency: true });

export const errorBody = z.object({
  status: z.literal(false),
  message: z.string(),
  meta: z.object({ nextStep: z.string() }).optional(),
  type: z.string().optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** `POST /transaction/charge_authorization`: charges a reusable authorization again. */
export const chargeAuthorizationRequest = z.object({
  email: z.email(),
  amount: z.number().int().positive(),
  authorization_code: z.string().min(1),
  reference: reference.optional(),
  currency: z.enum(CURRENCIES).optional(),
  split_code: z.string().optional(),
  subaccount: z.string().optional(),
  transaction_charge: z.string().optional(),
  bearer: z.enum(["account", "subaccount"]).optional(),
  // "Stringified JSON object of custom data".
  metadata: z.string().optional(),
  queue: z.boolean().optional(),
});
export type ChargeAuthorizationRequest = z.infer<typeof chargeAuthorizationRequest>;

/**
 * The charge's answer. A decline is still HTTP 200 with `status: true`: the outcome is `data.status`
 * ("success" or "failed") with the bank's words in `gateway_response`.
 */
export const chargeAuthorizationAnswer = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({
    amount: z.number().int(),
    currency: z.string(),
    transaction_date: z.string(),
    status: z.string(),
    reference: z.string(),
    domain: z.string(),
    metadata: z.string(),
    gateway_response: z.string(),
    message: nullableString,
    channel: z.string(),
    ip_address: present,
    log,
    fees: z.number().int().nullable(),
    authorization,
    customer: customer.extend({
      metadata: z.object({ calling_code: z.string().optional() }).nullable(),
    }),
    plan: present,
    id: z.number().int(),
  }),
});
