import { groupThousands } from "@contracts/numbers.ts";
import { PLANS } from "@worker/billing/contracts/plans.ts";

/**
 * The people a plan's workspace holds, the owner included, as /pricing and Settings › Billing say
 * it. Read from the plan table by id: the Worker's `GET /api/plans` answer does not carry seats yet.
 */
export function seatsOf(planId: string | null | undefined): number | null | undefined {
  return PLANS.find((plan) => plan.id === planId)?.seats;
}

/** "the owner only", "3 people", or "as agreed" for Enterprise's number sold. */
export function seatsText(seats: number | null): string {
  if (seats === null) return "as agreed";
  return seats <= 1 ? "the owner only" : `${groupThousands(seats)} people`;
}
