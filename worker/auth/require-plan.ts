import { ApiError } from "../errors.ts";
import { subscriptionStatus, type UserRow } from "./users.ts";

/** Throws 402 when the user's plan and trial have both ended. */
export function assertActivePlan(user: UserRow): void {
  if (subscriptionStatus(user) === 0) {
    throw new ApiError(402, "payment_required", "Your plan has ended. Choose a plan to keep using Vox tools.");
  }
}
