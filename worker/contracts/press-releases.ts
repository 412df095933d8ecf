import { z } from "zod";
import { createdJobSchema, jobSchema, translationSchema } from "./job-schema.ts";

/** Press release jobs (status: queued | processing | completed | error). */

export const PRESS_RELEASE_MAX_BYTES = 50 * 1024 * 1024;
/** Generation limits. */
export const PRESS_RELEASE_MAX_OUTPUT_TOKENS = 3000;
export const PRESS_RELEASE_TEMPERATURE = 0;

/**
 * `text` is the release in English; `translation`, when asked for at the start, the same release in
 * the recording's language.
 */
export const pressReleaseSchema = jobSchema.extend({
  text: z.string().optional(),
  translation: translationSchema.optional(),
});
export type PressRelease = z.infer<typeof pressReleaseSchema>;

export const createdPressReleaseSchema = createdJobSchema;

export const pressReleaseListSchema = z.object({
  items: z.array(pressReleaseSchema.omit({ text: true, translation: true })),
  storage: z.object({ used_bytes: z.number(), quota_bytes: z.number().nullable() }),
});
export type PressReleaseList = z.infer<typeof pressReleaseListSchema>;
