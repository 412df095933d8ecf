import type { SentimentJob, SentimentJobStatus, SentimentReport } from "../contracts/sentiment.ts";
import type { RowsStatement } from "../d1.ts";

/** Sentiment report rows in D1: the jobs' public state; the report itself is JSON in R2. */

export interface SentimentRow {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  /** The recording, for a report on a stored upload; null when only the report was kept. */
  r2_key: string | null;
  report_key: string | null;
  status: SentimentJobStatus;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export const reportKey = (id: string) => `sentiment-reports/${id}.json`;

export function publicSentimentJob(row: SentimentRow): SentimentJob {
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    bytes: row.bytes,
    recording_kept: row.r2_key !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.error === null ? {} : { error: row.error }),
  };
}

export function findOwnSentimentJob(db: D1Database, id: string, userId: string): Promise<SentimentRow | null> {
  return db
    .prepare("SELECT * FROM sentiment_reports WHERE id = ? AND user_id = ?")
    .bind(id, userId)
    .first<SentimentRow>();
}

export async function listSentimentJobs(db: D1Database, userId: string): Promise<SentimentRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM sentiment_reports WHERE user_id = ? ORDER BY created_at DESC LIMIT 100")
    .bind(userId)
    .all<SentimentRow>();
  return results;
}

export interface SentimentUpdate {
  readonly status: SentimentJobStatus;
  readonly reportKey?: string;
  readonly error?: string;
}

/** Moves a job on; a finished job never moves again, so a late retry cannot overwrite a result. */
export async function updateSentimentJob(db: D1Database, id: string, update: SentimentUpdate): Promise<void> {
  await db
    .prepare(
      `UPDATE sentiment_reports SET status = ?, report_key = ?, error = ?, updated_at = ?
       WHERE id = ? AND status NOT IN ('completed', 'error')`,
    )
    .bind(update.status, update.reportKey ?? null, update.error ?? null, new Date().toISOString(), id)
    .run();
}

export async function deleteSentimentJob(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM sentiment_reports WHERE id = ?").bind(id).run();
}

/** Every sentiment report of a user, with the R2 objects erasing the account must delete. */
export function sentimentJobsOf(
  db: D1Database,
  userId: string,
): RowsStatement<Pick<SentimentRow, "id" | "r2_key" | "report_key">> {
  return db.prepare("SELECT id, r2_key, report_key FROM sentiment_reports WHERE user_id = ?").bind(userId);
}

export interface AnalysedFile {
  readonly userId: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: number;
}

/** Keeps a report made on the spot from a small file (the file itself is not kept); answers its id. */
export async function keepReport(env: Env, file: AnalysedFile, report: SentimentReport): Promise<string> {
  const id = crypto.randomUUID();
  const key = reportKey(id);
  await env.AUDIO.put(key, JSON.stringify(report), { httpMetadata: { contentType: "application/json" } });
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO sentiment_reports (id, user_id, file_name, content_type, bytes, r2_key, report_key, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, NULL, ?, 'completed', ?, ?)`,
  )
    .bind(id, file.userId, file.fileName, file.contentType, file.bytes, key, now, now)
    .run();
  return id;
}
