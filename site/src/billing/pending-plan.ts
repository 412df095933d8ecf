import type { PlanId } from "@worker/billing/contracts/plans.ts";
import { STORAGE_KEYS } from "../api/session.ts";

/**
 * A plan chosen while signed out, kept in this tab while the person logs in or signs up and enters
 * their code, so the pricing page can open that plan's checkout once they can pay.
 */
const KEY = STORAGE_KEYS.pendingPlan;

export function rememberPlan(id: PlanId): void {
  sessionStorage.setItem(KEY, id);
}

/** The plan waiting for checkout, if any; taking it forgets it. */
export function takePendingPlan(): string | null {
  const id = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return id;
}
