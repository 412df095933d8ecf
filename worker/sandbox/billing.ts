import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { advanceBillingClock, resetBillingClock } from "../payments/billing-clock.ts";
import { renewDue } from "../payments/renew-due.ts";
import { jsonBody, jsonBodyLimit } from "../validate.ts";

/**
 * Test controls for recurring billing: move the billing clock ahead, and run the renewal sweep now
 * rather than on the cron.
 */
export const sandboxBilling = new Hono<AppEnv>();

const clockBody = z.strictObject({
  advance_days: z
    .number({ error: "advance_days must be a number of days" })
    .int("advance_days must be a whole number of days")
    .min(1, "advance_days must be at least 1")
    .max(3660, "advance_days must be at most 3660"),
});

sandboxBilling.post("/clock", jsonBodyLimit, jsonBody(clockBody), async (c) => {
  const offsetMs = await advanceBillingClock(c.env.DB, c.req.valid("json").advance_days);
  return c.json({ offset_days: offsetMs / 86_400_000 });
});

sandboxBilling.delete("/clock", async (c) => {
  await resetBillingClock(c.env.DB);
  return c.json({ offset_days: 0 });
});

sandboxBilling.post("/cron/renewals", async (c) => c.json(await renewDue(c.env, new URL(c.req.url).origin)));
