import { apiErrorBodySchema } from "@contracts/api-error.ts";
import { ApiError, EMAIL_UNVERIFIED } from "./errors.ts";
import { clearSession, markEmailUnverified, PAYMENT_REQUIRED_EVENT, UNAUTHORIZED_EVENT } from "./session.ts";
import { WORKSPACE_MISSING_EVENT } from "./workspace.ts";

/**
 * What the site does with a failed answer (site/src/api/client.ts loads this with the first one):
 * the one error type, and the session rules.
 */

/**
 * 403s that refuse one action and keep the session: a role that may not do it, an invitation sent
 * to another address. Any other 403 ends the session.
 */
const SESSION_KEEPING_REFUSALS: ReadonlySet<string> = new Set(["role_forbidden", "invitation_for_another"]);

/** The 402 of an invitation the owner's plan has no seat for (not a missing plan). */
const SEATS_FULL = "seats_full";

async function readError(response: Response): Promise<ApiError> {
  const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) return new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.errors);
  return new ApiError(
    response.status,
    "http_error",
    `Something went wrong (HTTP ${response.status}). Please try again.`,
  );
}

/**
 * 401 and 403 end the session (login's own 401 and a role's 403 excepted); 402 sends to /pricing
 * (a full workspace excepted); `email_unverified` puts the verify dialog in place of the tool; a
 * 404 in a chosen workspace has the site check that the person is still in it.
 */
export async function failure(response: Response, isLogin: boolean, inChosenWorkspace: boolean): Promise<ApiError> {
  const error = await readError(response);
  const endsSession =
    (response.status === 403 && !SESSION_KEEPING_REFUSALS.has(error.code)) || (response.status === 401 && !isLogin);
  if (endsSession) {
    clearSession();
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  // A 402 keeps the session: the user is signed in but needs a plan. A full workspace is not
  // that: the invitation form says why, and the person stays where they are.
  if (response.status === 402 && error.code !== SEATS_FULL)
    window.dispatchEvent(new CustomEvent(PAYMENT_REQUIRED_EVENT, { detail: error.message }));
  // The tool page then asks for the e-mail code instead of showing the tool.
  if (error.code === EMAIL_UNVERIFIED) markEmailUnverified();
  // Removed from a workspace, the person is answered 404 in it: the site checks and goes back to their own.
  if (response.status === 404 && inChosenWorkspace) window.dispatchEvent(new Event(WORKSPACE_MISSING_EVENT));
  return error;
}
