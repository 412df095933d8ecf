import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../errors.ts";
import { requireUser } from "./sessions.ts";
import { subscriptionStatus, type UserRow } from "./users.ts";

/** Throws 402 when the user's plan and trial have both ended. */
export function assertActivePlan(user: UserRow): void {
  if (subscriptionStatus(user) === 0) {
    throw new ApiError(402, "payment_required", "Your plan has ended. Choose a plan to keep using Vox tools.");
  }
}

/**
 * The subscription gate every tool endpoint goes through: 401 without a session, 402 for a
 * signed-in user whose plan and trial have both ended (the site then sends them to /pricing).
 */
export const requireActivePlan = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, async () => {
    assertActivePlan(c.var.user);
    await next();
  });
});
