import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import type { BillingResponse } from "../../worker/billing/contracts/billing.ts";
import { signWebhook } from "../../worker/billing/webhook-signature.ts";
import { sandboxKey } from "../../worker/core/config.ts";
import { advanceDays, billing, chargesAtPaystack, json, payMonthly, sandboxPost, sweep } from "./billing-helpers.ts";
import { type Client, call, outbox, registerAndSignIn, waitForMail } from "./helpers.ts";

async function subscriptionStatus(api: Client): Promise<number> {
  const body = (await (await api.get("/auth/me")).json()) as { data: { subscription_status: number } };
  return body.data.subscription_status;
}

afterEach(async () => {
  expect((await call("/__sandbox/clock", { method: "DELETE" })).status).toBe(200);
});

describe("recurring billing", () => {
  it("paying Monthly keeps the card; billing shows the plan, the card, auto-renew and one receipt", async () => {
    const { api, reference } = await payMonthly();
    const view = await billing(api);
    expect(view).toMatchObject({
      plan: "monthly",
      status: "active",
      auto_renew: true,
      next_charge_amount: 1_000_000,
      card: { brand: "visa", last4: "4081" },
      receipts: [{ amount: 1_000_000, currency: "NGN", reference }],
    });
    expect(view.receipts).toHaveLength(1);
    // In seconds and bytes: the site writes both in one unit each (usage-format.ts).
    expect(view.usage.map((use) => [use.tool, use.unit, use.allowance])).toEqual([
      ["live", "seconds", 10 * 3600],
      ["storage", "bytes", 20 * 1024 ** 3],
    ]);
  });

  it("31 days on, two overlapping sweeps charge the card once: two receipts and a mailed one", async () => {
    const { api, input } = await payMonthly();
    const before = await billing(api);
    await advanceDays(31);
    await Promise.all([sweep(), sweep()]);
    const charges = await chargesAtPaystack(input.email);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.status).toBe("success");
    const after = await billing(api);
    expect(after.receipts).toHaveLength(2);
    expect(after.status).toBe("active");
    expect(Date.parse(after.current_period_end ?? "")).toBeGreaterThan(Date.parse(before.current_period_end ?? ""));
    // The first payment's receipt and the renewal's, newest first.
    const [receipt] = await waitForMail(input.email, 2, /^Your Vox receipt/);
    expect(receipt?.text).toContain("has renewed");
    expect(receipt?.text).toContain("₦10,000.00");
    expect(receipt?.text).toContain(charges[0]?.reference);
    // A later sweep finds nothing due.
    await sweep();
    expect(await chargesAtPaystack(input.email)).toHaveLength(1);
  });

  it("a declined card opens a 3-day grace period with an e-mail, then the plan lapses", async () => {
    const { api, input } = await payMonthly();
    expect((await sandboxPost("/paystack/decline", { email: input.email })).status).toBe(200);
    await advanceDays(31);
    await sweep();
    const grace = await billing(api);
    expect(grace.status).toBe("grace");
    expect(grace.grace_until).not.toBeNull();
    expect(await subscriptionStatus(api)).toBe(1);
    const [declined] = await waitForMail(input.email, 1, /could not renew/);
    expect(declined?.text).toContain("/settings");
    // The next sweep the same day does not charge again; the card is tried a day later.
    await sweep();
    expect(await chargesAtPaystack(input.email)).toHaveLength(1);
    await advanceDays(3);
    await sweep();
    expect((await billing(api)).status).toBe("lapsed");
    expect(await subscriptionStatus(api)).toBe(0);
    await waitForMail(input.email, 1, /has lapsed/);
    expect((await outbox(input.email)).filter((mail) => /could not renew/.test(mail.subject))).toHaveLength(1);
  });

  it("with auto-renew off the period runs out without a charge and the plan lapses", async () => {
    const { api, input } = await payMonthly();
    const patched = await call("/api/billing", {
      method: "PATCH",
      headers: { ...json, authorization: `Bearer ${api.token}` },
      body: JSON.stringify({ auto_renew: false }),
    });
    expect(patched.status).toBe(200);
    const view = (await patched.json()) as BillingResponse;
    expect(view).toMatchObject({ auto_renew: false, next_charge_amount: null });
    // Inside the renewal window first (less than a day before the end), then past the end.
    await advanceDays(Math.floor((Date.parse(view.current_period_end ?? "") - Date.now()) / 86_400_000));
    await sweep();
    expect(await chargesAtPaystack(input.email)).toHaveLength(0);
    expect((await billing(api)).status).toBe("active");
    await advanceDays(2);
    await sweep();
    expect(await chargesAtPaystack(input.email)).toHaveLength(0);
    expect((await billing(api)).status).toBe("lapsed");
    expect(await subscriptionStatus(api)).toBe(0);
  });

  it("a replayed charge.success for a renewal settles it once", async () => {
    const { api, input } = await payMonthly();
    await advanceDays(31);
    await sweep();
    const [charge] = await chargesAtPaystack(input.email);
    const settled = await billing(api);
    const body = JSON.stringify({
      event: "charge.success",
      data: { reference: charge?.reference, amount: 1_000_000, currency: "NGN", status: "success" },
    });
    for (let i = 0; i < 2; i++) {
      const response = await call("/api/payments/webhook", {
        method: "POST",
        headers: { ...json, "x-paystack-signature": await signWebhook(sandboxKey("paystack"), body) },
        body,
      });
      expect(await response.json()).toEqual({ received: true, handled: true });
    }
    const after = await billing(api);
    expect(after.current_period_end).toBe(settled.current_period_end);
    expect(after.receipts).toHaveLength(2);
    expect(after.receipts).toEqual(settled.receipts);
  });

  it("PATCH /api/billing validates its body and needs a paid plan", async () => {
    const { api } = await registerAndSignIn();
    const patch = (body: unknown) =>
      call("/api/billing", {
        method: "PATCH",
        headers: { ...json, authorization: `Bearer ${api.token}` },
        body: JSON.stringify(body),
      });
    expect((await patch({ auto_renew: "yes" })).status).toBe(400);
    expect(await (await patch({ auto_renew: false })).json()).toMatchObject({ code: "no_subscription" });
    expect((await call("/api/billing")).status).toBe(401);
  });
});

