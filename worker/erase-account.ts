import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import { audioKeysOnlyOf } from "./audio/store.ts";
import { deleteUser } from "./auth/users.ts";
import { batchRows } from "./d1.ts";
import { stopJob } from "./jobs/lifecycle.ts";
import { deleteProviderTranscripts } from "./jobs/provider-transcripts.ts";
import { jobsOf } from "./jobs/store.ts";
import { reservationOf } from "./live/caption-shares.ts";
import { openSessionsOf } from "./live/transcripts.ts";
import { deleteUnpaidOrders } from "./payments/orders.ts";
import { deleteMediaGrantsOf } from "./uploads/media-grants.ts";
import { freeUploadStorage, uploadsOf } from "./uploads/store.ts";

/**
 * Deleting an account erases what it made, not only its row: running jobs are stopped, open live
 * sessions ended, unfinished uploads aborted, the transcripts the provider keeps for its jobs
 * deleted there, a caption link waiting for a session withdrawn, its audio and recordings removed
 * from R2, and then the row, which takes every
 * other row of the user with it. Paid orders stay, without the user, as accounting records.
 *
 * This module sits above the features' stores and composes them, so no store reaches into
 * another's. Every step can run again, so when the provider cannot be reached the request fails
 * before the row goes and the user can simply retry; nothing is reported deleted that still exists.
 */
export async function eraseAccount(c: Context<AppEnv>, userId: string): Promise<void> {
  const db = c.env.DB;
  const [jobs, liveSessions, uploads, reserved] = await batchRows(db, [
    jobsOf(db, userId),
    openSessionsOf(db, userId),
    uploadsOf(db, userId),
    reservationOf(db, userId),
  ]);

  for (const job of jobs) if (job.status === "queued" || job.status === "processing") await stopJob(c.env, job.id);
  for (const session of liveSessions) await c.env.TRANSCRIPTION_RELAY.getByName(session.id).terminate();
  // Readers waiting on a link made before recording are told it stopped; the row goes with the user.
  for (const link of reserved) await c.env.TRANSCRIPTION_RELAY.getByName(link.session_id).stopSharing(link.token);
  for (const upload of uploads) await freeUploadStorage(c.env.AUDIO, upload);

  await deleteProviderTranscripts(
    c,
    jobs.flatMap((job) => (job.provider_ref ? [job.provider_ref] : [])),
  );

  // A job made from a recording shares its object, which the uploads above have freed already.
  const keys = [
    ...new Set([
      ...(await audioKeysOnlyOf(db, userId)),
      ...jobs.flatMap((job) => [job.r2_key, job.result_key]).filter((key): key is string => Boolean(key)),
    ]),
  ];
  // R2 deletes up to 1,000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await c.env.AUDIO.delete(keys.slice(start, start + 1000));

  await db.batch([deleteMediaGrantsOf(db, userId), deleteUnpaidOrders(db, userId), deleteUser(db, userId)]);
}
