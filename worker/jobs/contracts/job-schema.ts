import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../contracts/languages.ts";
import { JOB_STATUSES } from "./jobs.ts";

/** What every job answers, whatever its kind; each kind's schema adds its result. */
export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  file_name: z.string(),
  bytes: z.number(),
  /** The language spoken in the recording. */
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  created_at: z.string(),
  updated_at: z.string(),
  error: z.string().optional(),
  /**
   * The recording (a finished upload, see `recordings.ts`) the job was made from, while it is kept:
   * deleting the job leaves it, deleting it leaves the job's result.
   */
  recording_id: z.string().optional(),
});

/** The 202 a job is started with. */
export const createdJobSchema = jobSchema.pick({ id: true, status: true });

/** Text in another language than the recording's: a translation of a transcript or of a result. */
export const translationSchema = z.object({ language: z.enum(LANGUAGES), text: z.string() });
export type Translation = z.infer<typeof translationSchema>;
