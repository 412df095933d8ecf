import { z } from "zod";
import { JOB_STATUSES } from "./jobs.ts";

/** Press release jobs (status: queued | processing | completed | error). */

export const PRESS_RELEASE_MAX_BYTES = 50 * 1024 * 1024;
/** Generation limits. */
export const PRESS_RELEASE_MAX_OUTPUT_TOKENS = 3000;
export const PRESS_RELEASE_TEMPERATURE = 0;

export const pressReleaseStatus = z.enum(JOB_STATUSES);
export type PressReleaseStatus = z.infer<typeof pressReleaseStatus>;

export const pressReleaseSchema = z.object({
  id: z.string(),
  status: pressReleaseStatus,
  file_name: z.string(),
  bytes: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  text: z.string().optional(),
  error: z.string().optional(),
});
export type PressRelease = z.infer<typeof pressReleaseSchema>;

export const createdPressReleaseSchema = z.object({ id: z.string(), status: pressReleaseStatus });

export const pressReleaseListSchema = z.object({
  items: z.array(pressReleaseSchema.omit({ text: true })),
  storage: z.object({ used_bytes: z.number(), quota_bytes: z.number().nullable() }),
});
export type PressReleaseList = z.infer<typeof pressReleaseListSchema>;
