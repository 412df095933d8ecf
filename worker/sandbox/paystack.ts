import { Hono } from "hono";
import { html } from "hono/html";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { signWebhook } from "../billing/webhook-signature.ts";
import { API } from "../contracts/api-paths.ts";
import { sandboxKey } from "../core/config.ts";
import {
  type chargeAuthorizationAnswer,
  chargeAuthorizationRequest,
  type ErrorBody,
  type initializeAnswer,
  initializeRequest,
  type Transaction,
  type verifyAnswer,
} from "../providers/contracts/paystack.ts";

/**
 * Emulates Paystack: `POST /transaction/initialize`, `GET /transaction/verify/:reference`, a hosted
 * checkout page with Pay and Cancel, the redirect to `callback_url?trxref=R&reference=R`, the
 * signed `charge.success` webhook, delivered to this Worker as Paystack would deliver it, and
 * `POST /transaction/charge_authorization` on the cards those checkouts authorized. Requests are
 * checked as Paystack checks them and answers carry every field its description requires.
 */
export const sandboxPaystack = new Hono<AppEnv>();

interface TransactionRow {
  id: number;
  reference: string;
  access_code: string;
  email: string;
  amount: number;
  currency: string;
  callback_url: string;
  status: "abandoned" | "success" | "failed";
  created_at: string;
  paid_at: string | null;
  /** A charge of a kept card: the access code of the checkout that authorized it. */
  authorization_of: string | null;
}

const paystackError = (status: 400 | 401 | 404, message: string, code?: string) =>
  Response.json(
    {
      status: false,
      message,
      ...(status === 401 ? {} : { meta: { nextStep: "Check the request and try again" } }),
      type: status === 404 ? "api_error" : "validation_error",
      ...(code ? { code } : {}),
    } satisfies ErrorBody,
    { status },
  );

/**
 * Fault injection for tests and manual checks: the next `count` API calls fail the way a provider
 * outage looks (HTTP 503). Set with `POST /__sandbox/paystack/faults {"count": n}`.
 */
let failingCalls = 0;

sandboxPaystack.post("/faults", async (c) => {
  const body = z.object({ count: z.number().int().min(0).max(100) }).safeParse(await c.req.json().catch(() => null));
  if (!body.success) return paystackError(400, "count must be a whole number from 0 to 100");
  failingCalls = body.data.count;
  return c.json({ failing_calls: failingCalls });
});

/**
 * A declining customer: later charges of their cards fail as a bank's decline does. Set with
 * `POST /__sandbox/paystack/decline {"email": …}`; `"decline": false` lets them pay again.
 */
const declineBody = z.strictObject({ email: z.email(), decline: z.boolean().default(true) });

sandboxPaystack.post("/decline", async (c) => {
  const body = declineBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return paystackError(400, body.error.issues[0]?.message ?? "email is required");
  const email = body.data.email.toLowerCase();
  await c.env.DB.prepare(
    body.data.decline
      ? "INSERT INTO sandbox_paystack_declines (email) VALUES (?) ON CONFLICT DO NOTHING"
      : "DELETE FROM sandbox_paystack_declines WHERE email = ?",
  )
    .bind(email)
    .run();
  return c.json({ email, declines: body.data.decline });
});

sandboxPaystack.use("/transaction/*", async (c, next) => {
  if (failingCalls > 0) {
    failingCalls--;
    return c.text("upstream connect error", 503);
  }
  if (c.req.header("authorization") !== `Bearer ${sandboxKey("paystack")}`) {
    return paystackError(401, "Invalid key");
  }
  await next();
});

