import { z } from "zod";
import { createdJobSchema, jobSchema, translationSchema } from "./job-schema.ts";
import { speakerNamesSchema, utteranceSchema } from "./transcript.ts";

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
});
export type PressRelease = z.infer<typeof pressReleaseSchema>;

export const createdPressReleaseSchema = createdJobSchema;

export const pressReleaseListSchema = z.object({
  items: z.array(pressReleaseSchema.omit({ text: true, translation: true, utterances: true, speaker_names: true })),
  storage: z.object({ used_bytes: z.number(), quota_bytes: z.number().nullable() }),
});
export type PressReleaseList = z.infer<typeof pressReleaseListSchema>;

/** An edited release: what the editor saves. Kept as written, apart from refusing an empty one. */
export const RELEASE_MAX_CHARACTERS = 60_000;
export const releaseTextBody = z.object({
  text: z
    .string({ error: "text is the release's Markdown" })
    .max(RELEASE_MAX_CHARACTERS, `A release has at most ${RELEASE_MAX_CHARACTERS} characters`)
    .refine((text) => text.trim() !== "", "A release cannot be empty"),
});

/** Every text a release has had, newest first; the generated one is number 1. */
export const releaseVersionsSchema = z.object({
  items: z.array(z.object({ number: z.number().int().positive(), text: z.string(), created_at: z.string() })),
});
export type ReleaseVersions = z.infer<typeof releaseVersionsSchema>;

export const RELEASE_EXPORT_FORMATS = ["docx", "pdf", "txt", "md"] as const;
export type ReleaseExportFormat = (typeof RELEASE_EXPORT_FORMATS)[number];
export const releaseExportQuery = z.object({
  format: z.enum(RELEASE_EXPORT_FORMATS, { error: "format is one of docx, pdf, txt, md" }),
});
