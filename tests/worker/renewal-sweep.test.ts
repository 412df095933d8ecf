import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { billingNow } from "../../worker/billing/billing-clock.ts";
import { formatBillingDate } from "../../worker/billing/contracts/billing-figures.ts";
import {
  renewalReference,
  renewPage,
  type SweepContext,
  sendSweepMail,
  VERIFY_PENDING_AFTER_MS,
} from "../../worker/billing/renewals.ts";
import { loadConfig, type Provider, providerEndpoint, sandboxKey } from "../../worker/core/config.ts";
import { advanceDays, billing, chargesAtPaystack, json, payMonthly, sandboxPost, sweep } from "./billing-helpers.ts";
import { call, ORIGIN, outbox } from "./helpers.ts";

const DAY_MS = 86_400_000;

afterEach(async () => {
  expect((await call("/__sandbox/clock", { method: "DELETE" })).status).toBe(200);
});

/** Renewal receipts only: the first payment's receipt is mailed too, after its checkout. */
async function receiptsMailed(email: string) {
  return (await outbox(email)).filter(
    (mail) => /^Your Vox receipt/.test(mail.subject) && /has renewed/.test(mail.text),
  );
}

/** The sweep's parts as its Workflow runs them, on the billing clock, for running one part again. */
async function sweepContext(pageSize: number): Promise<SweepContext> {
  const config = loadConfig(env);
  return {
    db: env.DB,
    provider: (provider: Provider) =>
      providerEndpoint(config, provider, { origin: ORIGIN, sandboxFetch: async (request) => app.fetch(request, env) }),
    mailFrom: config.mailFrom,
    issuer: config.invoiceIssuer,
    siteOrigin: ORIGIN,
    now: await billingNow(env.DB, config),
    pageSize,
  };
}

/** The account's subscription as the sweep reads it. */
async function subscriptionOf(email: string) {
  const row = await env.DB.prepare(
    "SELECT subscriptions.* FROM subscriptions JOIN users ON users.id = subscriptions.user_id WHERE users.email = ?",
  )
    .bind(email)
    .first<{ user_id: string; period_end: string; authorization_code: string; state: string }>();
  if (!row) throw new Error(`no subscription for ${email}`);
  return row;
}

/**
 * A renewal claimed by a sweep that then lost the charge's answer (an outage, a crash): its order is
 * pending, claimed long enough ago to be verified. `charged` says what Paystack did with it.
 */
