import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { BillingResponse } from "../../worker/billing/contracts/billing.ts";
import { type Client, call, initialize, pressCheckout, processPay, registerAndSignIn } from "./helpers.ts";

export const json = { "content-type": "application/json" };

export function sandboxPost(path: string, body?: unknown) {
  return call(`/__sandbox${path}`, {
    method: "POST",
    headers: json,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export async function advanceDays(days: number) {
  expect((await sandboxPost("/clock", { advance_days: days })).status).toBe(200);
}

export interface SweepAnswer {
  renewed: number;
  declined: number;
  lapsed: number;
  recovered: number;
  skipped: number;
  mailed: number;
}

/** One renewal sweep, as the cron starts it, answered once it has finished. */
export async function sweep(body?: { page_size: number }): Promise<SweepAnswer> {
  const response = await sandboxPost("/cron/renewals", body);
  expect(response.status).toBe(200);
  return (await response.json()) as SweepAnswer;
}

export async function billing(api: Client): Promise<BillingResponse> {
  const response = await api.get("/api/billing");
  expect(response.status).toBe(200);
  return (await response.json()) as BillingResponse;
}

/** Charges of kept cards the sandbox Paystack took for this customer. */
export async function chargesAtPaystack(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT reference, status FROM sandbox_paystack_transactions WHERE email = ? AND authorization_of IS NOT NULL",
  )
    .bind(email)
    .all<{ reference: string; status: string }>();
  return results;
}

/** A new account that bought Monthly at the sandbox checkout, so its card is kept for renewals. */
export async function payMonthly(overrides: Record<string, unknown> = {}) {
  const account = await registerAndSignIn(overrides);
  const { authorization_url, reference } = await initialize(account.api, "monthly");
  await pressCheckout(authorization_url, "pay");
  expect((await processPay(account.api, reference)).status).toBe(200);
  return { ...account, reference };
}
