import type { JobStatus } from "../jobs/contracts/jobs.ts";
import { setHeadlines } from "../jobs/store.ts";
import type { Regeneration, ReleaseOptions } from "./contracts/release-options.ts";

/**
 * Requests to write a finished release again with options (`press_release_regenerations`), and the
 * text each release was written from (`press_release_sources`), which they are written from.
 */

export const TRANSCRIPT_NOT_KEPT =
  "The transcript of this release was not kept, so it cannot be written again. Upload the recording again instead.";

export interface RegenerationRow {
  id: string;
  job_id: string;
  user_id: string;
  options: string;
  status: JobStatus;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** A release is written again one request at a time; answers false when one is still running. */
export async function insertRegeneration(
  db: D1Database,
  row: { id: string; jobId: string; userId: string; options: ReleaseOptions },
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .prepare(
      `INSERT INTO press_release_regenerations (id, job_id, user_id, options, status, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, 'queued', ?5, ?5
       WHERE NOT EXISTS (SELECT 1 FROM press_release_regenerations
                         WHERE job_id = ?2 AND status IN ('queued', 'processing'))`,
    )
    .bind(row.id, row.jobId, row.userId, JSON.stringify(row.options), now)
    .run();
  return result.meta.changes === 1;
}

export function findRegeneration(db: D1Database, id: string, jobId: string): Promise<RegenerationRow | null> {
  return db
    .prepare("SELECT * FROM press_release_regenerations WHERE id = ? AND job_id = ?")
    .bind(id, jobId)
    .first<RegenerationRow>();
}

/** Moves a regeneration on; a finished one never moves again. */
export async function setRegenerationStatus(
  db: D1Database,
  id: string,
  update: { status: JobStatus; error?: string },
): Promise<void> {
  await db
    .prepare(
      `UPDATE press_release_regenerations SET status = ?, error = ?, updated_at = ?
       WHERE id = ? AND status NOT IN ('completed', 'error')`,
    )
    .bind(update.status, update.error ?? null, new Date().toISOString(), id)
    .run();
}

export function regenerationView(row: RegenerationRow): Regeneration {
  return { id: row.id, status: row.status, ...(row.error === null ? {} : { error: row.error }) };
}

/** Unfinished regenerations, the longest unmoved first: what a sweep looks at. */
export async function unfinishedRegenerations(db: D1Database, limit: number): Promise<RegenerationRow[]> {
  const { results } = await db
    .prepare(
      "SELECT * FROM press_release_regenerations WHERE status IN ('queued', 'processing') ORDER BY updated_at LIMIT ?",
    )
    .bind(limit)
    .all<RegenerationRow>();
  return results;
}

/** Keeps the text a release was written from, and the alternative headlines it was written with. */
export async function keepReleaseSource(
  db: D1Database,
  jobId: string,
  source: string,
  headlines: readonly string[],
): Promise<void> {
  await db.batch([
    db
      .prepare(
        "INSERT INTO press_release_sources (job_id, text) VALUES (?1, ?2) ON CONFLICT (job_id) DO UPDATE SET text = ?2",
      )
      .bind(jobId, source),
    setHeadlines(db, jobId, headlines),
  ]);
}

export async function keptSource(db: D1Database, jobId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT text FROM press_release_sources WHERE job_id = ?")
    .bind(jobId)
    .first<{ text: string }>();
  return row?.text ?? null;
}
