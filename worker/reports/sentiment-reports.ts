import type { Language } from "../contracts/languages.ts";
import type { TranscriptSoFar } from "../jobs/spitch-transcript.ts";
import { insertFinishedJob, jobExists, setJobStatus } from "../jobs/store.ts";
import type { TextAnalysis } from "../providers/deepgram.ts";
import { oneSpeaker } from "../transcripts/contracts/transcript.ts";
import { type SentimentReport, sentimentReportSchema } from "./contracts/sentiment.ts";

/** Sentiment reports are JSON in R2: a report on hours of audio outgrows a D1 row. */

const reportKey = (id: string) => `sentiment-reports/${id}.json`;

async function storeReport(env: Env, id: string, report: SentimentReport): Promise<string> {
  const key = reportKey(id);
  await env.AUDIO.put(key, JSON.stringify(report), { httpMetadata: { contentType: "application/json" } });
  return key;
}

/**
 * Stores a job's report and completes the job. The job may have been deleted (or its account
 * erased) while the report was made: deleting takes the row before the R2 data, so a report
 * written after that finds the row gone here and is deleted rather than left for nobody.
 */
export async function completeWithReport(env: Env, id: string, report: SentimentReport): Promise<void> {
  const resultKey = await storeReport(env, id, report);
  await setJobStatus(env.DB, id, { status: "completed", resultKey });
  if (!(await jobExists(env.DB, id))) await env.AUDIO.delete(resultKey);
}

export async function readReport(env: Env, key: string): Promise<SentimentReport | undefined> {
  const stored = await env.AUDIO.get(key);
  return stored ? sentimentReportSchema.parse(await stored.json()) : undefined;
}

/**
 * The report on a recording in another language: its transcript (with sentence times) where an
 * English report has Deepgram's, the English translation, and the analyses made on that.
 */
export function languageReport(
  language: Language,
  original: TranscriptSoFar,
  translation: string,
  analysis: TextAnalysis,
): SentimentReport {
  const duration = original.sentences.at(-1)?.end;
  return {
    language,
    sentences: [...original.sentences],
    utterances: oneSpeaker(original.sentences),
    translation: { language: "en", text: translation },
    ...(duration === undefined ? {} : { metadata: { duration } }),
    results: { channels: [{ alternatives: [{ transcript: original.transcript }] }], ...analysis },
  };
}

export interface AnalysedFile {
  readonly userId: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly language: Language;
}

/**
 * Keeps a report made on the spot from a small file (the file itself is not kept); answers its id,
 * or null when the account was erased while the report was made (and then keeps nothing).
 */
export async function keepReport(env: Env, file: AnalysedFile, report: SentimentReport): Promise<string | null> {
  const id = crypto.randomUUID();
  const resultKey = await storeReport(env, id, report);
  const kept = await insertFinishedJob(env.DB, {
    id,
    user_id: file.userId,
    kind: "sentiment",
    file_name: file.fileName,
    content_type: file.contentType,
    bytes: file.bytes,
    language: file.language,
    result_key: resultKey,
  });
  if (kept) return id;
  await env.AUDIO.delete(resultKey);
  return null;
}
