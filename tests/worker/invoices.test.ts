import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BillingResponse } from "../../worker/billing/contracts/billing.ts";
import { type Invoice, invoicesResponse } from "../../worker/billing/contracts/invoices.ts";
import { signWebhook } from "../../worker/billing/webhook-signature.ts";
import { sandboxKey } from "../../worker/core/config.ts";
import { billing, payMonthly } from "./billing-helpers.ts";
import {
  type Client,
  call,
  failNext,
  initialize,
  outbox,
  pressCheckout,
  processPay,
  registerAndSignIn,
  waitForMail,
} from "./helpers.ts";
import { pdfText } from "./pdf-text.ts";

/** The tax ID the worker tests configure (tests/worker/vitest.config.ts). */
const TAX_ID = "12345678-0001";
const RECEIPT = /^Your Vox receipt/;

/** The text a PDF reader extracts from the first page. */
const drawnText = async (bytes: Uint8Array) => (await pdfText(bytes))[0] ?? "";

async function invoicesOf(api: Client): Promise<Invoice[]> {
  const response = await api.get("/api/billing/invoices");
  expect(response.status).toBe(200);
  return invoicesResponse.parse(await response.json()).items;
}

async function pdfOf(api: Client, invoice: Pick<Invoice, "id">): Promise<Response> {
  return api.get(`/api/billing/invoices/${invoice.id}?format=pdf`);
}

async function webhook(reference: string) {
  const body = JSON.stringify({
    event: "charge.success",
    data: { reference, amount: 1_000_000, currency: "NGN", status: "success" },
  });
  return call("/api/payments/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-paystack-signature": await signWebhook(sandboxKey("paystack"), body),
    },
    body,
  });
}

