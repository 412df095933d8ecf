import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { deleteMedia } from "../uploads/media-url.ts";
import { stopJob } from "./lifecycle.ts";
import { deleteProviderTranscripts } from "./provider-transcripts.ts";
import { deleteJob, type JobRow } from "./store.ts";

/**
 * Deletes a job and everything it made: its work is stopped first, then the provider's transcript
 * (a failure there stops here with 502, before anything of ours is gone, so a retry finishes it),
 * the recording and result, and last the row. A recording the job was made from (`upload_id`) is
 * not the job's: it stays, with the media URLs other jobs on it may still be reading; deleting the
 * recording removes it.
 */
export async function deleteJobEverywhere(
  c: Context<AppEnv>,
  row: Pick<JobRow, "id" | "r2_key" | "upload_id" | "result_key" | "provider_ref">,
): Promise<void> {
  await stopJob(c.env, row.id);
  if (row.provider_ref) await deleteProviderTranscripts(c, [row.provider_ref]);
  if (row.r2_key && row.upload_id === null) await deleteMedia(c.env, row.r2_key);
  if (row.result_key) await c.env.AUDIO.delete(row.result_key);
  const last = await deleteJob(c.env.DB, row.id);
  // A step that was creating a transcript while this ran recorded it after the row was read.
  if (last?.provider_ref && last.provider_ref !== row.provider_ref) {
    await deleteProviderTranscripts(c, [last.provider_ref]).catch((error: unknown) =>
      console.error(`[jobs] transcript ${last.provider_ref} of deleted job ${row.id} is left at the provider`, error),
    );
  }
}
