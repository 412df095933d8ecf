import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { batchRows } from "../core/d1.ts";
import { attachmentKeysOfRelease } from "../press-releases/attachments.ts";
import { deleteMedia } from "../recordings/uploads/media-url.ts";
import { stopJob } from "./lifecycle.ts";
import { deleteProviderTranscripts } from "./provider-transcripts.ts";
import { deleteJob, type JobRow } from "./store.ts";

/**
 * Deletes a job and everything it made: its work is stopped first, then the provider's transcript
 * (a failure there stops here with 502, before anything of ours is gone, so a retry finishes it),
 * the row, and last the recording and result. The row goes before R2 so that a step still storing
 * a result finds it gone and deletes what it wrote; the keys are those the row held as it went. A
 * recording the job was made from (`upload_id`) is not the job's: it stays, with the media URLs
 * other jobs on it may still be reading; deleting the recording removes it. A release's images are
 * its own: their rows (renditions too) go with the job's and their objects after it (an upload
 * racing the deletion is refused by the row's foreign key and takes its objects back out).
 */
export async function deleteJobEverywhere(
  c: Context<AppEnv>,
  row: Pick<JobRow, "id" | "r2_key" | "upload_id" | "result_key" | "provider_ref">,
): Promise<void> {
  await stopJob(c.env, row.id);
  if (row.provider_ref) await deleteProviderTranscripts(c, [row.provider_ref]);
  // One transaction: an image recorded between a read of the keys and the deletion would lose its
  // rows to the cascade and leave its objects behind.
  const [attachments, [last]] = await batchRows(c.env.DB, [
    attachmentKeysOfRelease(c.env.DB, row.id),
    deleteJob(c.env.DB, row.id),
  ]);
  const r2Key = last?.r2_key ?? row.r2_key;
  if (r2Key && row.upload_id === null) await deleteMedia(c.env, r2Key);
  const resultKey = last?.result_key ?? row.result_key;
  if (resultKey) await c.env.AUDIO.delete(resultKey);
  if (attachments.length > 0) await c.env.AUDIO.delete(attachments.map((image) => image.r2_key));
  // A step that was creating a transcript while this ran recorded it after the row was read.
  if (last?.provider_ref && last.provider_ref !== row.provider_ref) {
    await deleteProviderTranscripts(c, [last.provider_ref]).catch((error: unknown) =>
      console.error(`[jobs] transcript ${last.provider_ref} of deleted job ${row.id} is left at the provider`, error),
    );
  }
}
