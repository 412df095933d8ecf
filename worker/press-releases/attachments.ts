import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { ATTACHMENT_IMAGES_PER_RELEASE, type AttachmentItem } from "./contracts/attachments.ts";

/**
 * The `release_attachments` table (a release's images, their bytes in R2) and `release_audio_clips`
 * (the releases whose recording is attached as an audio clip).
 */

const COLUMNS = "id, content_type, bytes, width, height, alt, caption, created_at";

export type AttachmentRow = AttachmentItem & {
  readonly job_id: string;
  readonly user_id: string;
  readonly r2_key: string;
};

/** Where an image's bytes live: under its account and release, so an erasure can find them by row. */
export const attachmentKey = (userId: string, jobId: string, id: string) => `attachments/${userId}/${jobId}/${id}`;

/** The release's images in the order they were added. */
export async function attachmentsOf(db: D1Database, jobId: string): Promise<AttachmentItem[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM release_attachments WHERE job_id = ? ORDER BY created_at, id`)
    .bind(jobId)
    .all<AttachmentItem>();
  return results;
}

/** One image of the release, with where its bytes are; null when it has no such image. */
export function attachmentOf(db: D1Database, jobId: string, id: string): Promise<AttachmentRow | null> {
  return db
    .prepare("SELECT * FROM release_attachments WHERE job_id = ? AND id = ?")
    .bind(jobId, id)
    .first<AttachmentRow>();
}

/**
 * Records an uploaded image, in one statement that also holds the release to
 * `ATTACHMENT_IMAGES_PER_RELEASE`, so two uploads at once cannot pass it; false when it is full.
 */
export async function addAttachment(
  db: D1Database,
  row: Omit<AttachmentRow, "created_at">,
  now: string,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO release_attachments (id, job_id, user_id, r2_key, content_type, bytes, width, height, alt, caption, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11
       WHERE (SELECT COUNT(*) FROM release_attachments WHERE job_id = ?2) < ?12`,
    )
    .bind(
      row.id,
      row.job_id,
      row.user_id,
      row.r2_key,
      row.content_type,
      row.bytes,
      row.width,
      row.height,
      row.alt,
      row.caption,
      now,
      ATTACHMENT_IMAGES_PER_RELEASE,
    )
    .run();
  return result.meta.changes === 1;
}

/** How many images the release has, to refuse an upload before its bytes are stored. */
export async function attachmentCount(db: D1Database, jobId: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM release_attachments WHERE job_id = ?")
    .bind(jobId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Removes one image of the release; answers its R2 key, or null when the release has no such image. */
export async function removeAttachment(db: D1Database, jobId: string, id: string): Promise<string | null> {
  const row = await db
    .prepare("DELETE FROM release_attachments WHERE job_id = ? AND id = ? RETURNING r2_key")
    .bind(jobId, id)
    .first<{ r2_key: string }>();
  return row?.r2_key ?? null;
}

/** The R2 keys of the release's images, read before the release goes (its rows go with it). */
export async function attachmentKeysOfRelease(db: D1Database, jobId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT r2_key FROM release_attachments WHERE job_id = ?")
    .bind(jobId)
    .all<{ r2_key: string }>();
  return results.map((row) => row.r2_key);
}

/** The R2 keys of every image of the account, read in the erasure's batch. */
export function attachmentKeysOfUser(db: D1Database, userId: string): RowsStatement<{ r2_key: string }> {
  return db.prepare("SELECT r2_key FROM release_attachments WHERE user_id = ?").bind(userId);
}

/** Every image of the account, a page at a time, for its data download. */
export function attachmentsOfUser(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<AttachmentItem & { job_id: string }> {
  return pagedStatement(
    db,
    `SELECT job_id, ${COLUMNS} FROM release_attachments WHERE user_id = ? ORDER BY created_at, id`,
    [userId],
    page,
  );
}

/** SQL true when an image names the R2 object `key` (the orphan sweep's test). */
export const attachmentHoldsKey = (key: string) => `EXISTS (SELECT 1 FROM release_attachments WHERE r2_key = ${key})`;

/** Whether the release's recording is attached as an audio clip. */
export async function recordingAttached(db: D1Database, jobId: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS attached FROM release_audio_clips WHERE job_id = ?")
    .bind(jobId)
    .first<{ attached: number }>();
  return row !== null;
}

export async function attachRecording(db: D1Database, jobId: string, userId: string, attach: boolean, now: string) {
  await (attach
    ? db
        .prepare(
          "INSERT INTO release_audio_clips (job_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT (job_id) DO NOTHING",
        )
        .bind(jobId, userId, now)
    : db.prepare("DELETE FROM release_audio_clips WHERE job_id = ?").bind(jobId)
  ).run();
}

/** The account's releases whose recording is attached, for its data download. */
export function audioClipsOfUser(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<{ job_id: string; created_at: string }> {
  return pagedStatement(
    db,
    "SELECT job_id, created_at FROM release_audio_clips WHERE user_id = ? ORDER BY created_at, job_id",
    [userId],
    page,
  );
}
