import { deleteExpiredMediaGrants } from "./media-grants.ts";
import { deleteUploadRow, expiredUploads, freeUploadStorage } from "./store.ts";

/** Uploads swept per run; the schedule comes round again for any left over. */
const SWEEP_BATCH = 200;

/**
 * Removes unfinished uploads past their expiry with all their R2 data (a finished one is a
 * recording, kept until its owner deletes it), and media URLs past theirs. Runs on the Worker's
 * schedule; an expired upload someone asks for is also removed on sight.
 */
export async function sweepExpiredUploads(env: Env, now = new Date()): Promise<number> {
  const { results } = await expiredUploads(env.DB, now.toISOString(), SWEEP_BATCH);
  for (const row of results) {
    await deleteUploadRow(env.DB, row.id);
    await freeUploadStorage(env.AUDIO, row);
  }
  await deleteExpiredMediaGrants(env.DB, now.toISOString());
  return results.length;
}
