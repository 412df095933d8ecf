import { sha256Hex } from "../accounts/tokens.ts";
import type { UserRow } from "../accounts/users.ts";
import { planLimits } from "../billing/contracts/plans.ts";
import { assertActivePlan } from "../billing/require-plan.ts";
import type { Language } from "../contracts/languages.ts";
import { ApiError } from "../core/errors.ts";
import { bindReservation } from "./caption-shares.ts";
import type { LiveEncoding } from "./contracts/live-constants.ts";
import { redeemTicket } from "./tickets.ts";
import { startSession } from "./transcripts.ts";
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

export const sessionActive = () =>
  new ApiError(
    409,
    "live_session_active",
    "A live transcription is already running for your account. Stop it, or wait for it to end, then start again.",
  );

interface Admitted {
  readonly userId: string;
  readonly plan: string | null;
  /** What the speaker speaks, as chosen when the ticket was given. */
  readonly language: Language;
  /** What the page's audio frames hold, as its ticket said. */
  readonly encoding: LiveEncoding;
  /** The account's vocabulary, for the recogniser to expect. */
  readonly keyterms: readonly string[];
}

/**
 * Spends the ticket and records the session: 401 when the ticket is unknown, used or expired or
 * the sign-in that minted it has ended, 402 without a plan or time left this month, 409 when the
 * user already runs as many sessions as the plan allows (checked again here, since a ticket may
 * have been taken before another session began; also the answer when a sign-out lands between
 * spending the ticket and recording the session, a refusal the signed-out page never reads).
 * A session opened with a `reserved` id takes it only from a ticket given for it, which only the
 * account that reserved it gets (401 otherwise); its waiting caption link then becomes the session's.
 */
export async function admitSession(
  db: D1Database,
  handover: {
    readonly ticket: string;
    readonly sessionId: string;
    readonly resumeToken: string;
    readonly reserved: boolean;
  },
): Promise<Admitted> {
  const redeemed = await redeemTicket(db, handover.ticket, monthOf());
  const { signIn } = redeemed;
  const user = redeemed.user as UserRow | undefined;
  if (!signIn || !user) throw invalidTicket();
  if (handover.reserved && redeemed.reservedSession !== handover.sessionId) throw invalidTicket();
  assertActivePlan(user);
  const left = secondsLeft(user.plan, redeemed.usedSeconds);
  if (left !== null && left <= 0) throw quotaUsed();
  const started = await startSession(db, {
    id: handover.sessionId,
    userId: user.id,
    signIn,
    resumeTokenHash: await sha256Hex(handover.resumeToken),
    maxActive: planLimits(user.plan).liveSessions,
    language: redeemed.language,
  });
  if (!started) throw sessionActive();
  if (handover.reserved) await bindReservation(db, handover.sessionId, user.id);
  return {
    userId: user.id,
    plan: user.plan,
    language: redeemed.language,
    encoding: redeemed.encoding,
    keyterms: redeemed.vocabulary,
  };
}
