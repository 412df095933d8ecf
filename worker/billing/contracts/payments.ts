import { z } from "zod";
import { userSchema } from "../../accounts/contracts/auth.ts";

export const initializePaymentBody = z.object({
  plan: z.enum(["monthly", "yearly", "enterprise"], { error: "Choose the Monthly or Yearly plan" }),
});

export const initializePaymentResponse = z.object({ authorization_url: z.url(), reference: z.string() });

export const processPayResponse = z.object({ message: z.string(), data: userSchema });

const planId = z.enum(["monthly", "yearly", "enterprise"]);

/** `GET /api/plans`: the shape of `PLANS`, `FEATURES` and `HOURLY_REQUESTS` in plans.ts, checked where it is read. */
export const plansResponse = z.object({
  plans: z
    .array(
      z.object({
        id: planId,
        name: z.string(),
        tagline: z.string(),
        priceNaira: z.number().nullable(),
        interval: z.enum(["month", "year"]).nullable(),
        popular: z.boolean(),
        contactOnly: z.boolean(),
        liveTranscriptionHours: z.number().nullable(),
        liveSessions: z.number(),
        liveViewers: z.number(),
        storageGb: z.number().nullable(),
        mediaListContacts: z.number(),
        releaseEmailsMonthly: z.number(),
        seats: z.number().nullable(),
      }),
    )
    .readonly(),
  features: z.array(z.object({ id: z.string(), label: z.string(), plans: z.array(planId).readonly() })).readonly(),
  hourlyRequests: z.object({
    tts: z.number(),
    voiceConversion: z.number(),
    sentiment: z.number(),
    pressRelease: z.number(),
  }),
});

export type PlansResponse = z.infer<typeof plansResponse>;