/** Invoices of an order, however many: the table has no other way to show a second one. */
async function invoiceRowsOfOrder(reference: string) {
  const { results } = await env.DB.prepare("SELECT * FROM invoices WHERE order_reference = ?").bind(reference).all<{
    id: string;
    number: string;
    user_id: string | null;
    customer_name: string | null;
    customer_email: string | null;
    organisation: string;
  }>();
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("invoices", () => {
  it("the first payment issues a numbered invoice for the plan, its period, amount and VAT, listed for its account", async () => {
    const { api } = await payMonthly();
    const view: BillingResponse = await billing(api);
    const [invoice, ...others] = await invoicesOf(api);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      plan: "monthly",
      amount: 1_000_000,
      // 7.5 % of a VAT-inclusive ₦10,000 (decision 020): 10,000 × 7.5 / 107.5.
      vat: 69_767,
      currency: "NGN",
      status: "paid",
      period_end: view.current_period_end,
    });
    expect(invoice?.number).toMatch(/^VOX-\d{4}-\d{6}$/);
    const start = new Date(invoice?.period_end ?? "");
    start.setUTCMonth(start.getUTCMonth() - 1);
    expect(invoice?.period_start).toBe(start.toISOString());
  });

  it("the PDF names the customer, organisation, plan, period, amount, VAT, tax ID and number, and no local host", async () => {
    const { api, input } = await payMonthly({ name: "Chiamaka Obi", organization_name: "Obi Media" });
    const kit = {
      name: "Ìjọba Water Trust",
      boilerplate: "",
      spokespeople: [],
      media_contact: { name: "", email: "", phone: "" },
      dateline_city: "Ibadan",
    };
    // The press kit was saved after the payment: the invoice keeps the organisation as billed.
    const [invoice] = await invoicesOf(api);
    expect((await api.put("/api/organisation", kit)).status).toBe(200);
    const response = await pdfOf(api, invoice as Invoice);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice?.number}.pdf"`);
    const text = await drawnText(new Uint8Array(await response.arrayBuffer()));
    for (const expected of [
      `Invoice ${invoice?.number}`,
      "Chiamaka Obi",
      input.email,
      "Obi Media",
      "Vox Monthly",
      "₦10,000.00",
      "VAT (7.5%):",
      "₦697.67",
      "₦9,302.33",
      `Tax ID (TIN): ${TAX_ID}`,
      "Vox Technologies",
      "Lagos, Nigeria",
    ]) {
      expect(text).toContain(expected);
    }
    const day = (iso: string) =>
      new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "Africa/Lagos",
      }).format(new Date(iso));
    expect(text).toContain(`Period: ${day(invoice?.period_start ?? "")} to ${day(invoice?.period_end ?? "")}`);
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain("vox-");
  });

  it("a press kit saved before paying names the invoice's organisation", async () => {
    const account = await registerAndSignIn({ organization_name: "Sign-up Org" });
    const kit = {
      name: "Ijoba Water Trust",
      boilerplate: "",
      spokespeople: [],
      media_contact: { name: "", email: "", phone: "" },
      dateline_city: "Ibadan",
    };
    expect((await account.api.put("/api/organisation", kit)).status).toBe(200);
    const { authorization_url, reference } = await initialize(account.api);
    await pressCheckout(authorization_url, "pay");
    expect((await processPay(account.api, reference)).status).toBe(200);
    expect((await invoiceRowsOfOrder(reference)).map((row) => row.organisation)).toEqual(["Ijoba Water Trust"]);
  });

  it("numbers follow one gap-free sequence across accounts", async () => {
    const first = await payMonthly();
    const second = await payMonthly();
    const [a] = await invoicesOf(first.api);
    const [b] = await invoicesOf(second.api);
    const sequence = (number = "") => Number(number.slice(-6));
    expect(sequence(b?.number)).toBeGreaterThan(sequence(a?.number));
    // Other test files pay at the same time, so the two need not be adjacent; the whole sequence is.
    const { results } = await env.DB.prepare(
      "SELECT sequence, number FROM invoices WHERE issuer = 'VOX' ORDER BY sequence",
    ).all<{ sequence: number; number: string }>();
    expect(results.map((row) => row.sequence)).toEqual(results.map((_, index) => index + 1));
    expect(results.map((row) => sequence(row.number))).toEqual(results.map((row) => row.sequence));
  });

  it("a payment verified twice (callback and webhook together, then again) makes one invoice and one receipt", async () => {
    const { api, input } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api);
    await pressCheckout(authorization_url, "pay");
    const [callback, hook] = await Promise.all([processPay(api, reference), webhook(reference)]);
    expect(callback.status).toBe(200);
    expect(hook.status).toBe(200);
    expect((await webhook(reference)).status).toBe(200);
    expect((await processPay(api, reference)).status).toBe(200);
    expect(await invoiceRowsOfOrder(reference)).toHaveLength(1);
    expect(await invoicesOf(api)).toHaveLength(1);
    await waitForMail(input.email, 1, RECEIPT);
    // Every verification's mail is sent after its answer: give the late ones time to arrive.
    await sleep(500);
    expect((await outbox(input.email)).filter((mail) => RECEIPT.test(mail.subject))).toHaveLength(1);
  });

  it("the first payment mails its receipt with the invoice attached", async () => {
    const { api, input, reference } = await payMonthly();
    const [invoice] = await invoicesOf(api);
    const [mail] = await waitForMail(input.email, 1, RECEIPT);
    expect(mail?.text).toContain(`Invoice: ${invoice?.number}`);
    expect(mail?.text).toContain("Thank you for your payment");
    expect(mail?.text).toContain(reference);
    expect(mail?.attachments.map((file) => file.filename)).toEqual([`${invoice?.number}.pdf`]);
    const pdf = Uint8Array.from(atob(mail?.attachments[0]?.content ?? ""), (char) => char.charCodeAt(0));
    expect(await drawnText(pdf)).toContain(`Invoice ${invoice?.number}`);
  });

  it("a receipt the mail provider refused goes out on the next scheduled run, once", async () => {
    const { api, input } = await registerAndSignIn();
    const { authorization_url, reference } = await initialize(api);
    await pressCheckout(authorization_url, "pay");
    await failNext("resend-emails", 503, 3);
    expect((await processPay(api, reference)).status).toBe(200);
    // The receipt is sent after the answer: wait until the provider has refused it, then let mail through.
    await expect
      .poll(
        async () => {
          const fault = await env.DB.prepare(
            "SELECT remaining FROM sandbox_faults WHERE target = 'resend-emails'",
          ).first<{
            remaining: number;
          }>();
          return fault?.remaining;
        },
        { timeout: 20_000 },
      )
      .toBeLessThan(3);
    await failNext("resend-emails", 503, 0);
    expect((await outbox(input.email)).filter((mail) => RECEIPT.test(mail.subject))).toHaveLength(0);

    for (let run = 0; run < 2; run++) {
      expect((await call("/__sandbox/scheduled", { method: "POST" })).status).toBe(200);
    }
    const [mail] = await waitForMail(input.email, 1, RECEIPT);
    expect(mail?.text).toContain(reference);
    await sleep(500);
    expect((await outbox(input.email)).filter((mail) => RECEIPT.test(mail.subject))).toHaveLength(1);
  });

  it("another account's invoice answers 404, a format other than PDF 400, and no session 401", async () => {
    const { api } = await payMonthly();
    const [invoice] = await invoicesOf(api);
    const other = await registerAndSignIn();
    expect(await invoicesOf(other.api)).toEqual([]);
    const theirs = await pdfOf(other.api, invoice as Invoice);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: "invoice_not_found" });
    const docx = await api.get(`/api/billing/invoices/${invoice?.id}?format=docx`);
    expect(docx.status).toBe(400);
    expect(await docx.json()).toMatchObject({ code: "validation_failed", errors: { format: ["format must be pdf"] } });
    expect((await call(`/api/billing/invoices/${invoice?.id}?format=pdf`)).status).toBe(401);
    expect((await call("/api/billing/invoices")).status).toBe(401);
  });

  it("the data export carries the account's invoices", async () => {
    const { api } = await payMonthly();
    const [invoice] = await invoicesOf(api);
    const data = (await (await api.get("/api/account/export")).json()) as { billing: { invoices: unknown[] } };
    expect(data.billing.invoices).toEqual([
      expect.objectContaining({ number: invoice?.number, amount_kobo: 1_000_000, vat_kobo: 69_767, plan: "monthly" }),
    ]);
  });

  it("deleting the account keeps its invoices for tax law, without the person's name, e-mail or account", async () => {
    const { api, input, reference } = await payMonthly({ organization_name: "Kept Org" });
    const [before] = await invoiceRowsOfOrder(reference);
    expect(before).toMatchObject({ customer_name: input.name, customer_email: input.email });
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    // Decision 021: an issued invoice is a tax record and its number must not leave a gap, so the
    // invoice stays; what names the person goes.
    expect(await invoiceRowsOfOrder(reference)).toEqual([
      expect.objectContaining({
        number: before?.number,
        organisation: "Kept Org",
        user_id: null,
        customer_name: null,
        customer_email: null,
      }),
    ]);
  });
});
