import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { billingNow } from "./billing-clock.ts";
import { billingSummary } from "./billing-summary.ts";
import { billingPatchBody } from "./contracts/billing.ts";
import { type InvoicesResponse, invoiceFileQuery } from "./contracts/invoices.ts";
import { invoiceFileName, invoicePdf } from "./invoice-pdf.ts";
import { type InvoiceRow, invoicesOf, ownInvoice } from "./invoices.ts";
import { setAutoRenew } from "./store.ts";

/** `/api/billing`: the plan held, its renewal, card, receipts and usage; auto-renew on or off; invoices. */
export const billing = new Hono<AppEnv>();
billing.use("*", requireUser);

const noStore = { "cache-control": "no-store" };

billing.get("/", async (c) => {
  const now = await billingNow(c.env.DB, c.var.config);
  return c.json(await billingSummary(c.env.DB, c.var.account, now), 200, noStore);
});

billing.patch("/", jsonBodyLimit, jsonBody(billingPatchBody), async (c) => {
  const updated = await setAutoRenew(c.env.DB, c.var.account.id, c.req.valid("json").auto_renew);
  if (!updated)
    throw new ApiError(409, "no_subscription", "You have no paid plan to renew yet. Choose one on Pricing.");
  const now = await billingNow(c.env.DB, c.var.config);
  return c.json(await billingSummary(c.env.DB, c.var.account, now), 200, noStore);
});

const invoiceView = (invoice: InvoiceRow): InvoicesResponse["items"][number] => ({
  id: invoice.id,
  number: invoice.number,
  issued_at: invoice.issued_at,
  plan: invoice.plan as InvoicesResponse["items"][number]["plan"],
  period_start: invoice.period_start,
  period_end: invoice.period_end,
  amount: invoice.amount_kobo,
  vat: invoice.vat_kobo,
  currency: "NGN",
  status: "paid",
});

billing.get(API.billing.at.invoices, async (c) => {
  const { results } = await invoicesOf(c.env.DB, c.var.account.id).all<InvoiceRow>();
  return c.json({ items: results.map(invoiceView) } satisfies InvoicesResponse, 200, noStore);
});

billing.get(API.billing.at.invoice, async (c) => {
  const query = invoiceFileQuery.safeParse(c.req.query());
  if (!query.success) {
    const message = query.error.issues[0]?.message ?? "format must be pdf";
    throw new ApiError(400, "validation_failed", message, { format: [message] });
  }
  const id = c.req.param("id");
  // Another account's invoice answers as one that does not exist.
  const invoice = id.length <= 100 ? await ownInvoice(c.env.DB, c.var.account.id, id) : null;
  if (!invoice) throw new ApiError(404, "invoice_not_found", "We could not find that invoice.");
  return new Response(await invoicePdf(invoice, c.var.config.invoiceIssuer), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      ...noStore,
    },
  });
});
