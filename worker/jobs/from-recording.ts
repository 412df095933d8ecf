import { ApiError } from "../core/errors.ts";
import { findOwnUpload } from "../recordings/uploads/store.ts";
import { insertJobFromRecording, type JobFromRecording } from "./store.ts";
import { requireTranscribable } from "./transcribable.ts";

/**
 * Starts a job on one of the user's recordings (a finished upload). The job shares the recording's
 * R2 object rather than taking it, so the same recording serves any number of jobs, of any tool,
 * one after another or at once, and is uploaded once.
 */

interface UsedRecording {
  readonly r2Key: string;
  readonly contentType: string;
}

const notFound = () =>
  new ApiError(404, "upload_not_found", "That upload does not exist, has been deleted or is not yours.", {
    upload_id: ["Unknown upload."],
  });

export async function jobFromRecording(
  db: D1Database,
  job: JobFromRecording,
  uploadId: string,
  userId: string,
): Promise<UsedRecording> {
  const upload = await findOwnUpload(db, uploadId, userId);
  if (!upload) throw notFound();
  if (upload.status !== "complete") {
    throw new ApiError(409, "upload_incomplete", "That upload has not finished yet.", {
      upload_id: ["The upload has not finished."],
    });
  }
  requireTranscribable(job.language, { size: upload.length, type: upload.content_type });
  // Deleted between the read above and this insert: the job is not made.
  if (!(await insertJobFromRecording(db, job, uploadId, userId))) throw notFound();
  return { r2Key: upload.r2_key, contentType: upload.content_type };
}
