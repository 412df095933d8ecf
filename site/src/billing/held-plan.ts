import { formatBillingDate } from "@worker/billing/contracts/billing-figures.ts";
import { PLANS, type PlanId, plansAbove } from "@worker/billing/contracts/plans.ts";
import { useStoredUser } from "../api/session.ts";
import { useBilling } from "./use-billing.ts";

export interface HeldPlan {
  readonly id: PlanId;
  /** What the held plan's card says: `Your plan · renews 25 Nov 2027`. */
  readonly label: string;
}

/**
 * The plan the signed-in user holds, for /pricing to mark. The stored user says which at once;
 * the renewal date and whether it renews or ends follow from `GET /api/billing`.
 */
export function useHeldPlan(): HeldPlan | null {
  const user = useStoredUser();
  const paid = user?.subscription_status === 1;
  const { data: billing } = useBilling(paid);
  if (billing) {
    if (!billing.plan || (billing.status !== "active" && billing.status !== "grace")) return null;
    const { plan: id, status, auto_renew, current_period_end, grace_until } = billing;
    if (status === "grace" && grace_until)
      return { id, label: `Your plan · renewal declined, open until ${formatBillingDate(grace_until)}` };
    if (!current_period_end) return { id, label: "Your plan" };
    const date = formatBillingDate(current_period_end);
    return { id, label: auto_renew ? `Your plan · renews ${date}` : `Your plan · ends ${date}` };
  }
  const id = PLANS.find((plan) => plan.id === user?.plan)?.id;
  return paid && id ? { id, label: "Your plan" } : null;
}

/**
 * What buying `plan` does while `held` runs, as the Worker's fulfilment treats it: a larger plan
 * starts now and runs on from the held period's end; a smaller one is refused until it ends.
 */
export function upgradeNote(held: HeldPlan, plan: { id: PlanId; name: string; contactOnly: boolean }): string | null {
  if (plan.contactOnly) return null;
  const heldName = PLANS.find((candidate) => candidate.id === held.id)?.name ?? "current";
  if (plansAbove(held.id).includes(plan.id))
    return `Upgrade: ${plan.name} starts today and runs on from the end of your ${heldName} period, so no paid days are lost.`;
  return `You can switch to ${plan.name} once your ${heldName} plan ends.`;
}
