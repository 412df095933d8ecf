import type { PlanId } from "@worker/billing/contracts/plans.ts";
import { useState } from "react";
import { toast } from "../ui/toast.ts";

/** Starts checkout for a plan, with a busy flag for the button and a toast if it cannot start. */
export function useCheckout() {
  const [starting, setStarting] = useState(false);
  const start = async (plan: { id: PlanId; priceNaira: number | null }) => {
    setStarting(true);
    // The API client loads on the first click, not with the pricing page.
    const [{ startCheckout }, { errorMessage }] = await Promise.all([
      import("./checkout.ts"),
      import("../ui/form-fields.tsx"),
    ]);
    try {
      await startCheckout(plan);
    } catch (error) {
      toast.error(errorMessage(error));
      setStarting(false);
    }
  };
  return { starting, start };
}
