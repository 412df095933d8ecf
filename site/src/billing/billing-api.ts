import { API, pathOf } from "@contracts/api-paths.ts";
import { apiFetch, apiRequest, schemaOf } from "../api/client.ts";

/** The plan held, its renewal, card, receipts and usage (`/api/billing`); the invoices. */

const billing = () => import("@worker/billing/contracts/billing.ts");
const invoices = () => import("@worker/billing/contracts/invoices.ts");

const BILLING_PATH = API.billing.path.summary;

export const fetchBilling = () => apiRequest(BILLING_PATH, { schema: schemaOf(billing, "billingResponse") });

export const saveAutoRenew = (autoRenew: boolean) =>
  apiRequest(BILLING_PATH, {
    method: "PATCH",
    body: { auto_renew: autoRenew },
    schema: schemaOf(billing, "billingResponse"),
  });

export const fetchInvoices = () =>
  apiRequest(API.billing.path.invoices, { schema: schemaOf(invoices, "invoicesResponse") });

/** The invoice as a PDF, named as the Worker names it. */
export async function fetchInvoicePdf(id: string): Promise<{ blob: Blob; name: string }> {
  const response = await apiFetch(`${pathOf(API.billing.path.invoice, { id })}?format=pdf`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), name: name ?? "invoice.pdf" };
}
