import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { baseUrl, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";
import { executeLocalSql } from "./local-d1.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

/** Signed in through the API (accounts.test.ts drives the Login dialog), on /solutions as a login leaves them. */
async function signedIn(page: Page) {
  const person = newPerson();
  await registerThroughApi(person);
  await signInThroughApi(page, person);
  await page.goto("/solutions");
  return person;
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("userObj") ?? "null") as Record<string, unknown> | null);

async function openBilling(page: Page): Promise<string> {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Billing and plans" }).click();
  return (await page.getByRole("tabpanel").textContent()) ?? "";
}

async function startMonthlyCheckout(page: Page) {
  await page.goto("/pricing");
  const monthly = page.locator(".plan").filter({ has: page.getByRole("heading", { name: "Monthly" }) });
  await monthly.getByRole("button", { name: "Get Started" }).click();
  await page.waitForURL("**/__sandbox/paystack/checkout/**");
  expect(await page.evaluate(() => localStorage.getItem("amount"))).toBe("10000");
  expect(await page.locator("main").textContent()).toContain("₦10,000.00");
}

describe("paying for a plan in the browser", () => {
  it("trial → pricing → Get Started → sandbox Pay → back on /pricing with the toast → Billing shows Monthly", async ({
    page,
    errors,
  }) => {
    await signedIn(page);
    expect(await openBilling(page)).toContain("Free trial, ends");

    await startMonthlyCheckout(page);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText(/^Payment successful\. Your Monthly plan is active until/).waitFor();
    await page.waitForURL(`${baseUrl()}/pricing`);
    expect(await page.evaluate(() => localStorage.getItem("amount"))).toBeNull();
    expect(await storedUser(page)).toMatchObject({ subscription_status: 1, plan: "monthly" });

    const expiry = new Date((await storedUser(page))?.subscription_expires_at as string);
    const days = (expiry.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const billing = await openBilling(page);
    expect(billing).toContain("Monthly plan, active until");
    expect(billing).toContain(String(expiry.getFullYear()));
    await screenshot(page, "journey-billing-paid-desktop");
    expect(errors).toEqual([]);
  });

  it("Cancel on the checkout leaves the user on the trial, with a clear message", async ({ page }) => {
    await signedIn(page);
    await startMonthlyCheckout(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("The payment was not completed, so your plan has not changed.").waitFor();
    await page.waitForURL(`${baseUrl()}/pricing`);
    expect(await storedUser(page)).toMatchObject({ subscription_status: 2, plan: null });
  });

  it("a user whose trial has ended is sent to /pricing when choosing a solution from the menu", async ({
    page,
    errors,
  }) => {
    const person = await signedIn(page);
    executeLocalSql(
      `UPDATE users SET trial_ends_at = '2020-01-01T00:00:00.000Z' WHERE email = '${person.email.toLowerCase()}'`,
    );
    await page.reload();
    await expect.poll(async () => (await storedUser(page))?.subscription_status).toBe(0);
    await page.getByRole("button", { name: "Show solutions" }).click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /VoxScribe/ })
      .click();
    await page.waitForURL("**/pricing");
    expect(errors).toEqual([]);
  });
});
