import type { Page } from "playwright-core";
import { afterEach, describe, expect } from "vitest";
import { formatBillingDate } from "../../worker/billing/contracts/billing-figures.ts";
import { baseUrl, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import { newPerson, signUp, storeSession } from "./people.ts";

const sandbox = (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/__sandbox${path}`, { headers: { "content-type": "application/json" }, ...init });

// The billing clock is the whole local product's: leave it where it was for the next file.
afterEach(async () => {
  expect((await sandbox("/clock", { method: "DELETE" })).status).toBe(200);
});

const monthlyCard = (page: Page) =>
  page.locator(".plan").filter({ has: page.getByRole("heading", { name: "Monthly" }) });

async function openBilling(page: Page) {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Billing and plans" }).click();
  const panel = page.getByRole("tabpanel");
  // The stored user answers at once; the Worker's billing follows.
  await panel.getByRole("heading", { name: "Invoices" }).waitFor();
  return panel;
}

const invoiceButtons = (page: Page) =>
  page.getByRole("tabpanel").getByRole("button", { name: /^Download invoice VOX-\d{4}-\d{6} \(PDF\)$/ });

/** Receipts the sandbox outbox holds for this address, with what they carried attached. */
async function receiptsMailedTo(email: string) {
  const response = await sandbox(`/mail/messages?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as {
    messages: { subject: string; attachments: { filename: string }[] }[];
  };
  return messages.filter((message) => message.subject.startsWith("Your Vox receipt"));
}

describe("billing in the browser", () => {
  it("pay Monthly → receipt mailed with its invoice → /pricing marks the plan → Settings shows card, next charge and invoice → auto-renew kept → a renewal adds an invoice, downloaded as a PDF", async ({
    page,
    errors,
    openPage,
  }) => {
    const person = newPerson();
    await page.goto("/");
    await signUp(page, person);

    await page.goto("/pricing");
    await monthlyCard(page).getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL("**/__sandbox/paystack/checkout/**");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText(/^Payment successful\./).waitFor();
    await page.waitForURL(`${baseUrl()}/pricing`);

    const expiresAt = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem("userObj") ?? "{}") as { subscription_expires_at: string })
          .subscription_expires_at,
    );
    const periodEnd = formatBillingDate(expiresAt);
    const monthly = monthlyCard(page);
    await monthly.getByText(`Your plan · renews ${periodEnd}`).waitFor();
    expect(await monthly.getByRole("button", { name: "Get Started" }).count()).toBe(0);
    const yearly = page.locator(".plan").filter({ has: page.getByRole("heading", { name: "Yearly" }) });
    expect(await yearly.getByRole("button", { name: "Get Started" }).count()).toBe(1);
    expect(await yearly.textContent()).toContain("Upgrade: Yearly starts today");
    await screenshot(page, "journey-pricing-held-plan-desktop");

    await monthly.getByRole("link", { name: "Manage billing" }).click();
    await page.waitForURL("**/settings#billing");
    const panel = page.getByRole("tabpanel");
    await panel.getByText(`₦10,000 on ${periodEnd}`).waitFor();
    expect(await panel.textContent()).toContain("Visa ending 4081");
    // The invoices are asked for on their own, after the billing summary.
    await expect.poll(() => invoiceButtons(page).count()).toBe(1);
    await expect
      .poll(async () => (await receiptsMailedTo(person.email)).map((mail) => mail.attachments.length))
      .toEqual([1]);

    const autoRenew = panel.getByRole("switch", { name: "Auto-renew" });
    expect(await autoRenew.isChecked()).toBe(true);
    await autoRenew.click();
    await panel.getByText("Auto-renew is off: your plan will end with this period.").waitFor();
    await openBilling(page);
    await expect.poll(() => page.getByRole("switch", { name: "Auto-renew" }).isChecked()).toBe(false);
    expect(await page.getByRole("tabpanel").textContent()).toContain(`the plan ends on ${periodEnd}`);
    await page.goto("/pricing");
    await monthlyCard(page).getByText(`Your plan · ends ${periodEnd}`).waitFor();

    // Back on, so the renewal charges the kept card rather than letting the plan end.
    await openBilling(page);
    await page.getByRole("switch", { name: "Auto-renew" }).click();
    await page.getByText("Auto-renew is on.").waitFor();

    expect((await sandbox("/clock", { method: "POST", body: JSON.stringify({ advance_days: 31 }) })).status).toBe(200);
    expect((await sandbox("/cron/renewals", { method: "POST" })).status).toBe(200);
    await openBilling(page);
    await expect.poll(() => invoiceButtons(page).count()).toBe(2);
    await screenshot(page, "journey-billing-renewed-desktop");
    const [download] = await Promise.all([page.waitForEvent("download"), invoiceButtons(page).first().click()]);
    expect(download.suggestedFilename()).toMatch(/^VOX-\d{4}-\d{6}\.pdf$/);
    await expect.poll(async () => (await receiptsMailedTo(person.email)).length).toBe(2);
    expect(errors).toEqual([]);

    // A paying account's billing tab and /pricing at 320 px and at 200 % text on a phone.
    const session = await page.evaluate(() => ({
      token: localStorage.getItem("token") ?? "",
      user: localStorage.getItem("userObj") ?? "",
    }));
    const problems: Record<string, string[]> = {};
    for (const [name, options] of [
      ["320px", { size: { width: 320, height: 640 } }],
      ["375px-200-text", { size: { width: 375, height: 812 }, textScale: 2 }],
    ] as const) {
      const phone = await openPage("mobile", options);
      await storeSession(phone.page, session);
      await phone.page.goto("/settings#billing");
      await phone.page.getByRole("heading", { name: "Invoices" }).waitFor();
      await screenshot(phone.page, `billing-paid-${name}`);
      problems[`settings-${name}`] = await layoutProblems(phone.page, "mobile");
      await phone.page.goto("/pricing");
      await monthlyCard(phone.page)
        .getByText(/^Your plan · renews /)
        .waitFor();
      problems[`pricing-${name}`] = await layoutProblems(phone.page, "mobile");
      expect(phone.errors).toEqual([]);
    }
    expect(Object.values(problems).flat()).toEqual([]);
  });
});
