import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../worker/app-env.ts";
import { formatBillingDate } from "../../worker/billing/contracts/billing-figures.ts";
import { plansResponse } from "../../worker/billing/contracts/payments.ts";
import { HOURLY_REQUESTS, PLANS } from "../../worker/billing/contracts/plans.ts";
import { requireTool } from "../../worker/billing/tool-gate.ts";
import { signWebhook } from "../../worker/billing/webhook-signature.ts";
import { sandboxKey } from "../../worker/core/config.ts";
import { handleError } from "../../worker/core/errors.ts";
import { TOOL_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { type Client, call, client, initialize, pressCheckout, processPay, registerAndSignIn } from "./helpers.ts";

interface UserBody {
  subscription_status: number;
  plan: string | null;
  subscription_expires_at: string | null;
}

async function me(api: Client): Promise<UserBody> {
  return ((await (await api.get("/auth/me")).json()) as { data: UserBody }).data;
}

async function webhook(payload: unknown, secret = sandboxKey("paystack")) {
  const body = JSON.stringify(payload);
  return call("/api/payments/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "x-paystack-signature": await signWebhook(secret, body) },
    body,
  });
}

const chargeSuccess = (reference: string, amount = 1_000_000, currency = "NGN") => ({
  event: "charge.success",
  data: { reference, amount, currency, status: "success" },
});

const monthsFromNow = (iso: string | null) => (Date.parse(iso ?? "") - Date.now()) / (30.44 * 24 * 3600 * 1000);

describe("plans", () => {
  it("GET /api/plans serves the one plan table in naira", async () => {
    const { plans } = (await (await call("/api/plans")).json()) as {
      plans: Array<{ id: string; priceNaira: number | null }>;
    };
    expect(plans.map((plan) => [plan.id, plan.priceNaira])).toEqual([
      ["monthly", 10_000],
      ["yearly", 100_000],
      ["enterprise", null],
    ]);
  });

  it("GET /api/plans serves every enforced allowance, and the gate's hourly ceilings are the ones it serves", async () => {
    const served = plansResponse.parse(await (await call("/api/plans")).json());
    expect(served.plans).toEqual(PLANS);
    expect(served.hourlyRequests).toEqual(HOURLY_REQUESTS);
    for (const [tool, perHour] of Object.entries(served.hourlyRequests)) {
      expect(TOOL_RATE_LIMITS[tool as keyof typeof HOURLY_REQUESTS], tool).toEqual({
        limit: perHour,
        windowSeconds: 3600,
      });
    }
  });
});

describe("checkout", () => {
  it("initialize needs a session, a known plan, and refuses contact-only Enterprise", async () => {
    expect((await client().post("/api/payments/initialize", { plan: "monthly" })).status).toBe(401);
    const { api } = await registerAndSignIn();
    expect((await api.post("/api/payments/initialize", { plan: "weekly" })).status).toBe(400);
    const enterprise = await api.post("/api/payments/initialize", { plan: "enterprise" });
    expect(await enterprise.json()).toMatchObject({ code: "contact_only" });
  });

  it("creates a pending order in kobo and a checkout on the sandbox", async () => {
    const { api, user } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api, "yearly");
    expect(authorization_url).toContain("/__sandbox/paystack/checkout/");
    const order = await env.DB.prepare("SELECT * FROM orders WHERE reference = ?").bind(reference).first();
    expect(order).toMatchObject({
      user_id: user.id,
      plan: "yearly",
      amount_kobo: 10_000_000,
      currency: "NGN",
      status: "pending",
    });
  });

  it("Pay → callback → /processpay activates the plan for a month, and /auth/me shows it", async () => {
    const { api } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api);
    const callback = await pressCheckout(authorization_url, "pay");
    expect(callback.pathname).toBe("/pricing");
    expect(callback.searchParams.get("reference")).toBe(reference);
    expect(callback.searchParams.get("trxref")).toBe(reference);
    const response = await processPay(api, reference);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: UserBody };
    // The day as Settings › Billing writes it (Lagos time), not the UTC date of the stored instant.
    expect(body.message).toBe(
      `Payment successful. Your Monthly plan is active until ${formatBillingDate(body.data.subscription_expires_at ?? "")}.`,
    );
    expect(body.data).toMatchObject({ subscription_status: 1, plan: "monthly" });
    expect(monthsFromNow(body.data.subscription_expires_at)).toBeCloseTo(1, 1);
    expect(await me(api)).toMatchObject({ subscription_status: 1, plan: "monthly" });
  });

  it("Cancel leaves the user unpaid and the order pending", async () => {
    const { api } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api);
    await pressCheckout(authorization_url, "cancel");
    const response = await processPay(api, reference);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "payment_not_completed" });
    expect(await me(api)).toMatchObject({ subscription_status: 2, plan: null });
    expect(await env.DB.prepare("SELECT status FROM orders WHERE reference = ?").bind(reference).first("status")).toBe(
      "pending",
    );
  });

  it("a renewal extends from the current expiry, not from today", async () => {
    const { api } = await registerAndSignIn();
    for (let i = 0; i < 2; i++) {
      const { authorization_url, reference } = await initialize(api);
      await pressCheckout(authorization_url, "pay");
      expect((await processPay(api, reference)).status).toBe(200);
    }
    expect(monthsFromNow((await me(api)).subscription_expires_at)).toBeCloseTo(2, 1);
  });
});