sandboxPaystack.post("/transaction/initialize", async (c) => {
  const parsed = initializeRequest.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return paystackError(400, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`, "invalid_params");
  }
  const { email, currency = "NGN", callback_url: callbackUrl } = parsed.data;
  const amount = Number(parsed.data.amount);
  const reference = parsed.data.reference ?? `sbx-${crypto.randomUUID()}`;
  // The real service falls back to the callback set on the dashboard; the sandbox has none.
  if (!callbackUrl)
    return paystackError(400, "callback_url: no callback URL is set for this account", "invalid_params");
  const accessCode = crypto.randomUUID().replaceAll("-", "").slice(0, 15);
  const inserted = await c.env.DB.prepare(
    `INSERT INTO sandbox_paystack_transactions (reference, access_code, email, amount, currency, callback_url, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'abandoned', ?) ON CONFLICT (reference) DO NOTHING RETURNING id`,
  )
    .bind(reference, accessCode, email, amount, currency, callbackUrl, new Date().toISOString())
    .first();
  if (!inserted) return paystackError(400, "Duplicate Transaction Reference", "duplicate_reference");
  const origin = new URL(c.req.url).origin;
  const answer: z.input<typeof initializeAnswer> = {
    status: true,
    message: "Authorization URL created",
    data: {
      authorization_url: `${origin}/__sandbox/paystack/checkout/${accessCode}`,
      access_code: accessCode,
      reference,
    },
  };
  return c.json(answer);
});

/** The card a checkout authorized, named by its access code; the test card is Paystack's own. */
function cardAuthorization(accessCode: string) {
  return {
    authorization_code: `AUTH_${accessCode}`,
    bin: "408408",
    last4: "4081",
    exp_month: "12",
    exp_year: "2030",
    channel: "card",
    card_type: "visa ",
    bank: "TEST BANK",
    country_code: "NG",
    brand: "visa",
    reusable: true,
    signature: `SIG_${accessCode}`,
    account_name: null,
  };
}

function customerOf(row: TransactionRow) {
  return {
    id: row.id,
    first_name: null,
    last_name: null,
    email: row.email,
    customer_code: `CUS_${row.authorization_of ?? row.access_code}`,
    phone: null,
    metadata: null,
    risk_action: "default",
    international_format_phone: null,
  };
}

/** The transaction as verify and the webhook describe it. */
function transactionData(row: TransactionRow): Transaction {
  const paid = row.status === "success";
  return {
    id: row.id,
    domain: "test",
    status: row.status,
    reference: row.reference,
    receipt_number: null,
    amount: row.amount,
    message: null,
    gateway_response: paid ? "Successful" : row.authorization_of ? "Declined" : "The transaction was not completed",
    paid_at: row.paid_at,
    created_at: row.created_at,
    channel: "card",
    currency: row.currency,
    ip_address: "127.0.0.1",
    metadata: "",
    log: null,
    fees: paid ? feesOf(row.amount) : null,
    fees_split: null,
    authorization: paid ? cardAuthorization(row.authorization_of ?? row.access_code) : {},
    customer: customerOf(row),
    plan: null,
    split: {},
    order_id: null,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    requested_amount: row.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: row.created_at,
    plan_object: {},
    subaccount: {},
  };
}

/** Paystack's local card fee: 1.5% plus ₦100 from ₦2,500, capped at ₦2,000. */
function feesOf(amount: number): number {
  return Math.min(Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000);
}

sandboxPaystack.get("/transaction/verify/:reference", async (c) => {
  const row = await c.env.DB.prepare("SELECT * FROM sandbox_paystack_transactions WHERE reference = ?")
    .bind(c.req.param("reference"))
    .first<TransactionRow>();
  if (!row) return paystackError(404, "Transaction reference not found", "transaction_not_found");
  const answer: z.input<typeof verifyAnswer> = {
    status: true,
    message: "Verification successful",
    data: transactionData(row),
  };
  return c.json(answer);
});

function findByAccessCode(db: D1Database, accessCode: string) {
  return db
    .prepare("SELECT * FROM sandbox_paystack_transactions WHERE access_code = ?")
    .bind(accessCode)
    .first<TransactionRow>();
}

function callbackUrl(row: TransactionRow): string {
  const url = new URL(row.callback_url);
  url.searchParams.set("trxref", row.reference);
  url.searchParams.set("reference", row.reference);
  return url.toString();
}

sandboxPaystack.get("/checkout/:accessCode", async (c) => {
  const row = await findByAccessCode(c.env.DB, c.req.param("accessCode"));
  if (!row) return c.text("This checkout link is not valid.", 404);
  const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: row.currency }).format(row.amount / 100);
  const action = `/__sandbox/paystack/checkout/${row.access_code}`;
  return c.html(html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Sandbox checkout</title>
        <link rel="icon" href="/images/favicon.svg" />
        <style>
          body { font-family: system-ui, sans-serif; background: #f3f4f6; display: grid; place-items: center; min-height: 100vh; margin: 0; }
          main { background: #fff; padding: 2rem; border-radius: 12px; max-width: 360px; width: calc(100% - 2rem); box-shadow: 0 8px 24px rgb(0 0 0 / 10%); }
          button { width: 100%; min-height: 44px; margin-top: 0.75rem; border-radius: 8px; font-size: 1rem; cursor: pointer; }
          .pay { background: #0b7a3b; color: #fff; border: 0; }
          .cancel { background: #fff; border: 1px solid #9ca3af; }
        </style>
      </head>
      <body>
        <main>
          <h1>Sandbox checkout</h1>
          <p>${row.email} pays <strong>${naira}</strong></p>
          <p>Reference ${row.reference}</p>
          <form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
          <form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
        </main>
      </body>
    </html>`);
});

