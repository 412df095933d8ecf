import { deleteUploadRow, expiredUploads, freeUploadStorage } from "./store.ts";

/** Uploads swept per run; the schedule comes round again for any left over. */
const SWEEP_BATCH = 200;

/**
 * Removes uploads past their expiry (unfinished ones and finished ones no tool took) with all their
 * R2 data, and media URLs past theirs. Runs on the Worker's schedule; an expired upload someone
 * asks for is also removed on sight.
 */
export async function sweepExpiredUploads(env: Env, now = new Date()): Promise<number> {
  const { results } = await expiredUploads(env.DB, now.toISOString(), SWEEP_BATCH);
  for (const row of results) {
    await freeUploadStorage(env.AUDIO, row);
    await deleteUploadRow(env.DB, row.id);
  }
  await env.DB.prepare("DELETE FROM media_grants WHERE expires_at <= ?").bind(now.toISOString()).run();
  return results.length;
}
