import { API } from "@contracts/api-paths.ts";
import type { PlansResponse } from "@worker/billing/contracts/payments.ts";
import { FEATURES, HOURLY_REQUESTS, PLANS } from "@worker/billing/contracts/plans.ts";
import useSWR from "swr";

// The Worker serves this same table, so the page renders it at once (and ahead of time); the
// request only matters if a deploy ever leaves site and Worker out of step.
const BUILT_IN: PlansResponse = { plans: [...PLANS], features: [...FEATURES], hourlyRequests: HOURLY_REQUESTS };

/** The plan table, kept in step with the Worker's `GET /api/plans`, the server's truth about prices. */
export function usePlans() {
  return useSWR(API.plans.path.list, () => import("./payments-api.ts").then(({ fetchPlans }) => fetchPlans()), {
    fallbackData: BUILT_IN,
    revalidateOnFocus: false,
  });
}
