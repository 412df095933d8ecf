import { ApiError } from "../core/errors.ts";
import type { JobKind } from "../jobs/contracts/jobs.ts";
import { isFinished } from "../jobs/contracts/jobs.ts";
import { forgetDeletedRecording, type RecordingUseRow, usesOfRecording } from "../jobs/store.ts";
import { deleteMediaGrantsFor } from "./uploads/media-grants.ts";
import { deleteRecordingUnlessInUse, findOwnRecording, tailKey } from "./uploads/store.ts";

const KIND_NAMES: Record<JobKind, string> = { press_release: "a press release", sentiment: "a sentiment report" };

export const recordingNotFound = () => new ApiError(404, "not_found", "That recording does not exist or is not yours.");

/**
 * Deletes one of the user's recordings (a finished upload), whichever way it is asked for (the
 * recordings list or tus termination), and answers the jobs that used it, which keep their release
 * or report without it. Refused (409) while one of them is still running, since its provider may be
 * reading the object. The row goes first, in one transaction with the check and with clearing the
 * jobs' `r2_key`, so a job started meanwhile either counted as running or finds no recording.
 */
export async function deleteRecording(env: Env, id: string, userId: string): Promise<RecordingUseRow[]> {
  const row = await findOwnRecording(env.DB, id, userId);
  if (!row) throw recordingNotFound();
  const uses = await usesOfRecording(env.DB, id, userId);
  const r2Key = uses.every((u) => isFinished(u.status)) ? await deleteRecordingRow(env.DB, id, userId) : null;
  if (!r2Key) {
    if (!(await findOwnRecording(env.DB, id, userId))) throw recordingNotFound();
    // Read again: a job may have started on it since the first read.
    const running = (await usesOfRecording(env.DB, id, userId)).filter((u) => !isFinished(u.status));
    const names = [...new Set(running.map((u) => KIND_NAMES[u.kind]))].join(" and ") || "a job";
    throw new ApiError(
      409,
      "recording_in_use",
      `This recording is still being used by ${names} that has not finished. Delete it when that is done.`,
    );
  }
  await env.AUDIO.delete([r2Key, tailKey(row)]);
  await deleteMediaGrantsFor(env.DB, r2Key);
  return uses;
}

/**
 * Deletes the recording's row unless a job using it is still running, and clears `r2_key` on the
 * jobs made from it, in one transaction; a job started after this finds no recording. Answers the
 * R2 key to delete, or null when nothing was deleted.
 */
async function deleteRecordingRow(db: D1Database, id: string, userId: string): Promise<string | null> {
  const [deleted] = await db.batch<{ r2_key: string }>([
    deleteRecordingUnlessInUse(db, id, userId),
    forgetDeletedRecording(db, id, userId),
  ]);
  return deleted?.results[0]?.r2_key ?? null;
}
