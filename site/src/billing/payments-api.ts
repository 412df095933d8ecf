import { API } from "@contracts/api-paths.ts";
import type { PlanId } from "@worker/billing/contracts/plans.ts";
import { apiRequest, schemaOf } from "../api/client.ts";

const payments = () => import("@worker/billing/contracts/payments.ts");

export const fetchPlans = () => apiRequest(API.plans.path.list, { schema: schemaOf(payments, "plansResponse") });

export const initializePayment = (plan: PlanId) =>
  apiRequest(API.payments.path.initialize, { body: { plan }, schema: schemaOf(payments, "initializePaymentResponse") });

/** Verify call; `total` is informational, the Worker checks the amount with the provider. */
export const verifyPayment = (reference: string, total: string) =>
  apiRequest(`${API.processPay.path.back}?${new URLSearchParams({ ref: reference, total })}`, {
    schema: schemaOf(payments, "processPayResponse"),
  });
