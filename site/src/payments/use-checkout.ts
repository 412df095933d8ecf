import type { PlanId } from "@contracts/plans.ts";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../ui/form-fields.tsx";
import { startCheckout } from "./checkout.ts";

/** Starts checkout for a plan, with a busy flag for the button and a toast if it cannot start. */
export function useCheckout() {
  const [starting, setStarting] = useState(false);
  const start = async (plan: { id: PlanId; priceNaira: number | null }) => {
    setStarting(true);
    try {
      await startCheckout(plan);
    } catch (error) {
      toast.error(errorMessage(error));
      setStarting(false);
    }
  };
  return { starting, start };
}
