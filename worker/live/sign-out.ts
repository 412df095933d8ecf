import { type LiveSignIns, openSessionsOfSignIns } from "./transcripts.ts";

/**
 * Ends the running live sessions of sign-ins that have just ended, closing their pages' sockets
 * with 4202: one sign-in at a logout, every one of the account's at a password reset, every one
 * but the changer's at a password change. Called once the sign-ins' rows are gone, so a session
 * being opened at the same moment is either refused (`startSession`) or found here. Their unspent
 * tickets need nothing: a ticket is good only while its sign-in lasts (`redeemTicket`).
 */
export async function endLiveSessions(env: Env, signIns: LiveSignIns): Promise<void> {
  const { results } = await openSessionsOfSignIns(env.DB, signIns).all<{ id: string }>();
  const ended = await Promise.allSettled(
    results.map((session) => env.TRANSCRIPTION_RELAY.getByName(session.id).signOut()),
  );
  // The sign-out has happened either way; a relay that could not be told is worth a look, not a failed logout.
  for (const outcome of ended) {
    if (outcome.status === "rejected") console.error("[live sign-out] a session could not be ended", outcome.reason);
  }
}

/** A removed member's unspent tickets in a workspace, as a statement for the removal's batch. */
export { deleteTicketsOfMember } from "./tickets.ts";