describe("faults", () => {
  it("unknown, missing and other users' references are refused", async () => {
    const owner = await registerAndSignIn();
    const { reference } = await initialize(owner.api);
    const stranger = await registerAndSignIn();
    expect((await processPay(stranger.api, reference)).status).toBe(404);
    expect((await processPay(owner.api, "vox-nope")).status).toBe(404);
    expect((await owner.api.get("/processpay")).status).toBe(400);
  });

  it("a payment whose amount differs from the order never activates anything", async () => {
    const { api } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api);
    await env.DB.prepare("UPDATE sandbox_paystack_transactions SET amount = 100 WHERE reference = ?")
      .bind(reference)
      .run();
    await pressCheckout(authorization_url, "pay");
    const response = await processPay(api, reference);
    expect(await response.json()).toMatchObject({ code: "payment_mismatch" });
    expect((await me(api)).subscription_status).toBe(2);
    expect((await webhook(chargeSuccess(reference, 100))).status).toBe(200);
    expect((await me(api)).subscription_status).toBe(2);
  });

  it("a webhook with a bad or missing signature is refused and changes nothing", async () => {
    const { api } = await registerAndSignIn();
    const { reference } = await initialize(api);
    expect((await webhook(chargeSuccess(reference), "sk_test_wrong")).status).toBe(401);
    const unsigned = await call("/api/payments/webhook", {
      method: "POST",
      body: JSON.stringify(chargeSuccess(reference)),
    });
    expect(unsigned.status).toBe(401);
    expect((await me(api)).subscription_status).toBe(2);
  });

  it("a valid webhook activates once; a replay does not extend the plan again", async () => {
    const { api } = await registerAndSignIn();
    const { reference } = await initialize(api);
    expect(await (await webhook(chargeSuccess(reference))).json()).toEqual({ received: true, handled: true });
    const first = (await me(api)).subscription_expires_at;
    expect((await webhook(chargeSuccess(reference))).status).toBe(200);
    expect((await me(api)).subscription_expires_at).toBe(first);
  });

  it("callback and webhook arriving together fulfil the order exactly once", async () => {
    const { api } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api);
    await pressCheckout(authorization_url, "pay");
    const results = await Promise.all([
      processPay(api, reference),
      webhook(chargeSuccess(reference)),
      processPay(api, reference),
      webhook(chargeSuccess(reference)),
    ]);
    expect(results.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(monthsFromNow((await me(api)).subscription_expires_at)).toBeCloseTo(1, 1);
  });

  it("a provider outage answers 502; the pending order is completed later by the webhook", async () => {
    const { api } = await registerAndSignIn();
    await call("/__sandbox/paystack/faults", { method: "POST", body: JSON.stringify({ count: 1 }) });
    const failedInit = await api.post("/api/payments/initialize", { plan: "monthly" });
    expect(failedInit.status).toBe(502);
    expect(await failedInit.json()).toMatchObject({ code: "payment_provider_unavailable" });

    const { authorization_url, reference } = await initialize(api);
    await call("/__sandbox/paystack/faults", { method: "POST", body: JSON.stringify({ count: 1 }) });
    expect((await processPay(api, reference)).status).toBe(502);
    expect(await env.DB.prepare("SELECT status FROM orders WHERE reference = ?").bind(reference).first("status")).toBe(
      "pending",
    );
    // The visitor pays anyway; Paystack's webhook completes the pending order, so nothing is lost.
    await pressCheckout(authorization_url, "pay");
    await webhook(chargeSuccess(reference));
    expect((await me(api)).subscription_status).toBe(1);
  });
});

describe("the subscription gate", () => {
  const gated = new Hono<AppEnv>();
  gated.use("*", async (c, next) => {
    c.set("config", { environment: "development", sandbox: true } as AppEnv["Variables"]["config"]);
    await next();
  });
  gated.get("/tool", requireTool("sentiment"), (c) => c.json({ ok: true }));
  gated.onError(handleError);
  const tool = (token?: string) =>
    gated.request("/tool", token ? { headers: { authorization: `Bearer ${token}` } } : {}, env);

  it("answers 401 without a session, 200 during the trial, 402 after it, 200 once paid", async () => {
    expect((await tool()).status).toBe(401);
    const { api, token, user } = await registerAndSignIn();
    expect((await tool(token)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    const blocked = await tool(token);
    expect(blocked.status).toBe(402);
    expect(await blocked.json()).toMatchObject({ code: "payment_required" });
    const { reference } = await initialize(api);
    await webhook(chargeSuccess(reference));
    expect((await tool(token)).status).toBe(200);
  });
});
