import type { InvoiceIssuer } from "../core/config.ts";
import type { ProviderEndpoint } from "../providers/endpoint.ts";
import { type MailMessage, sendMail } from "../providers/mail.ts";
import { formatBillingDate, formatKobo } from "./contracts/billing-figures.ts";
import { invoiceFileName, invoicePdf, planNameOf } from "./invoice-pdf.ts";
import { type InvoiceRow, invoicesOfOrders, markInvoicesMailed } from "./invoices.ts";
import { RENEWAL_REFERENCE_PREFIX } from "./orders.ts";

/**
 * Each payment's receipt, first payment and renewal alike, with its invoice attached. It goes out
 * once per payment: its idempotency key is fixed by the order (`receipt-<reference>`), so two
 * verifications sending it at once deliver one, and once sent the invoice is marked, so a later
 * verification sends nothing. A send that failed leaves the mark off for the next one to try.
 */

interface ReceiptMailer {
  readonly db: D1Database;
  readonly mail: ProviderEndpoint;
  readonly mailFrom: string;
  readonly issuer: InvoiceIssuer;
  /** Where its link points; null when the Worker cannot know its public origin. */
  readonly siteOrigin: string | null;
}

const receiptKey = (reference: string) => `receipt-${reference}`;

/** Receipts sent at once, as the renewal sweep's other e-mails are: a page neither crawls nor floods the provider. */
const SENDS_AT_ONCE = 25;

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

async function receiptMail(
  invoice: InvoiceRow & { customer_email: string },
  mailer: Pick<ReceiptMailer, "issuer" | "siteOrigin">,
): Promise<MailMessage> {
  const renewal = invoice.order_reference.startsWith(RENEWAL_REFERENCE_PREFIX);
  const plan = planNameOf(invoice.plan);
  const amount = formatKobo(invoice.amount_kobo);
  const invoices = mailer.siteOrigin ? `${mailer.siteOrigin}/settings` : "Settings › Billing on the Vox site";
  return {
    to: invoice.customer_email,
    subject: `Your Vox receipt: ${amount} for ${plan} (invoice ${invoice.number})`,
    text: [
      renewal ? `Your ${plan} plan has renewed.` : `Thank you for your payment. Your ${plan} plan is active.`,
      "",
      `Invoice: ${invoice.number} (attached as a PDF)`,
      `Period: ${formatBillingDate(invoice.period_start)} to ${formatBillingDate(invoice.period_end)}`,
      `Amount: ${amount} (VAT at 7.5% included: ${formatKobo(invoice.vat_kobo)})`,
      `Date: ${formatBillingDate(invoice.issued_at)}`,
      `Payment reference: ${invoice.order_reference}`,
      "",
      `Invoices and auto-renew: ${invoices}`,
      `${mailer.issuer.name}, ${mailer.issuer.address}`,
    ].join("\n"),
    attachments: [{ filename: invoiceFileName(invoice), content: base64(await invoicePdf(invoice, mailer.issuer)) }],
  };
}

/**
 * Mails the receipts of these paid orders that have not gone out yet; answers how many were sent.
 * One that fails is thrown once the others were tried, so the caller can try again.
 */
export async function mailReceipts(mailer: ReceiptMailer, references: readonly string[]): Promise<number> {
  if (references.length === 0) return 0;
  const { results } = await invoicesOfOrders(mailer.db, references).all<InvoiceRow>();
  const sent: string[] = [];
  const failures: unknown[] = [];
  // An account deleted since has nobody to mail.
  const due = results.filter(
    (invoice): invoice is InvoiceRow & { customer_email: string } => !invoice.mailed_at && !!invoice.customer_email,
  );
  for (let start = 0; start < due.length; start += SENDS_AT_ONCE) {
    await Promise.all(
      due.slice(start, start + SENDS_AT_ONCE).map(async (invoice) => {
        try {
          const message = await receiptMail(invoice, mailer);
          await sendMail(mailer.mail, mailer.mailFrom, message, {
            idempotencyKey: receiptKey(invoice.order_reference),
          });
          sent.push(invoice.id);
        } catch (error) {
          failures.push(error);
        }
      }),
    );
  }
  if (sent.length > 0) await markInvoicesMailed(mailer.db, sent, new Date().toISOString()).run();
  if (failures.length > 0) {
    throw new Error(`${failures.length} of ${due.length} receipts were not sent`, { cause: failures[0] });
  }
  return sent.length;
}
