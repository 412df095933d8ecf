import type { PressRelease } from "../press-releases/contracts/press-releases.ts";
import { keptHeadlines } from "../press-releases/release-headlines.ts";
import type { SentimentJob } from "../reports/contracts/sentiment.ts";
import { readReport } from "../reports/sentiment-reports.ts";
import { type SpeakerNames, storedSpeakerNames } from "../transcripts/contracts/transcript.ts";
import type { JobKind } from "./contracts/jobs.ts";
import { readTranscript } from "./job-transcripts.ts";
import type { JobRow } from "./store.ts";

/** How each kind's rows are answered: an item in a list, and one job with its result. */
interface JobView {
  item(row: JobRow): object;
  detail(env: Env, row: JobRow): Promise<object>;
}

/** What every kind of job answers, in a list and in its detail (and in the account's export). */
export function jobCommonFields(row: JobRow) {
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    bytes: row.bytes,
    language: row.language,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.upload_id !== null && row.r2_key !== null ? { recording_id: row.upload_id } : {}),
  };
}

/** The speaker names kept with the job, when any were given. */
export function speakerNamesOf(row: Pick<JobRow, "speaker_names">): SpeakerNames {
  return row.speaker_names ? storedSpeakerNames(row.speaker_names) : {};
}

const named = (row: JobRow) => (row.speaker_names ? { speaker_names: speakerNamesOf(row) } : {});

const sentimentItem = (row: JobRow): SentimentJob => ({ ...jobCommonFields(row), recording_kept: row.r2_key !== null });

export const JOB_VIEWS: Record<JobKind, JobView> = {
  press_release: {
    item: (row): PressRelease => jobCommonFields(row),
    async detail(env, row): Promise<PressRelease> {
      const utterances = row.result_key ? await readTranscript(env, row.result_key) : undefined;
      return {
        ...jobCommonFields(row),
        ...(row.text === null ? {} : { text: row.text }),
        ...(row.translated_text === null ? {} : { translation: { language: row.language, text: row.translated_text } }),
        ...(utterances ? { utterances } : {}),
        ...(row.status === "completed" ? { headlines: keptHeadlines(row.headlines) } : {}),
        ...named(row),
      };
    },
  },
  sentiment: {
    item: sentimentItem,
    async detail(env, row): Promise<SentimentJob> {
      const report = row.result_key ? await readReport(env, row.result_key) : undefined;
      return { ...sentimentItem(row), ...(report ? { report } : {}), ...named(row) };
    },
  },
};
