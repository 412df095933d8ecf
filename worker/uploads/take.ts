import { ApiError } from "../errors.ts";

/**
 * Hands a finished upload over to a tool's job row in one transaction: the row is inserted from
 * the upload (same bytes, same R2 object, so storage use does not change) and the upload deleted.
 * Two requests taking the same upload cannot both get it.
 */

export type TakingTable = "press_releases" | "sentiment_reports";

export interface TakenUpload {
  readonly r2Key: string;
  readonly contentType: string;
}

export async function takeUpload(
  db: D1Database,
  table: TakingTable,
  jobId: string,
  uploadId: string,
  userId: string,
): Promise<TakenUpload> {
  const upload = await db
    .prepare("SELECT status, r2_key, content_type, expires_at FROM uploads WHERE id = ? AND user_id = ?")
    .bind(uploadId, userId)
    .first<{ status: string; r2_key: string; content_type: string; expires_at: string }>();
  if (!upload || Date.parse(upload.expires_at) <= Date.now()) {
    throw new ApiError(404, "upload_not_found", "That upload does not exist, has expired or is not yours.", {
      upload_id: ["Unknown upload."],
    });
  }
  if (upload.status !== "complete") {
    throw new ApiError(409, "upload_incomplete", "That upload has not finished yet.", {
      upload_id: ["The upload has not finished."],
    });
  }
  const now = new Date().toISOString();
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO ${table} (id, user_id, file_name, content_type, bytes, r2_key, status, created_at, updated_at)
         SELECT ?1, user_id, file_name, content_type, length, r2_key, 'queued', ?2, ?2
         FROM uploads WHERE id = ?3 AND user_id = ?4 AND status = 'complete'`,
      )
      .bind(jobId, now, uploadId, userId),
    db.prepare("DELETE FROM uploads WHERE id = ? AND user_id = ? AND status = 'complete'").bind(uploadId, userId),
  ]);
  if (inserted?.meta.changes !== 1) {
    throw new ApiError(409, "upload_taken", "That upload is already being used.", { upload_id: ["Already used."] });
  }
  return { r2Key: upload.r2_key, contentType: upload.content_type };
}
