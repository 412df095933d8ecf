import { accountExists } from "../accounts/users.ts";
import type { Language } from "../contracts/languages.ts";
import {
  batchRows,
  type Page,
  pagedStatement,
  placeholders,
  type RowsStatement,
  SPEAKER_NAMES_PATCH,
  speakerNamesAfter,
} from "../core/d1.ts";
import { STORAGE_USED_SQL, storageUsedBy } from "../recordings/storage-used.ts";
import type { JobKind, JobStatus } from "./contracts/jobs.ts";

/** Job rows in D1 (`jobs`): every multi-step job's public state, owned by one user each. */

export interface JobRow {
  id: string;
  user_id: string;
  kind: JobKind;
  file_name: string;
  content_type: string;
  bytes: number;
  /**
   * The recording in R2; null when only the result was kept (a small file analysed on the spot that
   * did not fit the plan's storage, or a recording its owner deleted).
   */
  r2_key: string | null;
  /** The recording (a finished upload) the job was made from, whose R2 object `r2_key` shares. */
  upload_id: string | null;
  /** The site the job was started from; null for jobs made before it was kept. */
  origin: string | null;
  status: JobStatus;
  /** The language spoken in the recording. */
  language: Language;
  /** 1 when a press release was asked for in the recording's language too. */
  also_in_language: number;
  /** A press release's text. */
  text: string | null;
  /** The press release in the recording's language, when asked for. */
  translated_text: string | null;
  /** A press release's alternative headlines, as a JSON array; null before any were written. */
  headlines: string | null;
  /** JSON in R2: a sentiment report, or a press release's source transcript. */
  result_key: string | null;
  /** Names given to the transcript's speakers, JSON label → name; null until one is named. */
  speaker_names: string | null;
  error: string | null;
  /** The provider's transcript, deleted there with the job. */
  provider_ref: string | null;
  created_at: string;
  updated_at: string;
  /** The person who made it (the workspace is `user_id`); null once their account is erased. */
  created_by: string | null;
}

type NewJob = Pick<
  JobRow,
  "id" | "user_id" | "kind" | "file_name" | "content_type" | "bytes" | "r2_key" | "language"
> & {
  readonly created_by: string;
  readonly origin: string;
  readonly alsoInLanguage: boolean;
};

/**
 * ?1 to ?6 of the two inserts that check the quota: `STORAGE_USED_SQL` sums the storage of the user
 * in ?1, and the check adds the job's bytes, ?6, so both statements number them alike.
 */
function quotaCheckedParams(job: Pick<JobRow, "id" | "user_id" | "kind" | "file_name" | "content_type" | "bytes">) {
  return [job.user_id, job.id, job.kind, job.file_name, job.content_type, job.bytes] as const;
}

/**
 * Inserts a queued job unless it would take the user's stored bytes (every job's recording and
 * unfinished uploads) past `quotaBytes` (null: no quota). One statement, so two uploads at once
 * cannot both squeeze under the quota.
 */
export async function insertJobWithinQuota(db: D1Database, job: NewJob, quotaBytes: number | null): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .prepare(
      `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, origin, language, also_in_language,
         status, created_at, updated_at, created_by)
       SELECT ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?11, ?12, 'queued', ?9, ?9, ?13
       WHERE ?10 IS NULL OR ${STORAGE_USED_SQL} + ?6 <= ?10`,
    )
    .bind(
      ...quotaCheckedParams(job),
      job.r2_key,
      job.origin,
      now,
      quotaBytes,
      job.language,
      job.alsoInLanguage ? 1 : 0,
      job.created_by,
    )
    .run();
  return result.meta.changes === 1;
}

export interface JobFromRecording {
  readonly id: string;
  /** The person starting it. */
  readonly created_by: string;
  readonly kind: JobKind;
  readonly origin: string;
  readonly language: Language;
  readonly alsoInLanguage: boolean;
}

/**
 * Starts a queued job on a recording (a finished upload), sharing its R2 object: nothing is copied
 * and the bytes stay counted once, on the recording. Answers false when there is no such finished
 * recording of the user, such as one deleted since it was read.
 */
