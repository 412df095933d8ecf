import { type Page, pagedStatement, placeholders, type RowsStatement } from "../../core/d1.ts";
import { STORAGE_USED_SQL } from "../storage-used.ts";

/** Upload rows in D1 (`uploads`): one resumable upload each, owned by one user. */

/** A recording: a finished upload, as the recordings list shows it. */
export interface RecordingRow {
  id: string;
  file_name: string;
  bytes: number;
  content_type: string;
  created_at: string;
  r2_key: string;
}

const RECORDING_COLUMNS = "id, file_name, length AS bytes, content_type, created_at, r2_key";

export function recordingsOf(db: D1Database, userId: string, limit: number): RowsStatement<RecordingRow> {
  return db
    .prepare(
      `SELECT ${RECORDING_COLUMNS} FROM uploads WHERE user_id = ? AND status = 'complete'
       ORDER BY created_at DESC, id LIMIT ?`,
    )
    .bind(userId, limit);
}

export function findOwnRecording(db: D1Database, id: string, userId: string): Promise<RecordingRow | null> {
  return db
    .prepare(`SELECT ${RECORDING_COLUMNS} FROM uploads WHERE id = ? AND user_id = ? AND status = 'complete'`)
    .bind(id, userId)
    .first<RecordingRow>();
}

/**
 * Deletes the recording's row unless a job using it is still running (its provider may be reading
 * the object), in one statement, so a job starting meanwhile either comes first or finds no
 * recording. Answers the R2 key to delete.
 */
export function deleteRecordingUnlessInUse(
  db: D1Database,
  id: string,
  userId: string,
): RowsStatement<{ r2_key: string }> {
  return db
    .prepare(
      `DELETE FROM uploads WHERE id = ?1 AND user_id = ?2 AND status = 'complete'
       AND NOT EXISTS (SELECT 1 FROM jobs WHERE upload_id = ?1 AND status IN ('queued', 'processing'))
       RETURNING r2_key`,
    )
    .bind(id, userId);
}

export interface UploadRow {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  length: number;
  offset: number;
  /** The Upload-Metadata header as the client sent it, echoed back on HEAD. */
  metadata: string;
  r2_key: string;
  multipart_id: string;
  part_size: number;
  /** JSON array of the R2 parts stored so far, in order. */
  parts: string;
  tail_bytes: number;
  status: "uploading" | "complete";
  lock_token: string | null;
  locked_until: string | null;
  expires_at: string;
  created_at: string;
  /** The person who uploaded it (the workspace is `user_id`); null once their account is erased. */
  created_by: string | null;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
}

type NewUpload = Pick<
  UploadRow,
  "id" | "user_id" | "file_name" | "content_type" | "length" | "metadata" | "r2_key" | "multipart_id" | "part_size"
> & { readonly created_by: string };

/** Inserts the upload unless it would take the user past `quotaBytes` (null: unlimited), in one statement. */
export async function insertUploadWithinQuota(
  db: D1Database,
  upload: NewUpload,
  expiresAt: string,
  quotaBytes: number | null,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO uploads (id, user_id, file_name, content_type, length, metadata, r2_key, multipart_id, part_size,
         status, expires_at, created_at, created_by)
       SELECT ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'uploading', ?10, ?11, ?13
       WHERE ?12 IS NULL OR ${STORAGE_USED_SQL} + ?5 <= ?12`,
    )
    .bind(
      upload.user_id,
      upload.id,
      upload.file_name,
      upload.content_type,
      upload.length,
      upload.metadata,
      upload.r2_key,
      upload.multipart_id,
      upload.part_size,
      expiresAt,
      new Date().toISOString(),
      quotaBytes,
      upload.created_by,
    )
    .run();
  return result.meta.changes === 1;
}

export function findOwnUpload(db: D1Database, id: string, userId: string): Promise<UploadRow | null> {
  return db.prepare("SELECT * FROM uploads WHERE id = ? AND user_id = ?").bind(id, userId).first<UploadRow>();
}

export interface Progress {
  readonly offset: number;
  readonly parts: readonly StoredPart[];
  readonly tailBytes: number;
  readonly expiresAt: string;
  readonly complete?: boolean;
}

/**
 * How long a PATCH holds its upload between two recorded parts. A writer whose connection was cut
 * usually releases at once; one the runtime stopped mid-way blocks the resume at most this long.
 */
const LOCK_LEASE_MS = 2 * 60 * 1000;

const leaseEnd = () => new Date(Date.now() + LOCK_LEASE_MS).toISOString();

/**
 * Makes `lock` the one PATCH writing this upload, unless another holds an unexpired lease: a cut
 * connection's request may still be storing its last part when the client resumes, and two
 * writers would overwrite each other's R2 parts. Answers whether the lock was taken.
 */
export async function lockUpload(db: D1Database, id: string, lock: string): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE uploads SET lock_token = ?, locked_until = ?
       WHERE id = ? AND status = 'uploading' AND (locked_until IS NULL OR locked_until <= ?)`,
    )
    .bind(lock, leaseEnd(), id, new Date().toISOString())
    .run();
  return result.meta.changes === 1;
}

export async function unlockUpload(db: D1Database, id: string, lock: string): Promise<void> {
  await db
    .prepare("UPDATE uploads SET lock_token = NULL, locked_until = NULL WHERE id = ? AND lock_token = ?")
    .bind(id, lock)
    .run();
}

