import { ApiError } from "../errors.ts";
import { findOwnUpload, isExpired } from "../uploads/store.ts";
import { insertJobFromUpload, type JobFromUpload } from "./store.ts";
import { requireTranscribable } from "./transcribable.ts";

/**
 * Hands a finished upload over to a new job in one transaction: the job row is inserted from the
 * upload (same bytes, same R2 object, so storage use does not change) and the upload deleted. Two
 * requests taking the same upload cannot both get it.
 */

export interface TakenUpload {
  readonly r2Key: string;
  readonly contentType: string;
}

export async function takeUpload(
  db: D1Database,
  job: JobFromUpload,
  uploadId: string,
  userId: string,
): Promise<TakenUpload> {
  const upload = await findOwnUpload(db, uploadId, userId);
  if (!upload || isExpired(upload)) {
    throw new ApiError(404, "upload_not_found", "That upload does not exist, has expired or is not yours.", {
      upload_id: ["Unknown upload."],
    });
  }
  if (upload.status !== "complete") {
    throw new ApiError(409, "upload_incomplete", "That upload has not finished yet.", {
      upload_id: ["The upload has not finished."],
    });
  }
  requireTranscribable(job.language, { size: upload.length, type: upload.content_type });
  if (!(await insertJobFromUpload(db, job, uploadId, userId))) {
    throw new ApiError(409, "upload_taken", "That upload is already being used.", { upload_id: ["Already used."] });
  }
  return { r2Key: upload.r2_key, contentType: upload.content_type };
}
