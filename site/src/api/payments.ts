import { initializePaymentResponse, plansResponse, processPayResponse } from "@contracts/payments.ts";
import type { PlanId } from "@contracts/plans.ts";
import { apiRequest } from "./client.ts";

export const fetchPlans = () => apiRequest("/api/plans", { schema: plansResponse });

export const initializePayment = (plan: PlanId) =>
  apiRequest("/api/payments/initialize", { body: { plan }, schema: initializePaymentResponse });

/** Verify call; `total` is informational, the Worker checks the amount with the provider. */
export const verifyPayment = (reference: string, total: string) =>
  apiRequest(`/processpay?${new URLSearchParams({ ref: reference, total })}`, { schema: processPayResponse });
