import { API, JOB_PATHS } from "@contracts/api-paths.ts";
import type { Language } from "@contracts/languages.ts";
import type { JobKind } from "@worker/jobs/contracts/jobs.ts";
import type { PressRelease, PressReleaseList } from "@worker/press-releases/contracts/press-releases.ts";
import type { SentimentJob, SentimentJobList } from "@worker/reports/contracts/sentiment.ts";
import { RECORDING_KEPT_HEADER } from "@worker/reports/contracts/sentiment-headers.ts";
import {
  apiRequest,
  apiUpload,
  messageResponse,
  readAnswer,
  type SchemaLoader,
  schemaOf,
  type UploadOptions,
} from "../api/client.ts";

/** The sentiment report and press release jobs. */

const sentiment = () => import("@worker/reports/contracts/sentiment.ts");
const pressReleases = () => import("@worker/press-releases/contracts/press-releases.ts");
const createdPressRelease = schemaOf(pressReleases, "createdPressReleaseSchema");

/** What a job is started with beside its recording: the language spoken in it, and for a release a copy in it. */
export interface JobOptions {
  readonly language: Language;
  readonly alsoInLanguage?: boolean;
}

function fileForm(file: File, { language, alsoInLanguage }: JobOptions): FormData {
  const form = new FormData();
  form.set("file", file, file.name);
  form.set("language", language);
  if (alsoInLanguage) form.set("also_in_language", "true");
  return form;
}

const uploadBody = (uploadId: string, { language, alsoInLanguage }: JobOptions) => ({
  upload_id: uploadId,
  language,
  ...(alsoInLanguage ? { also_in_language: true } : {}),
});

/** A report answered at once, with the id it is kept under (its `Location`) for renaming and exports. */
export async function analyseRecording(file: File, job: JobOptions, options?: UploadOptions) {
  const response = await apiUpload(API.sentiment.path.jobs, fileForm(file, job), options);
  const id = /\/([^/]+)$/.exec(response.headers.get("location") ?? "")?.[1] ?? null;
  const recordingKept = response.headers.get(RECORDING_KEPT_HEADER) === "true";
  return { report: await readAnswer(response, schemaOf(sentiment, "sentimentReportSchema")), id, recordingKept };
}

export async function startPressRelease(file: File, job: JobOptions, options?: UploadOptions) {
  const response = await apiUpload(API.pressReleases.path.jobs, fileForm(file, job), options);
  return readAnswer(response, createdPressRelease);
}

/** A finished resumable upload becomes a press release job. */
export const startPressReleaseFromUpload = (uploadId: string, job: JobOptions) =>
  apiRequest(API.pressReleases.path.jobs, { body: uploadBody(uploadId, job), schema: createdPressRelease });

/** A finished resumable upload becomes a kept sentiment report job. */
export const startSentimentFromUpload = (uploadId: string, job: JobOptions) =>
  apiRequest(API.sentiment.path.jobs, {
    body: uploadBody(uploadId, job),
    schema: schemaOf(sentiment, "createdSentimentJobSchema"),
  });

/** Press releases and kept sentiment reports are jobs of one engine, polled and deleted alike. */
interface JobShapes {
  readonly press_release: { readonly item: PressRelease; readonly list: PressReleaseList };
  readonly sentiment: { readonly item: SentimentJob; readonly list: SentimentJobList };
}
export type JobOf<K extends JobKind> = JobShapes[K]["item"];
export type JobListOf<K extends JobKind> = JobShapes[K]["list"];

const JOB_SCHEMAS: { readonly [K in JobKind]: { item: SchemaLoader<JobOf<K>>; list: SchemaLoader<JobListOf<K>> } } = {
  press_release: {
    item: schemaOf(pressReleases, "pressReleaseSchema"),
    list: schemaOf(pressReleases, "pressReleaseListSchema"),
  },
  sentiment: { item: schemaOf(sentiment, "sentimentJobSchema"), list: schemaOf(sentiment, "sentimentJobListSchema") },
};

export const jobPath = (kind: JobKind, id: string) => `${JOB_PATHS[kind]}/${encodeURIComponent(id)}`;

export const fetchJob = <K extends JobKind>(kind: K, id: string): Promise<JobOf<K>> =>
  apiRequest(jobPath(kind, id), { schema: JOB_SCHEMAS[kind].item });

export const fetchJobs = <K extends JobKind>(kind: K): Promise<JobListOf<K>> =>
  apiRequest(JOB_PATHS[kind], { schema: JOB_SCHEMAS[kind].list });

export const deleteJob = (kind: JobKind, id: string) =>
  apiRequest(jobPath(kind, id), { method: "DELETE", schema: messageResponse });
