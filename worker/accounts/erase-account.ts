import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { forgetInvoiceHolder } from "../billing/invoices.ts";
import { deleteUnpaidOrders } from "../billing/orders.ts";
import { batchRows } from "../core/d1.ts";
import { ApiError } from "../core/errors.ts";
import { stopJob } from "../jobs/lifecycle.ts";
import { deleteProviderTranscripts } from "../jobs/provider-transcripts.ts";
import { forgetJobMaker, jobsOf } from "../jobs/store.ts";
import { reservationOf } from "../live/caption-shares.ts";
import { forgetLiveMaker, openSessionsOf } from "../live/transcripts.ts";
import { purgeNewsroom } from "../newsroom/newsroom-cache.ts";
import { removeSendingDomain } from "../organisation/sending-domain.ts";
import { newsroomSlugOf } from "../organisation/store.ts";
import { attachmentKeysOfUser } from "../press-releases/attachments.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { deleteMediaGrantsOf } from "../recordings/uploads/media-grants.ts";
import { forgetUploadMaker, freeUploadStorage, uploadsOf } from "../recordings/uploads/store.ts";
import { audioKeysOnlyOf, forgetAudioMaker } from "../speech/store.ts";
import { deleteAuditOf, forgetActor } from "../workspaces/audit.ts";
import {
  deleteInvitationsSentBy,
  deleteMembershipsOf,
  deleteWorkspaceRows,
  handedWorkspacesOf,
} from "../workspaces/store.ts";
import { deleteUser, findUserById } from "./users.ts";

/**
 * Deleting an account erases what it made, not only its row: running jobs are stopped, open live
 * sessions ended, the transcripts the provider keeps for its jobs deleted there, a caption link
 * waiting for a session withdrawn, the organisation's sending domain removed at the mail provider,
 * then the row, which takes every other row of the user with it,
 * and last its uploads, audio, recordings and
 * release images in R2. Paid orders stay, without the user, as
 * accounting records, and so do invoices, without the person's name and e-mail (decision 021).
 *
 * This module sits above the features' stores and composes them, so no store reaches into
 * another's. Every step before the row goes can run again, so when the provider cannot be reached
 * the request fails before the row goes and the user can simply retry; nothing is reported deleted
 * that still exists.
 *
 * A write still under way for the account (speech finishing, a PATCH streaming, a job storing its
 * result) may land at any moment. The R2 keys are read in the same transaction that deletes the
 * rows, and every such write re-checks its row after writing and removes what it wrote if the row
 * is gone: either the transaction saw the row (and its object is deleted here) or the writer sees
 * it gone. Whatever still escapes, such as an R2 delete that failed after the rows went, the orphan
 * sweep removes a day later.
 */
export async function eraseAccount(c: Context<AppEnv>, userId: string): Promise<void> {
  // A workspace handed to the person holds no one else's login (accounts/hand-over.ts), so it goes
  // whole with its owner, as the one they signed up with does; the dialog names each.
  for (const workspaceId of await handedWorkspacesOf(c.env.DB, userId)) {
    const holder = await findUserById(c.env.DB, workspaceId);
    if (holder) await eraseRows(c, holder.id, holder.email);
  }
  await eraseRows(c, userId, c.var.user.email);
}

async function eraseRows(c: Context<AppEnv>, userId: string, email: string): Promise<void> {
  const db = c.env.DB;
  const [jobs, liveSessions, reserved] = await batchRows(db, [
    jobsOf(db, userId),
    openSessionsOf(db, userId),
    reservationOf(db, userId),
  ]);

  for (const job of jobs) if (job.status === "queued" || job.status === "processing") await stopJob(c.env, job.id);
  for (const session of liveSessions) await c.env.TRANSCRIPTION_RELAY.getByName(session.id).terminate();
  // Readers waiting on a link made before recording are told it stopped; the row goes with the user.
  for (const link of reserved) await c.env.TRANSCRIPTION_RELAY.getByName(link.session_id).stopSharing(link.token);

  // The newsroom's rows go with the account; its pages must leave the edge cache too.
  const newsroom = await newsroomSlugOf(db, userId);
  if (newsroom) await purgeNewsroom(db, c.var.edgeCache, newsroom, userId);

  await deleteProviderTranscripts(
    c,
    jobs.flatMap((job) => (job.provider_ref ? [job.provider_ref] : [])),
  );
  await removeSendingDomain(c.var.provider("mail"), db, userId).catch((error: unknown) => {
    if (!(error instanceof ProviderError)) throw error;
    console.error("[deletion] the sending domain could not be removed at the mail provider", error);
    throw new ApiError(
      502,
      "deletion_incomplete",
      "Your account could not be deleted yet because the mail service is not answering. Nothing was lost; please try again shortly.",
    );
  });

  const [uploads, lastJobs, audioKeys, attachmentKeys] = await batchRows(db, [
    uploadsOf(db, userId),
    jobsOf(db, userId),
    audioKeysOnlyOf(db, userId),
    attachmentKeysOfUser(db, userId),
    deleteMediaGrantsOf(db, userId),
    deleteUnpaidOrders(db, userId),
    forgetInvoiceHolder(db, userId, email),
    // Workspaces: their memberships of others' and the invitations they sent go; others' logs keep
    // what they did without their name or e-mail; their own workspace's members, invitations and
    // log go with it (the foreign keys would take all but the names; these say so).
    ...forgetActor(db, userId, email),
    deleteMembershipsOf(db, userId),
    deleteInvitationsSentBy(db, userId),
    // What they made in others' workspaces stays the workspace's work, without naming them.
    forgetJobMaker(db, userId),
    forgetUploadMaker(db, userId),
    forgetLiveMaker(db, userId),
    forgetAudioMaker(db, userId),
    ...deleteWorkspaceRows(db, userId),
    deleteAuditOf(db, userId),
    deleteUser(db, userId),
  ]);

  for (const upload of uploads) await freeUploadStorage(c.env.AUDIO, upload);
  // A job made from a recording shares its object, which the uploads above have freed already.
  const keys = [
    ...new Set([
      ...audioKeys.map((row) => row.r2_key),
      ...attachmentKeys.map((row) => row.r2_key),
      ...lastJobs.flatMap((job) => [job.r2_key, job.result_key]).filter((key): key is string => Boolean(key)),
    ]),
  ];
  // R2 deletes up to 1,000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await c.env.AUDIO.delete(keys.slice(start, start + 1000));
}
