import type { RowsStatement } from "../core/d1.ts";
import type { JobKind, JobStatus } from "../jobs/contracts/jobs.ts";
import { STORAGE_USED_SQL } from "./storage-used.ts";

/**
 * Recordings in D1: the finished rows of `uploads`, and the jobs that use one (`jobs.upload_id`)
 * and share its R2 object. A job keeps its result when its recording is deleted; its `r2_key`
 * is cleared in the same transaction.
 */

export interface RecordingRow {
  id: string;
  file_name: string;
  bytes: number;
  content_type: string;
  created_at: string;
  r2_key: string;
}

export interface RecordingUseRow {
  id: string;
  kind: JobKind;
  upload_id: string;
  file_name: string;
  status: JobStatus;
  /** The start of a press release's text, enough for its headline. */
  text_start: string | null;
}

/** The recordings list answers the newest 100; older ones stay in the account's data download. */
export const LISTED_RECORDINGS = 100;

const RECORDING_COLUMNS = "id, file_name, length AS bytes, content_type, created_at, r2_key";
const USE_COLUMNS = "id, kind, upload_id, file_name, status, substr(text, 1, 600) AS text_start";

export function recordingsOf(db: D1Database, userId: string): RowsStatement<RecordingRow> {
  return db
    .prepare(
      `SELECT ${RECORDING_COLUMNS} FROM uploads WHERE user_id = ? AND status = 'complete'
       ORDER BY created_at DESC, id LIMIT ?`,
    )
    .bind(userId, LISTED_RECORDINGS);
}

/** Every job of the user that reads one of their listed recordings, newest first. */
export function recordingUsesOf(db: D1Database, userId: string): RowsStatement<RecordingUseRow> {
  return db
    .prepare(
      `SELECT ${USE_COLUMNS} FROM jobs WHERE user_id = ?1 AND r2_key IS NOT NULL
         AND upload_id IN (SELECT id FROM uploads WHERE user_id = ?1 AND status = 'complete'
                           ORDER BY created_at DESC, id LIMIT ?2)
       ORDER BY created_at DESC`,
    )
    .bind(userId, LISTED_RECORDINGS);
}

export function storageUsedBy(db: D1Database, userId: string): RowsStatement<{ used: number }> {
  return db.prepare(`SELECT ${STORAGE_USED_SQL} AS used`).bind(userId);
}

export function findOwnRecording(db: D1Database, id: string, userId: string): Promise<RecordingRow | null> {
  return db
    .prepare(`SELECT ${RECORDING_COLUMNS} FROM uploads WHERE id = ? AND user_id = ? AND status = 'complete'`)
    .bind(id, userId)
    .first<RecordingRow>();
}

export async function usesOfRecording(db: D1Database, id: string, userId: string): Promise<RecordingUseRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${USE_COLUMNS} FROM jobs WHERE upload_id = ? AND user_id = ? AND r2_key IS NOT NULL
       ORDER BY created_at DESC`,
    )
    .bind(id, userId)
    .all<RecordingUseRow>();
  return results;
}

/**
 * Deletes the recording's row unless a job using it is still running (its provider may be reading
 * the object), and clears `r2_key` on the jobs made from it, in one transaction; a job started
 * after this finds no recording. Answers the R2 key to delete, or null when nothing was deleted.
 */
export async function deleteRecordingRow(db: D1Database, id: string, userId: string): Promise<string | null> {
  const [deleted] = await db.batch<{ r2_key: string }>([
    db
      .prepare(
        `DELETE FROM uploads WHERE id = ?1 AND user_id = ?2 AND status = 'complete'
         AND NOT EXISTS (SELECT 1 FROM jobs WHERE upload_id = ?1 AND status IN ('queued', 'processing'))
         RETURNING r2_key`,
      )
      .bind(id, userId),
    db
      .prepare(
        `UPDATE jobs SET r2_key = NULL WHERE upload_id = ?1 AND user_id = ?2
         AND NOT EXISTS (SELECT 1 FROM uploads WHERE id = ?1)`,
      )
      .bind(id, userId),
  ]);
  return deleted?.results[0]?.r2_key ?? null;
}
