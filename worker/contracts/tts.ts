import { z } from "zod";
import { groupThousands } from "./numbers.ts";

/** Text-to-speech settings and the model the Worker asks for. */
export const TTS_MODEL_ID = "eleven_multilingual_v2";
/** eleven_multilingual_v2 accepts at most 10,000 characters per request. */
export const TTS_MAX_CHARACTERS = 10_000;
export const TTS_OUTPUT_FORMAT = "mp3_22050_32";
export const TTS_VOICE_SETTINGS = { stability: 0.1, similarity_boost: 0.3 } as const;

export const ttsBody = z.object({
  text: z
    .string({ error: "Type the text to speak" })
    .trim()
    .min(1, "Type the text to speak")
    .max(TTS_MAX_CHARACTERS, `Use at most ${groupThousands(TTS_MAX_CHARACTERS)} characters`),
  voice_id: z.string({ error: "Choose a voice" }).min(1, "Choose a voice").max(64),
});

export const voiceSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  preview_url: z.string().nullable().optional(),
  labels: z.record(z.string(), z.string()).nullable().optional(),
});

export const voicesResponse = z.object({ voices: z.array(voiceSchema) });

export const audioItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["tts", "voice-conversion"]),
  voice_id: z.string(),
  text_excerpt: z.string(),
  characters: z.number(),
  bytes: z.number(),
  created_at: z.string(),
});

export const historyResponse = z.object({ items: z.array(audioItemSchema) });

/** Speech-to-speech (voice conversion) model and the upload limit the Worker enforces. */
export const STS_MODEL_ID = "eleven_multilingual_sts_v2";
export const VOICE_CONVERSION_MAX_BYTES = 25 * 1024 * 1024;
