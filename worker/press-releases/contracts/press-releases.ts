import { z } from "zod";
import { createdJobSchema, jobSchema, translationSchema } from "../../jobs/contracts/job-schema.ts";
import { speakerNamesSchema, utteranceSchema } from "../../transcripts/contracts/transcript.ts";

/** Press release jobs (status: queued | processing | completed | error). */

export const PRESS_RELEASE_MAX_BYTES = 50 * 1024 * 1024;
/** Generation limits. */
export const PRESS_RELEASE_MAX_OUTPUT_TOKENS = 3000;
export const PRESS_RELEASE_TEMPERATURE = 0;

/**
 * `text` is the release in English; `translation`, when asked for at the start, the same release in
 * the recording's language. `utterances` is the transcript the release was written from, with
 * speakers and times (AssemblyAI's speaker labels; one speaker per sentence for a recording in
 * Yorùbá, Hausa or Igbo), absent for releases made before it was kept.
 */
export const pressReleaseSchema = jobSchema.extend({
  text: z.string().optional(),
  translation: translationSchema.optional(),
  utterances: z.array(utteranceSchema).optional(),
  speaker_names: speakerNamesSchema.optional(),
  /** Other headlines the writer offered; picking one makes it the release's (`release-options.ts`). */
  headlines: z.array(z.string()).optional(),
});
export type PressRelease = z.infer<typeof pressReleaseSchema>;

export const createdPressReleaseSchema = createdJobSchema;

export const pressReleaseListSchema = z.object({
  items: z.array(
    pressReleaseSchema.omit({ text: true, translation: true, utterances: true, speaker_names: true, headlines: true }),
  ),
  storage: z.object({ used_bytes: z.number(), quota_bytes: z.number().nullable() }),
});
export type PressReleaseList = z.infer<typeof pressReleaseListSchema>;

/**
 * The most characters (code points, as a person counts them) an edited release may have. The writer
 * stops at 3,000 tokens, about 12,000 characters of English; a press release is rarely a tenth of
 * that, so 20,000 leaves room for additions while every kept version stays small.
 */
export const RELEASE_MAX_CHARACTERS = 20_000;
const characters = (text: string) => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};
const tooLong = `A release has at most ${RELEASE_MAX_CHARACTERS} characters`;

/**
 * An edited release: what the editor saves. Kept as written, apart from refusing an empty one.
 * `headlines` (restoring a version) replaces the alternative headlines; without it they stay.
 */
export const releaseTextBody = z.object({
  text: z
    .string({ error: "text is the release's Markdown" })
    // A character is at most two UTF-16 units: this refuses a far larger text before counting it.
    .max(RELEASE_MAX_CHARACTERS * 2, { error: tooLong, abort: true })
    .refine((text) => characters(text) <= RELEASE_MAX_CHARACTERS, tooLong)
    .refine((text) => text.trim() !== "", "A release cannot be empty"),
  headlines: z.array(z.string().max(300)).max(10).optional(),
});

/** An edited copy in the recording's language: its text alone, by the same bounds (it has no alternative headlines). */
export const translatedTextBody = releaseTextBody.pick({ text: true });

/**
 * A release keeps its generated text (version 1) and its newest 50 versions; saving one more
 * deletes the oldest of the rest in the same batch, so a release holds at most 51. Its copy in the
 * recording's language is bounded the same way, on its own.
 */
export const RELEASE_VERSIONS_KEPT = 50;

/** `GET …/versions` answers a page: 20 versions unless `limit` asks for up to 50. */
const RELEASE_VERSIONS_PAGE = { default: 20, max: 50 } as const;
const pageError = `limit is a whole number from 1 to ${RELEASE_VERSIONS_PAGE.max}`;
const beforeError = "before is a version number from the previous page's next_before";
export const releaseVersionsQuery = z.object({
  limit: z.coerce
    .number({ error: pageError })
    .int(pageError)
    .min(1, pageError)
    .max(RELEASE_VERSIONS_PAGE.max, pageError)
    .default(RELEASE_VERSIONS_PAGE.default),
  before: z.coerce.number({ error: beforeError }).int(beforeError).min(2, beforeError).optional(),
});

/**
 * A page of the texts a release has had, newest first; the generated one is number 1.
 * `next_before`, when there are older versions, is the `before` that asks for the next page.
 */
export const releaseVersionsSchema = z.object({
  items: z.array(
    z.object({
      number: z.number().int().positive(),
      text: z.string(),
      headlines: z.array(z.string()).default([]),
      created_at: z.string(),
    }),
  ),
  next_before: z.number().int().positive().nullable(),
});
export type ReleaseVersions = z.infer<typeof releaseVersionsSchema>;

const RELEASE_EXPORT_FORMATS = ["docx", "pdf", "txt", "md"] as const;
export type ReleaseExportFormat = (typeof RELEASE_EXPORT_FORMATS)[number];
export const releaseExportQuery = z.object({
  format: z.enum(RELEASE_EXPORT_FORMATS, { error: "format is one of docx, pdf, txt, md" }),
});
