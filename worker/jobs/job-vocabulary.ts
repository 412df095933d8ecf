import { parseVocabulary } from "../preferences/store.ts";

/**
 * The terms of the account a job belongs to, as they are when the job's step runs (an edit in
 * Settings reaches a job still waiting for its transcript). It names the jobs table and the
 * preferences table in one query, so it sits above both stores.
 */
export async function vocabularyOfJob(db: D1Database, jobId: string): Promise<string[]> {
  const row = await db
    .prepare("SELECT p.vocabulary FROM jobs j JOIN preferences p ON p.user_id = j.user_id WHERE j.id = ?")
    .bind(jobId)
    .first<{ vocabulary: string }>();
  return parseVocabulary(row?.vocabulary);
}