export async function insertJobFromRecording(
  db: D1Database,
  job: JobFromRecording,
  uploadId: string,
  userId: string,
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .prepare(
      `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, upload_id, origin, language,
         also_in_language, status, created_at, updated_at, created_by)
       SELECT ?1, user_id, ?2, file_name, content_type, length, r2_key, id, ?3, ?7, ?8, 'queued', ?4, ?4, ?9
       FROM uploads WHERE id = ?5 AND user_id = ?6 AND status = 'complete'`,
    )
    .bind(job.id, job.kind, job.origin, now, uploadId, userId, job.language, job.alsoInLanguage ? 1 : 0, job.created_by)
    .run();
  return result.meta.changes === 1;
}

/**
 * Keeps a result made on the spot from a small file, with the file itself (already in R2 at
 * `r2_key`) while it fits the plan's storage, so it plays from its report like an uploaded one.
 * Answers the row's recording key (null when the file did not fit and only the result was kept), or
 * undefined, keeping nothing, when the account no longer exists.
 */
export async function insertFinishedJob(
  db: D1Database,
  job: Pick<JobRow, "id" | "user_id" | "kind" | "file_name" | "content_type" | "bytes" | "result_key" | "language"> & {
    readonly r2_key: string;
    readonly created_by: string;
  },
  quotaBytes: number | null,
): Promise<{ r2_key: string | null } | undefined> {
  const now = new Date().toISOString();
  const row = await db
    .prepare(
      `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, result_key, language, status,
         created_at, updated_at, created_by)
       SELECT ?2, ?1, ?3, ?4, ?5, ?6, CASE WHEN ?11 IS NULL OR ${STORAGE_USED_SQL} + ?6 <= ?11 THEN ?10 END, ?7, ?8,
         'completed', ?9, ?9, ?12
       WHERE ${accountExists("?1")}
       RETURNING r2_key`,
    )
    .bind(...quotaCheckedParams(job), job.result_key, job.language, now, job.r2_key, quotaBytes, job.created_by)
    .first<{ r2_key: string | null }>();
  return row ?? undefined;
}

interface StatusUpdate {
  readonly status: JobStatus;
  readonly text?: string;
  readonly translatedText?: string;
  readonly resultKey?: string;
  readonly error?: string;
}

/**
 * Moves a job on; a finished job never moves again, so a late retry cannot overwrite a result. A
 * result key kept before (a release's transcript) stays unless another is given.
 */
export async function setJobStatus(db: D1Database, id: string, update: StatusUpdate): Promise<void> {
  await db
    .prepare(
      `UPDATE jobs SET status = ?, text = ?, translated_text = ?, result_key = COALESCE(?, result_key), error = ?,
         updated_at = ?
       WHERE id = ? AND status NOT IN ('completed', 'error')`,
    )
    .bind(
      update.status,
      update.text ?? null,
      update.translatedText ?? null,
      update.resultKey ?? null,
      update.error ?? null,
      new Date().toISOString(),
      id,
    )
    .run();
}

/**
 * Keeps the provider's transcript id, so deleting the job (or the account) deletes it there too.
 * Answers false when the job is gone: the caller must then delete what it made itself.
 */
export async function recordProviderRef(db: D1Database, id: string, ref: string): Promise<boolean> {
  const result = await db.prepare("UPDATE jobs SET provider_ref = ? WHERE id = ?").bind(ref, id).run();
  return result.meta.changes === 1;
}

/**
 * Applies a rename of the job's speakers (JSON merge patch: a null removes a name); answers the
 * names now, or null when the job is not the user's.
 */
export function renameJobSpeakers(
  db: D1Database,
  job: Pick<JobRow, "id" | "user_id">,
  patch: string,
): Promise<string | null> {
  return speakerNamesAfter(db.prepare(`UPDATE jobs SET ${SPEAKER_NAMES_PATCH}`).bind(patch, job.id, job.user_id));
}

