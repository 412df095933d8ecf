import { parseVocabulary, vocabularyOfOwner } from "../preferences/store.ts";
import { JOB_OWNER } from "./store.ts";

/**
 * The terms of the account a job belongs to, as they are when the job's step runs (an edit in
 * Settings reaches a job still waiting for its transcript): one query, the job's owner read inside it.
 */
export async function vocabularyOfJob(db: D1Database, jobId: string): Promise<string[]> {
  const row = await vocabularyOfOwner(db, JOB_OWNER).bind(jobId).first<{ vocabulary: string }>();
  return parseVocabulary(row?.vocabulary);
}
