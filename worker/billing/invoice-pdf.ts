import type { InvoiceIssuer } from "../core/config.ts";
import type { Block, Run } from "../press-releases/contracts/release-markdown.ts";
import { formatBillingDate, formatKobo } from "./contracts/billing-figures.ts";
import { PLANS, VAT_RATE } from "./contracts/plans.ts";
import type { InvoiceRow } from "./invoices.ts";

const plain = (text: string): Run => ({ text, bold: false, italic: false });
const bold = (text: string): Run => ({ text, bold: true, italic: false });
const heading = (level: 1 | 2, text: string): Block => ({ kind: "heading", level, runs: [plain(text)] });
const line = (...runs: Run[]): Block => ({ kind: "paragraph", runs });
const field = (label: string, value: string): Block => line(bold(`${label}:`), plain(value));

export const planNameOf = (plan: string) => `Vox ${PLANS.find((candidate) => candidate.id === plan)?.name ?? plan}`;

/** What the invoice says, in the order it says it; plan prices include VAT (decision 020). */
function invoiceBlocks(invoice: InvoiceRow, issuer: InvoiceIssuer): Block[] {
  const buyer = [invoice.customer_name, invoice.customer_email, invoice.organisation].filter((value): value is string =>
    Boolean(value),
  );
  return [
    heading(1, `Invoice ${invoice.number}`),
    line(bold(issuer.name)),
    line(plain(issuer.address)),
    ...(issuer.taxId ? [field("Tax ID (TIN)", issuer.taxId)] : []),
    heading(2, "Billed to"),
    ...buyer.map((value) => line(plain(value))),
    heading(2, "Details"),
    field("Invoice number", invoice.number),
    field("Date of issue", formatBillingDate(invoice.issued_at)),
    field("Plan", planNameOf(invoice.plan)),
    field("Period", `${formatBillingDate(invoice.period_start)} to ${formatBillingDate(invoice.period_end)}`),
    field("Amount before VAT", formatKobo(invoice.amount_kobo - invoice.vat_kobo)),
    field(`VAT (${VAT_RATE * 100}%)`, formatKobo(invoice.vat_kobo)),
    field("Total paid", formatKobo(invoice.amount_kobo)),
    line(plain("Paid in full by card through Paystack. Prices include VAT.")),
  ];
}

export function invoiceFileName(invoice: Pick<InvoiceRow, "number">): string {
  return `${invoice.number}.pdf`;
}

/**
 * The invoice as a PDF. The PDF writer and its fonts are loaded only when an invoice is drawn, so
 * the billing, payment and renewal requests that reach this module without one cost nothing.
 */
export async function invoicePdf(invoice: InvoiceRow, issuer: InvoiceIssuer): Promise<Uint8Array> {
  const { releasePdf } = await import("../press-releases/export/pdf.ts");
  return releasePdf(invoiceBlocks(invoice, issuer), `Invoice ${invoice.number}`);
}
