import { planLimits, storageQuotaBytes } from "../billing/contracts/plans.ts";
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

interface AnalysedFile {
  /** The workspace the report belongs to. */
  readonly userId: string;
  /** The person who asked for it. */
  readonly createdBy: string;
  /** The plan whose storage the recording counts towards. */
  readonly plan: string | null;
  readonly file: File;
  readonly fileName: string;
  readonly language: Language;
}

/** Where a recording analysed on the spot is kept, beside its report. */
const analysedRecordingKey = (id: string) => `sentiment-recordings/${id}`;

/**
 * Keeps a report made on the spot from a small file, and the file too while it fits the plan's
 * storage, so the report plays its recording as one made from an upload does. Both are written
 * before the row, so an erasure that lists the row finds them, and are removed again if the row is
 * not made (the account erased meanwhile) or is made without the file (over the storage quota).
 * Answers the id and whether the recording was kept, or null when nothing was kept.
 */
export async function keepReport(
  env: Env,
  analysed: AnalysedFile,
  report: SentimentReport,
): Promise<{ id: string; recordingKept: boolean } | null> {
  const id = crypto.randomUUID();
  const { file } = analysed;
  const r2Key = analysedRecordingKey(id);
  const [resultKey] = await Promise.all([
    storeReport(env, id, report),
    env.AUDIO.put(r2Key, file, { httpMetadata: { contentType: file.type } }),
  ]);
  const kept = await insertFinishedJob(
    env.DB,
    {
      id,
      user_id: analysed.userId,
      created_by: analysed.createdBy,
      kind: "sentiment",
      file_name: analysed.fileName,
      content_type: file.type,
      bytes: file.size,
      language: analysed.language,
      result_key: resultKey,
      r2_key: r2Key,
    },
    storageQuotaBytes(planLimits(analysed.plan)),
  );
  if (!kept?.r2_key) await env.AUDIO.delete(kept ? r2Key : [r2Key, resultKey]);
  return kept ? { id, recordingKept: kept.r2_key !== null } : null;
}
