import { type Context, Hono } from "hono";
import { z } from "zod";
import { SUBSCRIPTION_STATUS } from "../accounts/contracts/auth.ts";
import { requireUser } from "../accounts/sessions.ts";
import { findUserById, publicUser, subscriptionStatus } from "../accounts/users.ts";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError, providerUnavailable } from "../core/errors.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit, limitBody } from "../core/validate.ts";
import { transactionNeeded } from "../providers/contracts/paystack.ts";
import {
  initializeTransaction,
  PaymentProviderError,
  type PaystackTransaction,
  paidCard,
  verifyTransaction,
} from "../providers/paystack.ts";
import { formatBillingDate } from "./contracts/billing-figures.ts";
import { initializePaymentBody, type PlansResponse } from "./contracts/payments.ts";
import { FEATURES, HOURLY_REQUESTS, PLANS, plansAbove } from "./contracts/plans.ts";
import { mailReceipts } from "./invoice-mail.ts";
import { createOrder, findOrder, fulfilOrder, markOrderFailed } from "./orders.ts";
import { isValidWebhookSignature } from "./webhook-signature.ts";

export const plans = new Hono<AppEnv>();
export const payments = new Hono<AppEnv>();
export const processPay = new Hono<AppEnv>();

plans.get("/", (c) =>
  c.json({ plans: PLANS, features: FEATURES, hourlyRequests: HOURLY_REQUESTS } satisfies PlansResponse),
);

payments.post(API.payments.at.initialize, requireUser, jsonBodyLimit, jsonBody(initializePaymentBody), async (c) => {
  const plan = PLANS.find((candidate) => candidate.id === c.req.valid("json").plan);
  if (!plan || plan.contactOnly || plan.priceNaira === null) {
    throw new ApiError(
      400,
      "contact_only",
      "Enterprise is arranged with our team. Use Contact Us on the pricing page.",
    );
  }
  const user = c.var.account;
  const current = PLANS.find((candidate) => candidate.id === user.plan);
  if (current && subscriptionStatus(user) === SUBSCRIPTION_STATUS.paid && plansAbove(plan.id).includes(current.id)) {
    throw new ApiError(
      409,
      "plan_downgrade",
      `Your ${current.name} plan is active until ${formatBillingDate(user.subscription_expires_at ?? "")}. You can buy ${plan.name} once it ends.`,
    );
  }
  await limitWrite(c, "checkout");
  const order = await createOrder(c.env.DB, user.id, plan.id, plan.priceNaira * 100);
  const siteOrigin = c.var.config.siteUrl ?? new URL(c.req.url).origin;
  try {
    const checkout = await initializeTransaction(c.var.provider("paystack"), {
      // The owner pays with their own card, whoever signed up with the workspace.
      email: c.var.user.email,
      amountKobo: order.amount_kobo,
      currency: "NGN",
      reference: order.reference,
      callbackUrl: `${siteOrigin}/pricing`,
    });
    return c.json({ authorization_url: checkout.authorization_url, reference: order.reference });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await markOrderFailed(c.env.DB, order.reference);
    throw providerUnavailable("payment", error);
  }
});

/**
 * The first payment's receipt and invoice, after the answer. Whichever verification settled the order
 * sends it, and a later one sends it only if that failed (`mailReceipts` keeps it to one).
 */
function mailReceiptAfter(c: Context<AppEnv>, reference: string): void {
  const mailer = {
    db: c.env.DB,
    mail: c.var.provider("mail"),
    mailFrom: c.var.config.mailFrom,
    issuer: c.var.config.invoiceIssuer,
    siteOrigin: c.var.config.siteUrl ?? new URL(c.req.url).origin,
  };
  c.executionCtx.waitUntil(
    mailReceipts(mailer, [reference]).catch((error: unknown) =>
      console.error(`[billing] receipt for ${reference} not sent`, error),
    ),
  );
}

const processPayQuery = z.object({
  ref: z.string({ error: "ref is required" }).min(1, "ref is required").max(100),
  // Informational only; the amount that counts is the order's.
  total: z.string().max(20).optional(),
});

/** The verify call the site has always made: `GET /processpay?ref=…&total=…`, after the checkout redirect. */
processPay.get("/", requireUser, async (c) => {
  const query = processPayQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "validation_failed", query.error.issues[0]?.message ?? "Invalid query");
  const order = await findOrder(c.env.DB, query.data.ref);
  if (!order || order.user_id !== c.var.account.id) {
    throw new ApiError(404, "unknown_reference", "We could not find that payment.");
  }
  let outcome = order.status === "paid" ? "already_paid" : null;
  if (!outcome) {
    let transaction: PaystackTransaction;
    try {
      transaction = await verifyTransaction(c.var.provider("paystack"), order.reference);
    } catch (error) {
      // The order stays pending; the webhook can still complete it.
      if (error instanceof PaymentProviderError) throw providerUnavailable("payment", error);
      throw error;
    }
    if (transaction.status !== "success") {
      throw new ApiError(400, "payment_not_completed", "The payment was not completed, so your plan has not changed.");
    }
    outcome = await fulfilOrder(c.env.DB, order.reference, transaction);
  }
  if (outcome === "mismatch") {
    throw new ApiError(
      400,
      "payment_mismatch",
      "This payment does not match its order. Contact us and we will sort it out.",
    );
  }
  mailReceiptAfter(c, order.reference);
  const user = await findUserById(c.env.DB, c.var.account.id);
  if (!user) throw new ApiError(401, "unauthorized", "Your session has ended. Please log in again.");
  const planName = PLANS.find((plan) => plan.id === user.plan)?.name ?? "Vox";
  // Written as Settings › Billing writes the same day: the stored instant's UTC date is a day early
  // for a plan that ends late at night in Lagos.
  const until = user.subscription_expires_at ? formatBillingDate(user.subscription_expires_at) : "";
  return c.json({
    message: `Payment successful. Your ${planName} plan is active until ${until}.`,
    data: publicUser(user),
  });
});

const webhookEvent = z.object({ event: z.string(), data: transactionNeeded.partial().loose() });

/** Paystack's signed notification; answers 200 to anything it has handled or may ignore. */
// Paystack events carry customer and authorization details; 64 KB leaves ample room.
payments.post(API.payments.at.webhook, limitBody(64 * 1024), async (c) => {
  const rawBody = await c.req.text();
  const secret = c.var.provider("paystack").apiKey;
  if (!(await isValidWebhookSignature(secret, rawBody, c.req.header("x-paystack-signature")))) {
    throw new ApiError(401, "invalid_signature", "The webhook signature does not match.");
  }
  let parsed: z.infer<typeof webhookEvent>;
  try {
    parsed = webhookEvent.parse(JSON.parse(rawBody));
  } catch {
    throw new ApiError(400, "bad_request", "The webhook body is not a Paystack event.");
  }
  const { reference, amount, currency, status } = parsed.data;
  if (parsed.event !== "charge.success" || status !== "success" || !reference || amount === undefined || !currency) {
    return c.json({ received: true, handled: false });
  }
  const card = paidCard.safeParse(parsed.data).data ?? null;
  const outcome = await fulfilOrder(c.env.DB, reference, { amount, currency, card });
  if (outcome === "activated" || outcome === "already_paid") mailReceiptAfter(c, reference);
  return c.json({ received: true, handled: outcome === "activated" || outcome === "already_paid" });
});
