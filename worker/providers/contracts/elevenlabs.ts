import { z } from "zod";

/**
 * ElevenLabs voices, text-to-speech and speech-to-speech as its published OpenAPI description
 * states them (2025-08, the newest published). Streaming and non-streaming variants of each call
 * take the same body and query; the official SDKs call the non-streaming ones by default.
 */

export const OUTPUT_FORMATS = [
  "mp3_22050_32",
  "mp3_44100_32",
  "mp3_44100_64",
  "mp3_44100_96",
  "mp3_44100_128",
  "mp3_44100_192",
  "pcm_8000",
  "pcm_16000",
  "pcm_22050",
  "pcm_24000",
  "pcm_44100",
  "pcm_48000",
  "ulaw_8000",
  "alaw_8000",
  "opus_48000_32",
  "opus_48000_64",
  "opus_48000_96",
  "opus_48000_128",
  "opus_48000_192",
] as const;

/** Query booleans arrive as text; FastAPI accepts these spellings and refuses others. */
const queryBoolean = z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"]);

export const audioQuery = z.object({
  output_format: z.enum(OUTPUT_FORMATS).optional(),
  enable_logging: queryBoolean.optional(),
  optimize_streaming_latency: z
    .string()
    .regex(/^[0-4]$/)
    .optional(),
});
export type AudioQuery = z.infer<typeof audioQuery>;

const unit = z.number().min(0).max(1);
export const voiceSettings = z.object({
  stability: unit.nullish(),
  similarity_boost: unit.nullish(),
  style: unit.nullish(),
  use_speaker_boost: z.boolean().nullish(),
  speed: z.number().min(0.7).max(1.2).nullish(),
});

export const textToSpeechRequest = z.object({
  text: z.string(),
  model_id: z.string().optional(),
  language_code: z.string().nullish(),
  voice_settings: voiceSettings.nullish(),
  seed: z.number().int().min(0).max(4_294_967_295).nullish(),
  previous_text: z.string().nullish(),
  next_text: z.string().nullish(),
  apply_text_normalization: z.enum(["auto", "on", "off"]).optional(),
});
export type TextToSpeechRequest = z.infer<typeof textToSpeechRequest>;

/** Multipart fields of speech-to-speech, as text (the file part is checked on its own). */
export const speechToSpeechFields = z.object({
  model_id: z.string().optional(),
  voice_settings: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "voice_settings must be a JSON object" });
        return z.NEVER;
      }
    })
    .pipe(voiceSettings)
    .optional(),
  seed: z.string().regex(/^\d+$/).optional(),
  remove_background_noise: queryBoolean.optional(),
  file_format: z.enum(["pcm_s16le_16", "other"]).optional(),
});

/** One voice with every field the description marks required. */
const voiceAnswer = z.object({
  voice_id: z.string(),
  name: z.string(),
  category: z.enum(["generated", "cloned", "premade", "professional", "famous", "high_quality"]),
  labels: z.record(z.string(), z.string()),
  available_for_tiers: z.array(z.string()),
  high_quality_base_model_ids: z.array(z.string()),
  description: z.string().nullish(),
  preview_url: z.string().nullish(),
  settings: voiceSettings.nullish(),
  is_legacy: z.boolean().optional(),
});
export const voicesAnswer = z.object({ voices: z.array(voiceAnswer) });
export type VoicesAnswer = z.infer<typeof voicesAnswer>;

/** FastAPI's validation error: 422 with a list of `{loc, msg, type}`. */
export const validationError = z.object({
  detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
});
export type ValidationError = z.infer<typeof validationError>;

/** Every other refusal (bad key, unknown voice): one `{status, message}` in `detail`. */
export const statusError = z.object({ detail: z.object({ status: z.string(), message: z.string() }) });
