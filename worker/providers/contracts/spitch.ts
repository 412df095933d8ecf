import { z } from "zod";

/**
 * Spitch speech, transcription, translation and tone marks as its official TypeScript SDK (npm
 * `spitch` 1.49.0, generated from Spitch's API description) types them; Spitch publishes no
 * description file of its own. Limits the SDK does not carry come from docs.spitch.app.
 */

/** The SDK's voice enum. Each voice was made for one language (see `SPITCH_VOICE_LANGUAGE`). */
export const SPITCH_VOICES = [
  "sade",
  "segun",
  "femi",
  "funmi",
  "amina",
  "aliyu",
  "hasan",
  "zainab",
  "john",
  "jude",
  "lina",
  "lucy",
  "henry",
  "kani",
  "remi",
  "kingsley",
  "ngozi",
  "amara",
  "obinna",
  "ebuka",
  "hana",
  "haile",
  "tena",
  "tesfaye",
  "ufoma",
  "tega",
  "justice",
  "boma",
] as const;
export type SpitchVoice = (typeof SPITCH_VOICES)[number];

/**
 * The language each voice was designed for, as Spitch's voice roster groups them (Spitch's own
 * `@spitch/reader` voice list and its documented roster). The SDK types `language` as any string;
 * these are the codes the service documents for speech.
 */
export const SPITCH_VOICE_LANGUAGE = {
  sade: "yo",
  segun: "yo",
  femi: "yo",
  funmi: "yo",
  amina: "ha",
  aliyu: "ha",
  hasan: "ha",
  zainab: "ha",
  john: "en",
  jude: "en",
  lina: "en",
  lucy: "en",
  henry: "en",
  kani: "en",
  remi: "en",
  kingsley: "en",
  ngozi: "ig",
  amara: "ig",
  obinna: "ig",
  ebuka: "ig",
  hana: "am",
  haile: "am",
  tena: "am",
  tesfaye: "am",
  ufoma: "pcm",
  tega: "pcm",
  justice: "pcm",
  boma: "pcm",
} as const satisfies Record<SpitchVoice, string>;

/**
 * The languages docs.spitch.app names per service; the SDK types each `language` as any string.
 * Speech: the voice roster's languages (Nigerian Pidgin included). Transcription: the speech-to-text
 * page lists ha, ig, yo, am and en, not Pidgin. Translation: the docs give no list; the speech
 * languages are assumed until one is published.
 */
export const SPEECH_LANGUAGES = ["en", "yo", "ha", "ig", "am", "pcm"] as const;
export const TRANSCRIPTION_LANGUAGES = ["en", "yo", "ha", "ig", "am"] as const;
export const TRANSLATION_LANGUAGES = SPEECH_LANGUAGES;
export const TONE_MARK_LANGUAGES = ["yo"] as const;

const SPEECH_FORMATS = ["mp3", "wav", "ogg_opus", "webm_opus", "mulaw", "alaw", "flac", "pcm_s16le"] as const;

/** `POST /v1/speech`: JSON in, audio bytes out (`wav` unless `format` says otherwise). */
export const speechRequest = z.object({
  text: z.string(),
  voice: z.enum(SPITCH_VOICES),
  format: z.enum(SPEECH_FORMATS).optional(),
  language: z.string().optional(),
  // The documentation states the range; the SDK types a plain number.
  speed: z.number().min(0.7).max(1.2).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequest>;

/** Multipart fields of `POST /v1/transcriptions`, as text (the `content` part is checked on its own). */
export const transcriptionFields = z.object({
  language: z.string().optional(),
  /** Deprecated in the SDK, still accepted. */
  model: z.enum(["mansa_v1", "legacy"]).optional(),
  special_words: z.string().optional(),
  timestamp: z.enum(["sentence", "word"]).optional(),
});
export type TranscriptionFields = z.infer<typeof transcriptionFields>;

/** docs.spitch.app: "The maximum file size is 25MB"; mp3, wav, m4a and ogg only. */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;

export const segment = z.object({ start: z.number(), end: z.number(), text: z.string() });

/** Every field the SDK declares on a transcription; all are optional there. */
export const transcriptionAnswer = z.object({
  request_id: z.string().optional(),
  text: z.string().optional(),
  segments: z.array(segment).nullish(),
});
export type TranscriptionAnswer = z.infer<typeof transcriptionAnswer>;

/** `POST /v1/translate`. */
export const translateRequest = z.object({
  text: z.string(),
  target: z.string(),
  source: z.string().nullish(),
  formality: z.enum(["casual", "formal"]).optional(),
  tone: z.enum(["neutral", "warm", "professional", "narration"]).optional(),
});
export type TranslateRequest = z.infer<typeof translateRequest>;

/** `POST /v1/diacritics`: "Only Yoruba is supported at the moment." */
export const diacriticsRequest = z.object({ language: z.string(), text: z.string() });
export type DiacriticsRequest = z.infer<typeof diacriticsRequest>;

/** Translation and diacritics answer the same two required fields. */
export const textAnswer = z.object({ request_id: z.string(), text: z.string() });
export type TextAnswer = z.infer<typeof textAnswer>;

/** The refusal body docs.spitch.app documents ("Error Response Format"). */
export const errorBody = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBody>;