describe("sandbox billing controls", () => {
  it("refuse bad bodies with 400", async () => {
    for (const body of [{}, { advance_days: 0 }, { advance_days: 1.5 }, { advance_days: "3" }]) {
      const response = await sandboxPost("/clock", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "validation_failed" });
    }
    expect((await sandboxPost("/paystack/decline", { email: "not an address" })).status).toBe(400);
    expect((await sandboxPost("/paystack/decline", {})).status).toBe(400);
  });

  it("do not exist outside the sandbox", async () => {
    const production = { ...env, ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "production" };
    for (const path of ["/__sandbox/clock", "/__sandbox/cron/renewals", "/__sandbox/paystack/decline"]) {
      const response = await app.request(path, { method: "POST", headers: json, body: "{}" }, production);
      expect(response.status).toBe(404);
    }
  });
});

describe("the sandbox Paystack's charge_authorization", () => {
  async function charge(body: unknown) {
    const response = await call("/__sandbox/paystack/transaction/charge_authorization", {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${sandboxKey("paystack")}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { status: boolean; message: string } };
  }

  it("refuses what Paystack refuses", async () => {
    const { input } = await payMonthly();
    const { authorization_code: code } = (await env.DB.prepare(
      "SELECT authorization_code FROM subscriptions JOIN users ON users.id = subscriptions.user_id WHERE users.email = ?",
    )
      .bind(input.email)
      .first<{ authorization_code: string }>()) ?? { authorization_code: "" };
    expect(code).toMatch(/^AUTH_/);
    expect((await charge({ email: input.email, amount: 100 })).status).toBe(400);
    expect((await charge({ email: input.email, amount: -1, authorization_code: code })).status).toBe(400);
    expect((await charge({ email: input.email, amount: 100, authorization_code: "AUTH_unknown" })).status).toBe(400);
    expect((await charge({ email: "someone.else@example.ng", amount: 100, authorization_code: code })).status).toBe(
      400,
    );
    const ok = await charge({ email: input.email, amount: 100, authorization_code: code, reference: "ref-once" });
    expect(ok).toMatchObject({ status: 200, body: { status: true } });
    const again = await charge({ email: input.email, amount: 100, authorization_code: code, reference: "ref-once" });
    expect(again.body.message).toBe("Duplicate Transaction Reference");
  });
});
