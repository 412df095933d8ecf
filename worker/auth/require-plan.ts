import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../errors.ts";
import { requireUser } from "./sessions.ts";
import { subscriptionStatus } from "./users.ts";

/**
 * The subscription gate every tool endpoint goes through: 401 without a session, 402 for a
 * signed-in user whose plan and trial have both ended (the site then sends them to /pricing).
 */
export const requireActivePlan = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, async () => {
    if (subscriptionStatus(c.var.user) === 0) {
      throw new ApiError(402, "payment_required", "Your plan has ended. Choose a plan to keep using Vox tools.");
    }
    await next();
  });
});
