import { SUBSCRIPTION_STATUS } from "../accounts/contracts/auth.ts";
import { subscriptionStatus, type UserRow } from "../accounts/users.ts";
import { ApiError } from "../core/errors.ts";

/**
 * Status of the "verify your e-mail first" answer. 401 and 403 end the session in the site and 402
 * sends to /pricing, so this needs its own: 409 Conflict says the account's current state stops the
 * request and that the user can change that state (by entering the code) and send it again. 428 was
 * the other candidate, but it is defined for requests missing a precondition header such as
 * If-Match, which is not what is missing here.
 */
const EMAIL_UNVERIFIED_STATUS = 409;

/**
 * A paid plan opens the tools. Without one the free trial does, once the address is verified: the
 * unverified check comes first, so the trial of an account that never verified cannot run out
 * unseen, and verifying starts it.
 */
export function assertActivePlan(user: UserRow): void {
  const status = subscriptionStatus(user);
  if (status === SUBSCRIPTION_STATUS.paid) return;
  if (!user.email_verified_at) {
    throw new ApiError(
      EMAIL_UNVERIFIED_STATUS,
      "email_unverified",
      "Verify your e-mail to start your free trial: enter the 6-digit code we sent you.",
    );
  }
  if (status === SUBSCRIPTION_STATUS.none) {
    throw new ApiError(402, "payment_required", "Your plan has ended. Choose a plan to keep using Vox tools.");
  }
}
