import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { audioKeysOnlyOf } from "../audio/store.ts";
import { batchRows } from "../d1.ts";
import { openSessionsOf } from "../live/transcripts.ts";
import { deleteUnpaidOrders } from "../payments/orders.ts";
import { deleteProviderTranscripts } from "../press-releases/provider-transcripts.ts";
import { pressReleasesOf } from "../press-releases/store.ts";
import { sentimentJobsOf } from "../sentiment/store.ts";
import { deleteMediaGrantsOf } from "../uploads/media-grants.ts";
import { freeUploadStorage, uploadsOf } from "../uploads/store.ts";
import { deleteUser } from "./users.ts";

/**
 * Deleting an account erases what it made, not only its row: running press release jobs are
 * stopped, open live sessions and sentiment jobs ended, unfinished uploads aborted, the transcripts the provider keeps for its press releases
 * deleted there, its audio and recordings removed from R2, and then the row, which takes every
 * other row of the user with it. Paid orders stay, without the user, as accounting records.
 *
 * Every step can run again, so when the provider cannot be reached the request fails before the
 * row goes and the user can simply retry; nothing is reported deleted that still exists.
 */
export async function eraseAccount(c: Context<AppEnv>, userId: string): Promise<void> {
  const db = c.env.DB;
  const [releases, liveSessions, reports, uploads] = await batchRows(db, [
    pressReleasesOf(db, userId),
    openSessionsOf(db, userId),
    sentimentJobsOf(db, userId),
    uploadsOf(db, userId),
  ]);

  const transcripts = new Set<string>();
  for (const release of releases) {
    const fromJob = await c.env.PRESS_RELEASE_JOBS.getByName(release.id).cancel();
    for (const id of [fromJob, release.transcript_id]) if (id) transcripts.add(id);
  }
  for (const session of liveSessions) await c.env.TRANSCRIPTION_RELAY.getByName(session.id).terminate();
  for (const report of reports) await c.env.SENTIMENT_JOBS.getByName(report.id).cancel();
  for (const upload of uploads) await freeUploadStorage(c.env.AUDIO, upload);

  await deleteProviderTranscripts(c, transcripts);

  const keys = [
    ...(await audioKeysOnlyOf(db, userId)),
    ...[
      ...releases.map((release) => release.r2_key),
      ...reports.flatMap((report) => [report.r2_key, report.report_key]),
    ].filter((key): key is string => Boolean(key)),
  ];
  // R2 deletes up to 1,000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await c.env.AUDIO.delete(keys.slice(start, start + 1000));

  await db.batch([deleteMediaGrantsOf(db, userId), deleteUnpaidOrders(db, userId), deleteUser(db, userId)]);
}
