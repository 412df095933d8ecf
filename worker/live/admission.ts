import { assertActivePlan } from "../auth/require-plan.ts";
import type { UserRow } from "../auth/users.ts";
import { ApiError } from "../errors.ts";
import { redeemTicket } from "./tickets.ts";
import { monthOf, secondsLeft } from "./usage.ts";

/** Who may open a live session, decided where the session will run. */

export const invalidTicket = () =>
  new ApiError(401, "invalid_ticket", "The live transcription ticket is missing, used or expired.");

export const quotaUsed = () =>
  new ApiError(
    402,
    "live_quota_exceeded",
    "Your live transcription time for this month is used up. Upgrade your plan for more.",
  );

export interface Admitted {
  readonly userId: string;
  /** Seconds of the month left; null is unlimited. */
  readonly secondsLeft: number | null;
}

/** Spends the ticket; 401 when it is unknown, used or expired, 402 without a plan or time left. */
export async function admitTicket(db: D1Database, ticket: string): Promise<Admitted> {
  const redeemed = await redeemTicket(db, ticket, monthOf());
  const user = redeemed.spent ? (redeemed.user as UserRow | undefined) : undefined;
  if (!user) throw invalidTicket();
  assertActivePlan(user);
  const left = secondsLeft(user.plan, redeemed.usedSeconds);
  if (left !== null && left <= 0) throw quotaUsed();
  return { userId: user.id, secondsLeft: left };
}
