import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../core/errors.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { billingNow } from "./billing-clock.ts";
import { billingSummary } from "./billing-summary.ts";
import { billingPatchBody } from "./contracts/billing.ts";
import { setAutoRenew } from "./store.ts";

/** `/api/billing`: the plan held, its renewal, card, receipts and usage; auto-renew on or off. */
export const billing = new Hono<AppEnv>();
billing.use("*", requireUser);

const noStore = { "cache-control": "no-store" };

billing.get("/", async (c) => {
  const now = await billingNow(c.env.DB, c.var.config);
  return c.json(await billingSummary(c.env.DB, c.var.user, now), 200, noStore);
});

billing.patch("/", jsonBodyLimit, jsonBody(billingPatchBody), async (c) => {
  const updated = await setAutoRenew(c.env.DB, c.var.user.id, c.req.valid("json").auto_renew);
  if (!updated)
    throw new ApiError(409, "no_subscription", "You have no paid plan to renew yet. Choose one on Pricing.");
  const now = await billingNow(c.env.DB, c.var.config);
  return c.json(await billingSummary(c.env.DB, c.var.user, now), 200, noStore);
});
