import { API } from "@contracts/api-paths.ts";
import { apiRequest, schemaOf } from "../api/client.ts";

/** The plan held, its renewal, card, receipts and usage (`/api/billing`). */

const billing = () => import("@worker/billing/contracts/billing.ts");

export const BILLING_PATH = API.billing.path.summary;

export const fetchBilling = () => apiRequest(BILLING_PATH, { schema: schemaOf(billing, "billingResponse") });

export const saveAutoRenew = (autoRenew: boolean) =>
  apiRequest(BILLING_PATH, {
    method: "PATCH",
    body: { auto_renew: autoRenew },
    schema: schemaOf(billing, "billingResponse"),
  });