sandboxPaystack.post("/checkout/:accessCode/pay", async (c) => {
  const paidAt = new Date().toISOString();
  const row = await c.env.DB.prepare(
    "UPDATE sandbox_paystack_transactions SET status = 'success', paid_at = ? WHERE access_code = ? AND status = 'abandoned' RETURNING *",
  )
    .bind(paidAt, c.req.param("accessCode"))
    .first<TransactionRow>();
  if (!row) return c.text("This checkout is already closed.", 409);
  const body = JSON.stringify({ event: "charge.success", data: transactionData(row) });
  const webhook = new Request(new URL(API.payments.path.webhook, c.req.url), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-paystack-signature": await signWebhook(sandboxKey("paystack"), body),
    },
    body,
  });
  // Like Paystack, the webhook travels independently of the browser's redirect.
  c.executionCtx.waitUntil(
    c.var
      .dispatch(webhook)
      .then((response) => {
        if (!response.ok) console.error(`[sandbox paystack] webhook answered ${response.status}`);
      })
      .catch((error: unknown) => console.error("[sandbox paystack] webhook failed", error)),
  );
  return c.redirect(callbackUrl(row), 303);
});

sandboxPaystack.post("/checkout/:accessCode/cancel", async (c) => {
  const row = await findByAccessCode(c.env.DB, c.req.param("accessCode"));
  if (!row) return c.text("This checkout link is not valid.", 404);
  return c.redirect(callbackUrl(row), 303);
});

sandboxPaystack.post("/transaction/charge_authorization", async (c) => {
  const parsed = chargeAuthorizationRequest.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return paystackError(400, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`, "invalid_params");
  }
  const { email, amount, authorization_code: code, currency = "NGN" } = parsed.data;
  const authorized = code.startsWith("AUTH_")
    ? await c.env.DB.prepare(
        "SELECT * FROM sandbox_paystack_transactions WHERE access_code = ? AND status = 'success' AND authorization_of IS NULL",
      )
        .bind(code.slice("AUTH_".length))
        .first<TransactionRow>()
    : null;
  if (!authorized) return paystackError(400, "Invalid authorization code", "invalid_params");
  if (!cardAuthorization(authorized.access_code).reusable) {
    return paystackError(400, "This authorization is not reusable", "invalid_params");
  }
  if (authorized.email.toLowerCase() !== email.toLowerCase()) {
    return paystackError(400, "The email does not match the authorization's customer", "invalid_params");
  }
  const declined = await c.env.DB.prepare("SELECT 1 FROM sandbox_paystack_declines WHERE email = ?")
    .bind(email.toLowerCase())
    .first();
  const now = new Date().toISOString();
  const row = await c.env.DB.prepare(
    `INSERT INTO sandbox_paystack_transactions
       (reference, access_code, email, amount, currency, callback_url, status, created_at, paid_at, authorization_of)
     VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, ?) ON CONFLICT (reference) DO NOTHING RETURNING *`,
  )
    .bind(
      parsed.data.reference ?? `sbx-${crypto.randomUUID()}`,
      crypto.randomUUID().replaceAll("-", "").slice(0, 15),
      authorized.email,
      amount,
      currency,
      declined ? "failed" : "success",
      now,
      declined ? null : now,
      authorized.access_code,
    )
    .first<TransactionRow>();
  if (!row) return paystackError(400, "Duplicate Transaction Reference", "duplicate_reference");
  const transaction = transactionData(row);
  const answer: z.input<typeof chargeAuthorizationAnswer> = {
    status: true,
    message: "Charge attempted",
    data: {
      amount: row.amount,
      currency: row.currency,
      transaction_date: row.created_at,
      status: row.status,
      reference: row.reference,
      domain: "test",
      metadata: parsed.data.metadata ?? "",
      gateway_response: declined ? "Declined" : "Approved",
      message: null,
      channel: "card",
      ip_address: null,
      log: null,
      fees: transaction.fees,
      authorization: cardAuthorization(authorized.access_code),
      customer: customerOf(row),
      plan: null,
      id: row.id,
    },
  };
  return c.json(answer);
});