/** Records where the job's JSON is in R2; answers false when the job is gone. */
export async function recordResultKey(db: D1Database, id: string, key: string): Promise<boolean> {
  const result = await db.prepare("UPDATE jobs SET result_key = ? WHERE id = ?").bind(key, id).run();
  return result.meta.changes === 1;
}

export function findOwnJob(db: D1Database, kind: JobKind, id: string, userId: string): Promise<JobRow | null> {
  return db
    .prepare("SELECT * FROM jobs WHERE id = ? AND kind = ? AND user_id = ?")
    .bind(id, kind, userId)
    .first<JobRow>();
}

export function findJob(db: D1Database, id: string): Promise<JobRow | null> {
  return db.prepare("SELECT * FROM jobs WHERE id = ?").bind(id).first<JobRow>();
}

/** The newest 100 jobs of a kind, and the bytes the user keeps in storage. */
export async function listJobs(
  db: D1Database,
  kind: JobKind,
  userId: string,
): Promise<{ rows: JobRow[]; usedBytes: number }> {
  const [rows, usage] = await batchRows(db, [
    db
      .prepare("SELECT * FROM jobs WHERE user_id = ?1 AND kind = ?2 ORDER BY created_at DESC LIMIT 100")
      .bind(userId, kind) as RowsStatement<JobRow>,
    storageUsedBy(db, userId),
  ]);
  return { rows, usedBytes: usage[0]?.used ?? 0 };
}

/**
 * Deletes the row and answers what it held, so what the job made elsewhere (a provider transcript
 * recorded after the caller last read the row) is found in the same statement that ends the job.
 */
export function deleteJob(
  db: D1Database,
  id: string,
): RowsStatement<Pick<JobRow, "provider_ref" | "r2_key" | "result_key">> {
  return db.prepare("DELETE FROM jobs WHERE id = ? RETURNING provider_ref, r2_key, result_key").bind(id);
}

export async function jobExists(db: D1Database, id: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM jobs WHERE id = ?").bind(id).first("found")) !== null;
}

/** Every job of a user, with what erasing the account must stop or delete elsewhere. */
export function jobsOf(
  db: D1Database,
  userId: string,
): RowsStatement<Pick<JobRow, "id" | "status" | "r2_key" | "result_key" | "provider_ref">> {
  return db.prepare("SELECT id, status, r2_key, result_key, provider_ref FROM jobs WHERE user_id = ?").bind(userId);
}

/** Jobs not finished, the longest unmoved first: what a sweep looks at. */
export async function unfinishedJobs(db: D1Database, limit: number): Promise<JobRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM jobs WHERE status IN ('queued', 'processing') ORDER BY updated_at LIMIT ?")
    .bind(limit)
    .all<JobRow>();
  return results;
}

/** Every job of a user (or a page of them), whole rows, oldest first: what the account's data export lists. */
export function jobRowsOf(db: D1Database, userId: string, page?: Page): RowsStatement<JobRow> {
  return pagedStatement(db, "SELECT * FROM jobs WHERE user_id = ? ORDER BY created_at, id", [userId], page);
}

/** The jobs person `person` made in workspace `workspaceId` (or a page of them), whole rows, oldest first. */
export function jobRowsMadeBy(db: D1Database, workspaceId: string, person: string, page?: Page): RowsStatement<JobRow> {
  return pagedStatement(
    db,
    "SELECT * FROM jobs WHERE user_id = ? AND created_by = ? ORDER BY created_at, id",
    [workspaceId, person],
    page,
  );
}

