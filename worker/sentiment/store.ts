import type { SentimentJob, SentimentJobStatus } from "../contracts/sentiment.ts";

/** Sentiment report rows in D1: the jobs' public state; the report itself is JSON in R2. */

export interface SentimentRow {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  r2_key: string;
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
