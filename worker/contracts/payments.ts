import { z } from "zod";
import { userSchema } from "./auth.ts";
import type { Feature, Plan } from "./plans.ts";

export const initializePaymentBody = z.object({
  plan: z.enum(["monthly", "yearly", "enterprise"], { error: "Choose the Monthly or Yearly plan" }),
});

export const initializePaymentResponse = z.object({ authorization_url: z.url(), reference: z.string() });

export const processPayResponse = z.object({ message: z.string(), data: userSchema });

export interface PlansResponse {
  readonly plans: readonly Plan[];
  readonly features: readonly Feature[];
}
