import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../contracts/languages.ts";
import { groupThousands } from "../../contracts/numbers.ts";
import { characterCount, TTS_MAX_CHARACTERS } from "./tts-constants.ts";

const atMost = `Use at most ${groupThousands(TTS_MAX_CHARACTERS)} characters`;

export const ttsBody = z.object({
  text: z
    .string({ error: "Type the text to speak" })
    .trim()
    .min(1, "Type the text to speak")
    .refine((text) => characterCount(text) <= TTS_MAX_CHARACTERS, atMost),
  voice_id: z.string({ error: "Choose a voice" }).min(1, "Choose a voice").max(64),
  language: z.enum(LANGUAGES, { error: "Choose a language from the list" }).default(DEFAULT_LANGUAGE),
});

/** Yorùbá text to give its tone marks and under-dots (the only language the service marks). */
export const toneMarksBody = z.object({
  text: z
    .string({ error: "Type the text to mark" })
    .trim()
    .min(1, "Type the text to mark")
    .refine((text) => characterCount(text) <= TTS_MAX_CHARACTERS, atMost),
});
export const toneMarksResponse = z.object({ text: z.string() });

export const voicesQuery = z.object({
  language: z.enum(LANGUAGES, { error: "Choose a language from the list" }).optional(),
});

/** A voice as the speech provider lists it. */
const providerVoiceSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  preview_url: z.string().nullable().optional(),
  labels: z.record(z.string(), z.string()).nullable().optional(),
});

export const providerVoicesResponse = z.object({ voices: z.array(providerVoiceSchema) });

/** A voice as Vox offers it: every voice speaks one language. */
export const voiceSchema = providerVoiceSchema.extend({ language: z.enum(LANGUAGES) });

export const voicesResponse = z.object({ voices: z.array(voiceSchema) });

const audioItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["tts", "voice-conversion"]),
  voice_id: z.string(),
  text_excerpt: z.string(),
  characters: z.number(),
  bytes: z.number(),
  created_at: z.string(),
});

export const historyResponse = z.object({ items: z.array(audioItemSchema) });
