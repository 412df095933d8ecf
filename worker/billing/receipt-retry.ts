import { loadConfig } from "../core/config.ts";
import { objectProviders } from "../core/object-providers.ts";
import { mailReceipts } from "./invoice-mail.ts";
import { unmailedInvoiceOrders } from "./invoices.ts";

/** A receipt still unsent after a week is left: by then the buyer has the invoice from Settings › Billing. */
const RETRY_FOR_MS = 7 * 86_400_000;
/** Receipts tried in one scheduled run; more wait for the next (each carries a PDF to draw). */
const RECEIPTS_PER_RUN = 25;

/**
 * Receipts the mail provider refused when their payment settled (the first payment's is sent after
 * the answer, once), tried again on each scheduled run. The idempotency key each receipt is sent
 * under keeps a receipt that did go out, unrecorded, from arriving twice.
 */
export async function mailUnsentReceipts(env: Env, origin: string | null, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - RETRY_FOR_MS).toISOString();
  const { results } = await unmailedInvoiceOrders(env.DB, since, RECEIPTS_PER_RUN).all<{ order_reference: string }>();
  if (results.length === 0) return 0;
  const config = loadConfig(env);
  return mailReceipts(
    {
      db: env.DB,
      mail: objectProviders(env, origin ?? "http://127.0.0.1")("mail"),
      mailFrom: config.mailFrom,
      issuer: config.invoiceIssuer,
      siteOrigin: config.siteUrl ?? origin,
    },
    results.map((row) => row.order_reference),
  );
}
