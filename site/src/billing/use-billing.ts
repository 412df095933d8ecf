import { API } from "@contracts/api-paths.ts";
import type { BillingResponse } from "@worker/billing/contracts/billing.ts";
import type { InvoicesResponse } from "@worker/billing/contracts/invoices.ts";
import useSWR from "swr";
import { storedToken } from "../api/session.ts";

// Loaded with the first request: /pricing uses this hook and must not bring the API client and
// zod into its first load.
const billingApi = () => import("./billing-api.ts");

/**
 * The account's billing (`GET /api/billing`), shared by Settings › Billing and /pricing; `enabled`
 * false asks for nothing (signed out, or nothing held that /pricing would mark).
 */
export function useBilling(enabled = true) {
  const token = enabled ? storedToken() : null;
  return useSWR<BillingResponse>(token ? [API.billing.path.summary, token] : null, () =>
    billingApi().then(({ fetchBilling }) => fetchBilling()),
  );
}

/** The account's invoices (`GET /api/billing/invoices`), for Settings › Billing. */
export function useInvoices() {
  const token = storedToken();
  return useSWR<InvoicesResponse>(token ? [API.billing.path.invoices, token] : null, () =>
    billingApi().then(({ fetchInvoices }) => fetchInvoices()),
  );
}

/** Turns auto-renew on or off; answers the account's billing as it now stands. */
export async function saveAutoRenew(autoRenew: boolean): Promise<BillingResponse> {
  const { saveAutoRenew: save } = await billingApi();
  return save(autoRenew);
}
