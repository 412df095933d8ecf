import useSWR from "swr";
import { fetchPlans } from "../api/payments.ts";

/** The plan table from the Worker (`GET /api/plans`), the server's truth about prices. */
export function usePlans() {
  return useSWR("/api/plans", fetchPlans, { revalidateOnFocus: false });
}
