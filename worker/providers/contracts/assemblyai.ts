import { z } from "zod";

/**
 * AssemblyAI's pre-recorded API as its published OpenAPI description states it (checked against the
 * 2026-03 revision): what `/v2/upload` and `/v2/transcript` accept and answer. The adapter, the
 * sandbox emulator and the contract tests all read these, so a drift shows in one place.
 */

/**
 * Model names the provider documents for `speech_models`. It routes to the first one that supports
 * the (detected) language and refuses a name it does not know with 400.
 */
export const SPEECH_MODELS = ["assemblyai-stt-3-7", "universal-3-5-pro", "universal-3-pro", "universal-2"] as const;

/** How many `keyterms_prompt` phrases each model takes, as the description states it. */
export const KEYTERMS_MAX: Readonly<Partial<Record<(typeof SPEECH_MODELS)[number], number>>> = {
  "universal-2": 200,
  "universal-3-pro": 1000,
};
export const KEYTERM_MAX_WORDS = 6;

export const keytermWords = (phrase: string) => phrase.trim().split(/\s+/).filter(Boolean).length;

/** Every error answer: a human message in `error`. */
export const errorBody = z.object({ error: z.string(), status: z.string().optional() });

export const uploadAnswer = z.object({ upload_url: z.string() });

export const createTranscriptRequest = z.object({
  audio_url: z.url(),
  // Required since 2026-02-03; there is no default model any more.
  speech_models: z.array(z.string().min(1)).min(1),
  language_detection: z.boolean().optional(),
  language_code: z.string().nullish(),
  punctuate: z.boolean().optional(),
  format_text: z.boolean().optional(),
  webhook_url: z.url().optional(),
  /** "up to 200 (for Universal-2) or 1000 (for Universal-3 Pro) … (maximum 6 words per phrase)". */
  keyterms_prompt: z.array(z.string()).optional(),
  /** Speaker diarization: `utterances` turn by turn and a `speaker` ("A", "B", …) on each word. */
  speaker_labels: z.boolean().optional(),
  speakers_expected: z.number().int().nullish(),
  /** "additionalProperties: false". */
  speaker_options: z
    .strictObject({ min_speakers_expected: z.number().int(), max_speakers_expected: z.number().int() })
    .partial()
    .optional(),
});
export type CreateTranscriptRequest = z.infer<typeof createTranscriptRequest>;

const transcriptStatus = z.enum(["queued", "processing", "completed", "error"]);

const word = z.object({
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  confidence: z.number(),
  /** The word's speaker "if Speaker Diarization is enabled, else null". */
  speaker: z.string().nullable(),
});

/** A turn: one speaker's consecutive words, times in milliseconds. */
const utterance = z.object({
  confidence: z.number(),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  words: z.array(word),
  channel: z.string().nullish(),
  speaker: z.string(),
});

/** A transcript, with every field the description marks required. */
export const transcriptAnswer = z.object({
  id: z.string(),
  speech_model: z.string().nullable(),
  language_model: z.string(),
  acoustic_model: z.string(),
  status: transcriptStatus,
  audio_url: z.string(),
  webhook_auth: z.boolean(),
  auto_highlights: z.boolean(),
  redact_pii: z.boolean(),
  summarization: z.boolean(),
  language_confidence_threshold: z.number().nullable(),
  language_confidence: z.number().nullable(),
  speech_models: z.array(z.string()).nullish(),
  speech_model_used: z.string().optional(),
  language_code: z.string().optional(),
  language_detection: z.boolean().nullish(),
  punctuate: z.boolean().nullish(),
  format_text: z.boolean().nullish(),
  text: z.string().nullish(),
  words: z.array(word).nullish(),
  speaker_labels: z.boolean().nullish(),
  speakers_expected: z.number().int().nullish(),
  /** "When multichannel or speaker_labels is enabled, a list of turn-by-turn utterance objects." */
  utterances: z.array(utterance).nullish(),
  confidence: z.number().nullish(),
  audio_duration: z.number().int().nullish(),
  error: z.string().optional(),
});
export type TranscriptAnswer = z.infer<typeof transcriptAnswer>;

/** The part of a transcript the press-release job reads. */
export const transcriptNeeded = transcriptAnswer.pick({
  id: true,
  status: true,
  text: true,
  error: true,
  utterances: true,
});
export type TranscriptNeeded = z.infer<typeof transcriptNeeded>;
