import type { PressRelease, PressReleaseList, PressReleaseStatus } from "../contracts/press-releases.ts";
import type { RowsStatement } from "../d1.ts";
import { STORAGE_USED_SQL } from "../uploads/store.ts";

/** Press release rows in D1: the jobs' public state, owned by one user each. */

export interface PressReleaseRow {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  r2_key: string;
  status: PressReleaseStatus;
  text: string | null;
  error: string | null;
  /** The provider's transcript, deleted there with the release. */
  transcript_id: string | null;
  created_at: string;
  updated_at: string;
}

export function publicPressRelease(row: PressReleaseRow): PressRelease {
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    bytes: row.bytes,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.text === null ? {} : { text: row.text }),
    ...(row.error === null ? {} : { error: row.error }),
  };
}

export type NewPressRelease = Pick<
  PressReleaseRow,
  "id" | "user_id" | "file_name" | "content_type" | "bytes" | "r2_key"
>;

/**
 * Inserts a queued job unless it would take the user's stored bytes (every tool's recordings and
 * unfinished uploads) past `quotaBytes` (null: no quota). One statement, so two uploads at once cannot both squeeze under the quota.
 */
export async function insertWithinQuota(
  db: D1Database,
  job: NewPressRelease,
  quotaBytes: number | null,
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .prepare(
      `INSERT INTO press_releases (id, user_id, file_name, content_type, bytes, r2_key, status, created_at, updated_at)
       SELECT ?2, ?1, ?3, ?4, ?5, ?6, 'queued', ?7, ?7
       WHERE ?8 IS NULL OR ${STORAGE_USED_SQL} + ?5 <= ?8`,
    )
    .bind(job.user_id, job.id, job.file_name, job.content_type, job.bytes, job.r2_key, now, quotaBytes)
    .run();
  return result.meta.changes === 1;
}

export interface StatusUpdate {
  readonly status: PressReleaseStatus;
  readonly text?: string;
  readonly error?: string;
}

/** Moves a job on; a finished job never moves again, so a late retry cannot overwrite a result. */
export async function updateStatus(db: D1Database, id: string, update: StatusUpdate): Promise<void> {
  await db
    .prepare(
      `UPDATE press_releases SET status = ?, text = ?, error = ?, updated_at = ?
       WHERE id = ? AND status NOT IN ('completed', 'error')`,
    )
    .bind(update.status, update.text ?? null, update.error ?? null, new Date().toISOString(), id)
    .run();
}

export function findOwnPressRelease(db: D1Database, id: string, userId: string): Promise<PressReleaseRow | null> {
  return db
    .prepare("SELECT * FROM press_releases WHERE id = ? AND user_id = ?")
    .bind(id, userId)
    .first<PressReleaseRow>();
}

export async function listPressReleases(
  db: D1Database,
  userId: string,
  quotaBytes: number | null,
): Promise<PressReleaseList> {
  const [items, usage] = await db.batch<PressReleaseRow | { used: number }>([
    db.prepare("SELECT * FROM press_releases WHERE user_id = ? ORDER BY created_at DESC LIMIT 100").bind(userId),
    db.prepare(`SELECT ${STORAGE_USED_SQL} AS used`).bind(userId),
  ]);
  return {
    items: ((items?.results ?? []) as PressReleaseRow[]).map((row) => {
      const { text: _text, ...rest } = publicPressRelease(row);
      return rest;
    }),
    storage: { used_bytes: (usage?.results[0] as { used: number } | undefined)?.used ?? 0, quota_bytes: quotaBytes },
  };
}

export async function deletePressRelease(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM press_releases WHERE id = ?").bind(id).run();
}

/** The provider's transcript id, kept so deleting the release (or the account) can delete it there too. */
export async function recordTranscriptId(db: D1Database, id: string, transcriptId: string): Promise<void> {
  await db.prepare("UPDATE press_releases SET transcript_id = ? WHERE id = ?").bind(transcriptId, id).run();
}

/** Every press release of a user, with what erasing the account must stop or delete elsewhere. */
export function pressReleasesOf(
  db: D1Database,
  userId: string,
): RowsStatement<Pick<PressReleaseRow, "id" | "r2_key" | "transcript_id">> {
  return db.prepare("SELECT id, r2_key, transcript_id FROM press_releases WHERE user_id = ?").bind(userId);
}
