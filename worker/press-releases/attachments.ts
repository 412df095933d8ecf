import { batchRows, type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { STORAGE_USED_SQL } from "../recordings/storage-used.ts";
import { ATTACHMENT_IMAGES_PER_RELEASE, type AttachmentItem } from "./contracts/attachments.ts";

/**
 * The `release_attachments` table (a release's images, their bytes in R2), `release_image_renditions`
 * (each image's WebP copies for the web, beside it in R2) and `release_audio_clips` (the releases
 * whose recording is attached as an audio clip).
 */

const COLUMNS = "id, content_type, bytes, width, height, alt, caption, created_at";

type AttachmentRow = AttachmentItem & {
  readonly job_id: string;
  readonly user_id: string;
  readonly r2_key: string;
  /** The renditions' bytes together, counted in the plan's storage with the image's own. */
  readonly renditions_bytes: number;
};

/** One web rendition of an image: a WebP `width` pixels wide. */
interface RenditionRow {
  readonly attachment_id: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly r2_key: string;
}

/** Where an image's bytes live: under its account and release, so an erasure can find them by row. */
export const attachmentKey = (userId: string, jobId: string, id: string) => `attachments/${userId}/${jobId}/${id}`;

/**
 * Where an image's rendition lives: beside the originals' prefix rather than under it, so a listing
 * of `attachments/` is the account's uploads as they came, and by account and release like them.
 */
export const renditionKey = (userId: string, jobId: string, id: string, width: number) =>
  `attachment-renditions/${userId}/${jobId}/${id}/${width}.webp`;

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

/** The release's renditions of its images, narrowest first, for its page. */
export async function renditionsOfRelease(db: D1Database, jobId: string): Promise<RenditionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.attachment_id, r.width, r.height, r.bytes, r.r2_key FROM release_image_renditions r
       JOIN release_attachments a ON a.id = r.attachment_id WHERE a.job_id = ? ORDER BY r.attachment_id, r.width`,
    )
    .bind(jobId)
    .all<RenditionRow>();
  return results;
}

/** One rendition of one image of the release; null when there is none of that width. */
export function renditionOf(db: D1Database, jobId: string, id: string, width: number): Promise<RenditionRow | null> {
  return db
    .prepare(
      `SELECT r.attachment_id, r.width, r.height, r.bytes, r.r2_key FROM release_image_renditions r
       JOIN release_attachments a ON a.id = r.attachment_id WHERE a.job_id = ? AND a.id = ? AND r.width = ?`,
    )
    .bind(jobId, id, width)
    .first<RenditionRow>();
}

/** Why an image was not recorded. */
type AttachmentRefusal = "full" | "over_quota";

/**
 * Records an uploaded image with its renditions in one batch. The image's insert holds the release
 * to `ATTACHMENT_IMAGES_PER_RELEASE` and the account to `quotaBytes` (null: unlimited) for the
 * image's bytes and its renditions', so two uploads at once cannot pass either; the renditions are
 * inserted only beside an image that was. Answers null when recorded, else why not.
 */
export async function addAttachment(
  db: D1Database,
  row: Omit<AttachmentRow, "created_at">,
  renditions: readonly Omit<RenditionRow, "attachment_id">[],
  now: string,
  quotaBytes: number | null,
): Promise<AttachmentRefusal | null> {
  const [added] = await db.batch([
    db
      .prepare(
        `INSERT INTO release_attachments (user_id, id, job_id, r2_key, content_type, bytes, width, height, alt, caption,
           created_at, renditions_bytes)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12
         WHERE (SELECT COUNT(*) FROM release_attachments WHERE job_id = ?3) < ?13
           AND (?14 IS NULL OR ${STORAGE_USED_SQL} + ?6 + ?12 <= ?14)`,
      )
      .bind(
        row.user_id,
        row.id,
        row.job_id,
        row.r2_key,
        row.content_type,
        row.bytes,
        row.width,
        row.height,
        row.alt,
        row.caption,
        now,
        row.renditions_bytes,
        ATTACHMENT_IMAGES_PER_RELEASE,
        quotaBytes,
      ),
    db
      .prepare(
        `INSERT INTO release_image_renditions (attachment_id, width, height, bytes, r2_key)
         SELECT ?1, json_extract(value, '$.width'), json_extract(value, '$.height'), json_extract(value, '$.bytes'),
           json_extract(value, '$.r2_key')
         FROM json_each(?2) WHERE EXISTS (SELECT 1 FROM release_attachments WHERE id = ?1)`,
      )
      .bind(row.id, JSON.stringify(renditions)),
  ]);
  if (added?.meta.changes === 1) return null;
  return (await attachmentCount(db, row.job_id)) >= ATTACHMENT_IMAGES_PER_RELEASE ? "full" : "over_quota";
}

/** How many images the release has, to refuse an upload before its bytes are stored. */
export async function attachmentCount(db: D1Database, jobId: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM release_attachments WHERE job_id = ?")
    .bind(jobId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Removes one image of the release with its renditions; answers their R2 keys, or null when the
 * release has no such image. The keys are read in the batch that deletes the rows.
 */
export async function removeAttachment(db: D1Database, jobId: string, id: string): Promise<string[] | null> {
  const [renditions, removed] = await batchRows(db, [
    db
      .prepare(
        `SELECT r.r2_key FROM release_image_renditions r JOIN release_attachments a ON a.id = r.attachment_id
         WHERE a.job_id = ? AND a.id = ?`,
      )
      .bind(jobId, id) as RowsStatement<{ r2_key: string }>,
    db
      .prepare("DELETE FROM release_attachments WHERE job_id = ? AND id = ? RETURNING r2_key")
      .bind(jobId, id) as RowsStatement<{ r2_key: string }>,
  ]);
  return removed.length === 0 ? null : [...removed, ...renditions].map((row) => row.r2_key);
}

/** Every R2 key of the images matching `where` (binding ?1): the originals and their renditions. */
const KEYS_OF_IMAGES = (where: string) =>
  `SELECT r2_key FROM release_attachments WHERE ${where}
   UNION ALL
   SELECT r.r2_key FROM release_image_renditions r JOIN release_attachments a ON a.id = r.attachment_id
   WHERE a.${where}`;

/** The R2 keys of the release's images and their renditions, read in the batch that deletes the release. */
export function attachmentKeysOfRelease(db: D1Database, jobId: string): RowsStatement<{ r2_key: string }> {
  return db.prepare(KEYS_OF_IMAGES("job_id = ?1")).bind(jobId);
}

/** The R2 keys of every image of the account and their renditions, read in the erasure's batch. */
export function attachmentKeysOfUser(db: D1Database, userId: string): RowsStatement<{ r2_key: string }> {
  return db.prepare(KEYS_OF_IMAGES("user_id = ?1")).bind(userId);
}

/** An image's place in its release, from 1 in the order added, as the release's page shows them. */
const POSITION = `(SELECT COUNT(*) FROM release_attachments o
  WHERE o.job_id = a.job_id AND (o.created_at < a.created_at OR (o.created_at = a.created_at AND o.id <= a.id)))`;

/** Every image of the account with its place in its release, a page at a time, for its data download. */
export function attachmentsOfUser(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<AttachmentItem & { job_id: string; position: number }> {
  return pagedStatement(
    db,
    `SELECT job_id, ${COLUMNS}, ${POSITION} AS position FROM release_attachments a WHERE user_id = ?
     ORDER BY created_at, id`,
    [userId],
    page,
  );
}

export type ImageFileRow = Pick<
  AttachmentRow,
  "job_id" | "r2_key" | "bytes" | "alt" | "content_type" | "created_at"
> & {
  readonly position: number;
};

/** Every image of the account as uploaded, with where its bytes are, for the data download's zip. */
export function imageFilesOfUser(db: D1Database, userId: string): RowsStatement<ImageFileRow> {
  return db
    .prepare(
      `SELECT job_id, r2_key, bytes, alt, content_type, created_at, ${POSITION} AS position
       FROM release_attachments a WHERE user_id = ? ORDER BY created_at, id`,
    )
    .bind(userId);
}

/** SQL true when an image or one of its renditions names the R2 object `key` (the orphan sweep's test). */
export const attachmentHoldsKey = (key: string) =>
  `(EXISTS (SELECT 1 FROM release_attachments WHERE r2_key = ${key})
    OR EXISTS (SELECT 1 FROM release_image_renditions WHERE r2_key = ${key}))`;

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