async function pendingRenewal(email: string, charged: "success" | "declined" | "never") {
  const subscription = await subscriptionOf(email);
  const reference = renewalReference(subscription.user_id, subscription.period_end, 1);
  const claimedAt = new Date(Date.now() - VERIFY_PENDING_AFTER_MS - 60_000).toISOString();
  await env.DB.prepare(
    `INSERT INTO orders (reference, user_id, plan, amount_kobo, currency, status, created_at, renews_from)
     VALUES (?, ?, 'monthly', 1000000, 'NGN', 'pending', ?, ?)`,
  )
    .bind(reference, subscription.user_id, claimedAt, subscription.period_end)
    .run();
  if (charged === "declined") expect((await sandboxPost("/paystack/decline", { email })).status).toBe(200);
  if (charged !== "never") {
    const response = await call("/__sandbox/paystack/transaction/charge_authorization", {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${sandboxKey("paystack")}` },
      body: JSON.stringify({
        email,
        amount: 1_000_000,
        authorization_code: subscription.authorization_code,
        reference,
        currency: "NGN",
      }),
    });
    expect(response.status).toBe(200);
  }
  return reference;
}

describe("a renewal sweep in pages", () => {
  it("renews each due account once and mails each receipt once, with two overlapping sweeps of 2-renewal pages", async () => {
    const accounts = [];
    for (let i = 0; i < 5; i++) accounts.push(await payMonthly());
    const before = await Promise.all(accounts.map(({ api }) => billing(api)));
    await advanceDays(31);
    const reports = await Promise.all([sweep({ page_size: 2 }), sweep({ page_size: 2 })]);
    expect(reports.reduce((sum, report) => sum + report.renewed, 0)).toBeGreaterThanOrEqual(accounts.length);
    for (const [index, { api, input }] of accounts.entries()) {
      const charges = await chargesAtPaystack(input.email);
      expect(charges.map((charge) => charge.status)).toEqual(["success"]);
      const after = await billing(api);
      expect(after.status).toBe("active");
      expect(after.receipts).toHaveLength(2);
      expect(Date.parse(after.current_period_end ?? "")).toBeGreaterThan(
        Date.parse(before[index]?.current_period_end ?? ""),
      );
      const mailed = await receiptsMailed(input.email);
      expect(mailed).toHaveLength(1);
      expect(mailed[0]?.text).toContain(charges[0]?.reference);
      // The claim kept the other sweep from charging at all (Paystack would refuse the reference).
      expect((await outbox(input.email)).filter((mail) => /could not renew/.test(mail.subject))).toHaveLength(0);
    }
  }, 180_000);

  it("a page run again (a crash before the sweep moved on) charges nobody twice, and its e-mails sent again arrive once", async () => {
    const { input } = await payMonthly();
    await advanceDays(31);
    const ctx = await sweepContext(200);
    const first = await renewPage(ctx, "");
    const again = await renewPage(ctx, "");
    const charges = await chargesAtPaystack(input.email);
    expect(charges).toHaveLength(1);
    const renewed = charges[0]?.reference;
    const receipts = first.receipts.filter((reference) => reference === renewed);
    expect(receipts).toHaveLength(1);
    expect(again.receipts.filter((reference) => reference === renewed)).toHaveLength(0);
    await sendSweepMail(ctx, { mail: [], receipts });
    await sendSweepMail(ctx, { mail: [], receipts });
    expect(await receiptsMailed(input.email)).toHaveLength(1);
  }, 60_000);

  it("a claim cut off before its charge is charged once when a later sweep verifies it", async () => {
    const { api, input } = await payMonthly();
    await advanceDays(31);
    const reference = await pendingRenewal(input.email, "never");
    const report = await sweep();
    expect(report.recovered).toBeGreaterThanOrEqual(1);
    expect(await chargesAtPaystack(input.email)).toEqual([{ reference, status: "success" }]);
    expect((await billing(api)).receipts.map((receipt) => receipt.reference)).toContain(reference);
    expect(await receiptsMailed(input.email)).toHaveLength(1);
  }, 60_000);
});

describe("a renewal charge left pending", () => {
  it("that Paystack took is settled by verify: the plan renews, once, with a receipt", async () => {
    const { api, input } = await payMonthly();
    const before = await billing(api);
    await advanceDays(31);
    const reference = await pendingRenewal(input.email, "success");
    await sweep();
    await sweep();
    expect(await chargesAtPaystack(input.email)).toEqual([{ reference, status: "success" }]);
    const after = await billing(api);
    expect(after.status).toBe("active");
    expect(after.receipts.map((receipt) => receipt.reference)).toContain(reference);
    expect(Date.parse(after.current_period_end ?? "")).toBeGreaterThan(Date.parse(before.current_period_end ?? ""));
    const mailed = await receiptsMailed(input.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.text).toContain(reference);
  }, 60_000);

  it("that Paystack declined opens the grace period, with its e-mail, and is not charged again that day", async () => {
    const { api, input } = await payMonthly();
    await advanceDays(31);
    await pendingRenewal(input.email, "declined");
    await sweep();
    const view = await billing(api);
    expect(view.status).toBe("grace");
    expect(view.grace_until).not.toBeNull();
    expect(view.receipts).toHaveLength(1);
    expect(await chargesAtPaystack(input.email)).toHaveLength(1);
    expect((await outbox(input.email)).filter((mail) => /could not renew/.test(mail.subject))).toHaveLength(1);
    expect(await receiptsMailed(input.email)).toHaveLength(0);
  }, 60_000);
});

describe("a renewal receipt", () => {
  it("is dated on the billing clock, in the e-mail and in the billing receipts", async () => {
    const { api, input } = await payMonthly();
    await advanceDays(31);
    await sweep();
    const renewal = (await billing(api)).receipts.find((receipt) => receipt.reference.startsWith("vox-renew-"));
    expect(Date.parse(renewal?.paid_at ?? "")).toBeGreaterThan(Date.now() + 30 * DAY_MS);
    const [mailed] = await receiptsMailed(input.email);
    expect(mailed?.text).toContain(`Date: ${formatBillingDate(renewal?.paid_at ?? "")}`);
    expect(mailed?.text).not.toContain(`Date: ${formatBillingDate(new Date().toISOString())}`);
  }, 60_000);
});

describe("the sandbox sweep control", () => {
  it("refuses a bad page size with 400", async () => {
    for (const body of [{ page_size: 0 }, { page_size: 201 }, { page_size: "2" }, { pages: 2 }]) {
      const response = await sandboxPost("/cron/renewals", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "validation_failed" });
    }
  });
});
