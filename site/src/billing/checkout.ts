import type { PlanId } from "@worker/billing/contracts/plans.ts";
import { STORAGE_KEYS } from "../api/session.ts";
import { initializePayment } from "./payments-api.ts";

/**
 * Store the amount, create the order, and leave for the provider's checkout. The
 * provider sends the visitor back to /pricing with `reference` and `trxref`.
 */
export async function startCheckout(plan: { id: PlanId; priceNaira: number | null }): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.amount, String(plan.priceNaira ?? ""));
  const { authorization_url } = await initializePayment(plan.id);
  window.location.assign(authorization_url);
}