/**
 * Records progress, renewing the lease, only while `lock` still holds the upload at `fromOffset`,
 * so a writer that lost its lease cannot count bytes. Answers whether it was recorded.
 */
export async function recordProgress(db: D1Database, id: string, lock: string, fromOffset: number, progress: Progress) {
  const result = await db
    .prepare(
      `UPDATE uploads SET offset = ?, parts = ?, tail_bytes = ?, expires_at = ?, status = ?, locked_until = ?
       WHERE id = ? AND offset = ? AND status = 'uploading' AND lock_token = ?`,
    )
    .bind(
      progress.offset,
      JSON.stringify(progress.parts),
      progress.tailBytes,
      progress.expiresAt,
      progress.complete ? "complete" : "uploading",
      leaseEnd(),
      id,
      fromOffset,
      lock,
    )
    .run();
  return result.meta.changes === 1;
}

export async function uploadExists(db: D1Database, id: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM uploads WHERE id = ?").bind(id).first("found")) !== null;
}

export async function deleteUploadRow(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM uploads WHERE id = ?").bind(id).run();
}

/**
 * Deletes the unfinished uploads person `person` has under way in workspace `workspaceId`, answering
 * their rows so the caller can free their bytes (`freeUploadStorage`): once they are no longer a
 * member, no one can finish them.
 */
export function deleteUnfinishedUploadsBy(
  db: D1Database,
  workspaceId: string,
  person: string,
): RowsStatement<UploadRow> {
  return db
    .prepare("DELETE FROM uploads WHERE user_id = ? AND created_by = ? AND status = 'uploading' RETURNING *")
    .bind(workspaceId, person);
}

/** Every upload of a user (or a page of them), oldest first. */
export function uploadsOf(db: D1Database, userId: string, page?: Page): RowsStatement<UploadRow> {
  return pagedStatement(db, "SELECT * FROM uploads WHERE user_id = ? ORDER BY created_at, id", [userId], page);
}

/** The uploads person `person` made in workspace `workspaceId` (or a page of them), oldest first. */
export function uploadsMadeBy(
  db: D1Database,
  workspaceId: string,
  person: string,
  page?: Page,
): RowsStatement<UploadRow> {
  return pagedStatement(
    db,
    "SELECT * FROM uploads WHERE user_id = ? AND created_by = ? ORDER BY created_at, id",
    [workspaceId, person],
    page,
  );
}

/** The workspaces other than their own where person `person` uploaded recordings. */
export function workspacesWithUploadsBy(db: D1Database, person: string): RowsStatement<{ user_id: string }> {
  return db.prepare("SELECT DISTINCT user_id FROM uploads WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** Forgets person `person` as the uploader of recordings in others' workspaces (erasing their account). */
export function forgetUploadMaker(db: D1Database, person: string): D1PreparedStatement {
  return db.prepare("UPDATE uploads SET created_by = NULL WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** Unfinished uploads past their expiry; a finished one is a recording, kept until its owner deletes it. */
export function expiredUploads(db: D1Database, now: string, limit: number): Promise<D1Result<UploadRow>> {
  return db
    .prepare("SELECT * FROM uploads WHERE status = 'uploading' AND expires_at <= ? LIMIT ?")
    .bind(now, limit)
    .all<UploadRow>();
}

export function isExpired(row: UploadRow, now = Date.now()): boolean {
  return row.status === "uploading" && Date.parse(row.expires_at) <= now;
}

/** R2 key of the trailing bytes that did not fill a part yet. */
export const tailKey = (row: Pick<UploadRow, "r2_key">) => `${row.r2_key}.tail`;

/**
 * Removes every R2 trace of an upload: its parts, trailing bytes and the object. All three are
 * tried whatever the row said, since a PATCH may have finished the upload after the row was read,
 * and aborting what is already aborted or complete changes nothing.
 */
export async function freeUploadStorage(bucket: R2Bucket, row: UploadRow): Promise<void> {
  if (row.status === "uploading") {
    await bucket
      .resumeMultipartUpload(row.r2_key, row.multipart_id)
      .abort()
      .catch(() => undefined);
  }
  await bucket.delete([row.r2_key, tailKey(row)]);
}

/** The user's recordings (person `madeBy`'s only, when given) whose object is one of `keys`. */
export function recordingsKeeping(
  db: D1Database,
  userId: string,
  keys: readonly string[],
  madeBy: string | null,
): RowsStatement<{ id: string; file_name: string; r2_key: string }> {
  return db
    .prepare(
      `SELECT id, file_name, r2_key FROM uploads
       WHERE user_id = ? ${madeBy === null ? "" : "AND created_by = ?"} AND status = 'complete'
         AND r2_key IN (${placeholders(keys.length)})`,
    )
    .bind(userId, ...(madeBy === null ? [] : [madeBy]), ...keys);
}

/** True when an upload names object `key` (a SQL expression), as its object or as its `.tail`. */
export const uploadHoldsKey = (key: string) =>
  `(EXISTS (SELECT 1 FROM uploads WHERE r2_key = ${key})
    OR EXISTS (SELECT 1 FROM uploads WHERE r2_key =
      CASE WHEN ${key} LIKE '%.tail' THEN substr(${key}, 1, length(${key}) - 5) END))`;

/** The uploads the person made, in any workspace, credited to their new row when they hand over their own. */
export function moveUploadMaker(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE uploads SET created_by = ?2 WHERE created_by = ?1").bind(from, to);
}