/** The workspaces other than their own where person `person` made jobs. */
export function workspacesWithJobsBy(db: D1Database, person: string): RowsStatement<{ user_id: string }> {
  return db.prepare("SELECT DISTINCT user_id FROM jobs WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** Forgets person `person` as the maker of jobs in others' workspaces (erasing their account). */
export function forgetJobMaker(db: D1Database, person: string): D1PreparedStatement {
  return db.prepare("UPDATE jobs SET created_by = NULL WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** A job that reads one of the user's recordings. */
export interface RecordingUseRow {
  id: string;
  kind: JobKind;
  upload_id: string;
  file_name: string;
  status: JobStatus;
  /** The start of a press release's text, enough for its headline. */
  text_start: string | null;
}

const USE_COLUMNS = "id, kind, upload_id, file_name, status, substr(text, 1, 600) AS text_start";

/** Every job of the user that reads one of their newest `limit` recordings, newest first. */
export function recordingUsesOf(db: D1Database, userId: string, limit: number): RowsStatement<RecordingUseRow> {
  return db
    .prepare(
      `SELECT ${USE_COLUMNS} FROM jobs WHERE user_id = ?1 AND r2_key IS NOT NULL
         AND upload_id IN (SELECT id FROM uploads WHERE user_id = ?1 AND status = 'complete'
                           ORDER BY created_at DESC, id LIMIT ?2)
       ORDER BY created_at DESC`,
    )
    .bind(userId, limit);
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

/** Clears `r2_key` on the jobs made from a recording once its row is gone; they keep their results. */
export function forgetDeletedRecording(db: D1Database, id: string, userId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE jobs SET r2_key = NULL WHERE upload_id = ?1 AND user_id = ?2
       AND NOT EXISTS (SELECT 1 FROM uploads WHERE id = ?1)`,
    )
    .bind(id, userId);
}

/** Of the user's jobs keeping one of `keys` as their recording, the newest for each key. */
export function newestJobsKeeping(
  db: D1Database,
  userId: string,
  keys: readonly string[],
): RowsStatement<{ id: string; file_name: string; r2_key: string }> {
  return db
    .prepare(
      `SELECT id, file_name, r2_key FROM jobs j
       WHERE user_id = ? AND r2_key IN (${placeholders(keys.length)})
         AND NOT EXISTS (SELECT 1 FROM jobs k WHERE k.user_id = j.user_id AND k.r2_key = j.r2_key
                         AND (k.created_at > j.created_at OR (k.created_at = j.created_at AND k.id > j.id)))`,
    )
    .bind(userId, ...keys);
}

/** The id of the account job `?1` belongs to, as a SQL expression for a statement on another table. */
export const JOB_OWNER = "(SELECT user_id FROM jobs WHERE id = ?1)";

/** Keeps a release's headline choices, as a statement to batch with what they were picked from. */
export function setHeadlines(db: D1Database, jobId: string, headlines: readonly string[]): D1PreparedStatement {
  return db.prepare("UPDATE jobs SET headlines = ? WHERE id = ?").bind(JSON.stringify(headlines), jobId);
}

/** A release's new text, headlines and translation, as a statement to batch with its version. */
export function setReleaseText(
  db: D1Database,
  jobId: string,
  release: { text: string; headlines: string; translatedText: string | null; now: string },
): D1PreparedStatement {
  return db
    .prepare("UPDATE jobs SET text = ?, headlines = ?, translated_text = ?, updated_at = ? WHERE id = ?")
    .bind(release.text, release.headlines, release.translatedText, release.now, jobId);
}

/** A release's new copy in the recording's language, as a statement to batch with its version. */
export function setTranslatedText(db: D1Database, jobId: string, text: string): D1PreparedStatement {
  return db.prepare("UPDATE jobs SET translated_text = ? WHERE id = ?").bind(text, jobId);
}

/** The R2 keys of user `?1`'s job recordings, as a SQL expression for a statement on another table. */
export const JOB_RECORDING_KEYS_OF_USER = "(SELECT r2_key FROM jobs WHERE user_id = ?1)";

/** True when a job names object `key` (a SQL expression) as its recording or its result. */
export const jobHoldsKey = (key: string) =>
  `(EXISTS (SELECT 1 FROM jobs WHERE r2_key = ${key}) OR EXISTS (SELECT 1 FROM jobs WHERE result_key = ${key}))`;

/** The jobs the person made, in any workspace, credited to their new row when they hand over their own. */
export function moveJobMaker(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE jobs SET created_by = ?2 WHERE created_by = ?1").bind(from, to);
}
